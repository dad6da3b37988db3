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

// Execute prepares every codec for every input (building it and checking
// it against encoding/json), then runs the planned scenarios. A codec that
// fails the input or panics gets error rows; the others go on. Cancelling
// ctx cuts the current scenario short (kept, marked partial) and stops; the
// Run then holds everything measured so far, and the error is ctx's.
func Execute(ctx context.Context, cfg Config, env Environment, inputs []*datasets.Input, obs Observer) (*Run, error) {
	impls, err := LookupImpls(cfg.Impls)
	if err != nil {
		return nil, err
	}
	run := &Run{Env: env, Config: cfg}
	if cfg.Probe > 0 {
		idle := runIdle(ctx, cfg, env.GOMAXPROCS)
		run.Idle = &idle
		obs.Result(idle)
	}
	ready := map[[3]string]prepared{} // input, impl, target
	cfg.inputTargets = map[string][]string{}
	var names []string
	for _, in := range inputs {
		names = append(names, in.Name)
		info := infoOf(in)
		targets, structType, note := InputTargets(cfg, in)
		cfg.inputTargets[in.Name] = targets
		info.Targets, info.TargetNote = targets, note
		if structType != nil {
			info.StructType = structType.String()
		}
		run.Inputs = append(run.Inputs, info)
		infos := make([]ImplInfo, len(impls))
		for i, im := range impls {
			var p prepared
			p, infos[i] = prepare(im, in)
			ready[[3]string{in.Name, im.Name, TargetAny}] = p
		}
		if structType != nil {
			for i, p := range prepareStructs(impls, in, structType, infos) {
				ready[[3]string{in.Name, impls[i].Name, TargetStruct}] = p
			}
		}
		run.Impls = append(run.Impls, infos...)
		obs.Input(info, infos)
	}
	for _, s := range Plan(cfg, names, env.GOMAXPROCS) {
		if ctx.Err() != nil {
			return run, ctx.Err()
		}
		if s.Target == "" {
			s.Target = TargetAny // probe passes decode into any
		}
		r := runScenario(ctx, cfg, s, ready[[3]string{s.Input, s.Impl, s.Target}])
		run.Results = append(run.Results, r)
		obs.Result(r)
	}
	return run, nil
}

func runScenario(ctx context.Context, cfg Config, s Scenario, p prepared) Result {
	r := Result{Scenario: s, Mismatch: p.info.Mismatch, Err: p.info.Err}
	if p.codec == nil {
		return r
	}
	if s.Mode != ModeEncdec {
		return runPassScenario(ctx, cfg, r, p)
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
