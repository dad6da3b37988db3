package pingpong

import (
	"context"
	"fmt"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"pingpong/datasets"
	"pingpong/latency"
)

// Config is what a run was asked to do.
type Config struct {
	Impls    []string      `json:"impls"`
	Levels   []Level       `json:"levels"`
	Duration time.Duration `json:"duration_ns"`
	Warmup   time.Duration `json:"warmup_ns"`
	Seed     int64         `json:"seed"`
	Count    int           `json:"count,omitempty"` // repeats of every scenario; 0 means 1
	Mode     string        `json:"mode,omitempty"`  // RunEncdec (also ""), RunProbe or RunAll
	Probe    time.Duration `json:"probe_ns"`        // the sleep probe's interval; 0: off
	// Targets: TargetAny and/or TargetStruct; none means any.
	Targets []string `json:"targets,omitempty"`
	// Rate, when above 0, runs the encdec levels open loop (openloop.go):
	// round trips per second per pair, or in total across a level's pairs
	// with RateTotal.
	Rate      float64 `json:"rate,omitempty"`
	RateTotal bool    `json:"rate_total,omitempty"`

	// Isolate runs each codec in a worker process of its own: started with
	// Worker (argv) and PINGPONG_WORKER=1 in its environment.
	Isolate bool     `json:"isolate"`
	Worker  []string `json:"-"`

	// Sweeps (sweep.go): every scenario runs once per GOMAXPROCS, GOGC and
	// GOMEMLIMIT value, each in workers started with it. Empty: no sweep.
	Procs    []int    `json:"procs,omitempty"`
	GOGC     []string `json:"gogc,omitempty"`
	MemLimit []string `json:"memlimit,omitempty"`

	inputTargets map[string][]string // Execute's resolution of Targets per input
}

// InputInfo identifies the document a scenario ran on.
type InputInfo struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Path   string `json:"path,omitempty"`
	Bytes  int    `json:"bytes"`
	SHA256 string `json:"sha256"`
	Seed   int64  `json:"seed,omitempty"`
	// Targets are the decode targets that ran on it; StructType names the
	// struct; TargetNote says why struct fell back to any, if it did.
	Targets    []string `json:"targets,omitempty"`
	StructType string   `json:"struct_type,omitempty"`
	TargetNote string   `json:"target_note,omitempty"`
}

func infoOf(in *datasets.Input) InputInfo {
	return InputInfo{Name: in.Name, Kind: in.Kind, Path: in.Path, Bytes: len(in.Data), SHA256: in.SHA256, Seed: in.Seed}
}

// ImplInfo is a codec as it ran on one input: its version and the outcome
// of the correctness check.
type ImplInfo struct {
	Name     string `json:"name"`
	Desc     string `json:"desc"`
	Version  string `json:"version"`
	Input    string `json:"input"`
	Mismatch string `json:"mismatch,omitempty"` // first difference from encoding/json's reading
	Err      string `json:"error,omitempty"`    // the codec could not handle the input at all
	// The struct target's own check, and the codec's compilation of the
	// struct type before measuring (Impl.Warm), which users pay at start-up.
	StructMismatch string        `json:"struct_mismatch,omitempty"`
	StructErr      string        `json:"struct_error,omitempty"`
	Compile        time.Duration `json:"compile_ns,omitempty"`
}

// Scenario names one measurement: one codec, one input, one level.
type Scenario struct {
	Input string `json:"input"`
	Impl  string `json:"impl"`
	Mode  string `json:"mode"` // ModeEncdec, ModeDecode, ModeEncode, ModeIdle
	Pairs int    `json:"pairs"`
	Procs int    `json:"procs"` // GOMAXPROCS it ran with
	// Target is what each decode fills: TargetAny, or TargetStruct.
	Target string `json:"target,omitempty"`
	// Repeat is which of the Config.Count repeats this is, from 0.
	Repeat int `json:"repeat"`
	// GOGC and MemLimit are the GOGC and GOMEMLIMIT a sweep ran it with;
	// empty: the environment's.
	GOGC     string `json:"gogc,omitempty"`
	MemLimit string `json:"memlimit,omitempty"`
}

// Result is what one scenario measured.
type Result struct {
	Scenario
	N        int64           `json:"n"`
	Bytes    int64           `json:"bytes"` // JSON decoded plus encoded by the recorded round trips
	Window   time.Duration   `json:"window_ns"`
	Partial  bool            `json:"partial,omitempty"`
	Latency  latency.Summary `json:"latency"`
	Mismatch string          `json:"mismatch,omitempty"`
	Err      string          `json:"error,omitempty"`
	// Ops is a probe pass's worker decodes or encodes; its N is the probe's samples.
	Ops int64 `json:"ops,omitempty"`
	Responsiveness
	OpenLoopResult

	Hist *hdrhistogram.Histogram `json:"-"`
}

// Label is the row label, as the Erlang original prints it: "4x encdec".
func (r Result) Label() string {
	if r.Mode == ModeIdle {
		return ModeIdle
	}
	if r.Target == TargetStruct {
		return fmt.Sprintf("%dx %s struct", r.Pairs, r.Mode)
	}
	return fmt.Sprintf("%dx %s", r.Pairs, r.Mode)
}

// RoundTripsPerSec is n over the exact measured window.
func (r Result) RoundTripsPerSec() float64 {
	if r.Window <= 0 {
		return 0
	}
	return float64(r.N) / r.Window.Seconds()
}

// MBPerSec is JSON bytes decoded plus encoded per second (1 MB = 1e6 bytes).
func (r Result) MBPerSec() float64 {
	if r.Window <= 0 {
		return 0
	}
	return float64(r.Bytes) / 1e6 / r.Window.Seconds()
}

// Run is everything a run produced, in the order it ran.
type Run struct {
	Env     Environment `json:"env"`
	Config  Config      `json:"config"`
	Inputs  []InputInfo `json:"inputs"`
	Impls   []ImplInfo  `json:"impls"`
	Results []Result    `json:"results"`
	Idle    *Result     `json:"idle,omitempty"` // the probe's floor, measured with no load before the first scenario
	// Calibration is the harness floor measured at start (calibrate.go); the CLI sets it.
	Calibration *Calibration `json:"calibration,omitempty"`
}

// Observer is told about each step as it happens, so reports can stream.
// When the probe is on, the idle pass (Mode ModeIdle, no input or codec)
// comes first, as a Result before any Input.
type Observer interface {
	Input(in InputInfo, impls []ImplInfo)
	Result(r Result)
}

// Plan lists the scenarios of a run in the order they run: per input, per
// codec, per level, so that a codec's rows print together as they finish.
func Plan(cfg Config, inputs []string, procs int) []Scenario {
	if cfg.sweeping() {
		return planSweep(cfg, inputs, procs)
	}
	if cfg.Count > 1 {
		return planRepeats(cfg, inputs, procs)
	}
	var out []Scenario
	for _, in := range inputs {
		for _, im := range cfg.Impls {
			for _, tg := range cfg.targetsOf(in) {
				for _, lv := range cfg.Levels {
					if cfg.runsEncdec() {
						out = append(out, Scenario{Input: in, Impl: im, Mode: "encdec", Pairs: lv.Pairs, Procs: procs, Target: tg})
					}
				}
			}
			if cfg.runsProbe() {
				for _, s := range probePasses(procs) {
					s.Input, s.Impl = in, im
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// Execute runs the planned scenarios. Each codec is readied for an input
// (built, checked against encoding/json, its struct code compiled) just
// before the input's first scenario, in a worker process of its own when
// cfg.Isolate is set. A codec that fails the input, panics or kills its
// worker gets error rows; the others go on. Cancelling ctx cuts the current
// scenario short (kept, marked partial) and stops; the Run then holds
// everything measured so far, and the error is ctx's.
func Execute(ctx context.Context, cfg Config, env Environment, inputs []*datasets.Input, obs Observer) (*Run, error) {
	impls, err := LookupImpls(cfg.Impls)
	if err != nil {
		return nil, err
	}
	if cfg.Isolate && len(cfg.Worker) == 0 {
		return nil, fmt.Errorf("isolation asked for but no worker command given")
	}
	if cfg.Swept() && !cfg.Isolate {
		return nil, fmt.Errorf("a sweep of GOMAXPROCS, GOGC or GOMEMLIMIT needs worker processes (isolation): each value is a process setting")
	}
	run := &Run{Env: env, Config: cfg}
	if cfg.Probe > 0 {
		idle := runIdle(ctx, cfg, env.GOMAXPROCS)
		run.Idle = &idle
		obs.Result(idle)
	}
	cfg.inputTargets = map[string][]string{}
	byName := map[string]*datasets.Input{}
	infoByName := map[string]InputInfo{}
	var names []string
	for _, in := range inputs {
		names = append(names, in.Name)
		byName[in.Name] = in
		info := infoOf(in)
		targets, structType, note := InputTargets(cfg, in)
		cfg.inputTargets[in.Name] = targets
		info.Targets, info.TargetNote = targets, note
		if structType != nil {
			info.StructType = structType.String()
		}
		run.Inputs = append(run.Inputs, info)
		infoByName[in.Name] = info
	}

	plan := Plan(cfg, names, env.GOMAXPROCS)
	type key struct {
		input, impl string
		point       Point
	}
	left := map[key]int{} // scenarios still to run per runner, to close it after its last
	for _, s := range plan {
		left[key{s.Input, s.Impl, s.Point()}]++
	}
	runners := map[key]runner{}
	defer func() {
		for _, r := range runners {
			r.Close()
		}
	}()
	announced := map[string]bool{}
	for _, s := range plan {
		if ctx.Err() != nil {
			return run, ctx.Err()
		}
		if !announced[s.Input] {
			announced[s.Input] = true
			infos := make([]ImplInfo, len(impls))
			for i, im := range impls {
				k := key{s.Input, im.Name, s.Point()}
				r := startRunner(ctx, cfg, im, byName[s.Input], s.Point())
				runners[k], infos[i] = r, r.Info()
			}
			run.Impls = append(run.Impls, infos...)
			obs.Input(infoByName[s.Input], infos)
		}
		if s.Target == "" {
			s.Target = TargetAny // probe passes decode into any
		}
		k := key{s.Input, s.Impl, s.Point()}
		r, ok := runners[k]
		if !ok { // a runner for another GOMAXPROCS of an announced input
			r = startRunner(ctx, cfg, mustImpl(s.Impl), byName[s.Input], s.Point())
			runners[k] = r
		}
		res := r.Run(ctx, s)
		if left[k]--; left[k] == 0 {
			r.Close()
			delete(runners, k)
		}
		run.Results = append(run.Results, res)
		obs.Result(res)
	}
	return run, ctx.Err() // the last scenario may have been the one cut short
}

func mustImpl(name string) Impl {
	im, ok := registry[name]
	if !ok {
		panic("pingpong: planned a codec that is not registered: " + name)
	}
	return im
}

func runScenario(ctx context.Context, cfg Config, s Scenario, p prepared) Result {
	r := Result{Scenario: s, Mismatch: p.info.Mismatch, Err: p.info.Err}
	if p.codec == nil {
		return r
	}
	if s.Mode != ModeEncdec {
		return runPassScenario(ctx, cfg, r, p)
	}
	if cfg.OpenLoop() {
		return runOpenScenario(ctx, cfg, r, p)
	}
	lr, err := RunLevelProbed(ctx, p.codec, p.bin, p.newTarget, s.Pairs, cfg.Warmup, cfg.Duration, cfg.Probe)
	r.N, r.Bytes, r.Window, r.Partial, r.Hist = lr.N, lr.Bytes, lr.Window, lr.Partial, lr.Hist
	r.Responsiveness = responsiveness(lr.Runtime, lr.Probe, lr.N)
	if p.impl.NoJSON {
		r.Bytes = 0 // it moved bytes but processed none
	}
	r.Latency = latency.Summarize(lr.Hist)
	if err != nil {
		r.Err = err.Error()
	}
	return r
}

// prepared is a codec ready to run on one input, or the reason it is not.
type prepared struct {
	impl  Impl
	info  ImplInfo
	codec Codec  // nil when the codec cannot run the input
	bin   []byte // the input as the codec encodes it: a pair's first message
	// newTarget makes what each decode fills; nil: any.
	newTarget func() any
}

// prepare builds the codec for the input and checks it against
// encoding/json before anything is measured.
func prepare(im Impl, in *datasets.Input) (p prepared, info ImplInfo) {
	info = ImplInfo{Name: im.Name, Desc: im.Desc, Version: im.Version(), Input: in.Name}
	err := func() (err error) {
		defer recoverInto(&err, "check")
		c, err := im.New(in.Data)
		if err != nil {
			return err
		}
		bin, mismatch, err := Check(c, in.Data)
		if err != nil {
			return err
		}
		p.codec, p.bin, info.Mismatch = c, bin, mismatch
		return nil
	}()
	if err != nil {
		info.Err = err.Error()
		p.codec, p.bin = nil, nil
	}
	p.impl, p.info = im, info
	return p, info
}
