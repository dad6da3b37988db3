package engine

import (
	"context"
	"fmt"
	"slices"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// Plan lists the scenarios of a run in the order they run: per input, per
// target, per level, per batch size, the codecs of each level side by side
// (they take turns in its window, interleave.go), then each codec's probe
// passes. Each input's Targets are what runs on it (see InputTargets); an
// input without them gets the fallback judged by its name.
func Plan(cfg results.Config, inputs []results.InputInfo, procs int) []results.Scenario {
	if sweeping(cfg) {
		return planSweep(cfg, inputs, procs)
	}
	if cfg.Count > 1 {
		return planRepeats(cfg, inputs, procs)
	}
	var out []results.Scenario
	for _, in := range inputs {
		if cfg.RunsEncdec() {
			for _, tg := range targetsOf(cfg, in) {
				for _, lv := range cfg.Levels {
					for _, k := range batchesOf(cfg) {
						for _, im := range cfg.Impls {
							out = append(out, results.Scenario{Input: in.Name, Impl: im, Mode: results.ModeEncdec, Pairs: lv.Pairs, Procs: procs, Target: tg, Batch: k})
						}
					}
				}
			}
		}
		if cfg.RunsProbe() {
			for _, im := range cfg.Impls {
				for _, s := range probePasses(procs) {
					s.Input, s.Impl = in.Name, im
					out = append(out, s)
				}
			}
		}
	}
	return withBuilds(cfg, out)
}

// Execute measures the harness floor (the Run's Calibration), then runs
// the planned scenarios. Each codec is readied for an input
// (built, checked against encoding/json, its struct code compiled) just
// before the input's first scenario, in a worker process of its own when
// cfg.Isolate is set. A codec that fails the input, panics or kills its
// worker gets error rows; the others go on. Cancelling ctx cuts the current
// scenario short (kept, marked partial) and stops; the Run then holds
// everything measured so far, and the error is ctx's.
func Execute(ctx context.Context, cfg results.Config, env results.Environment, inputs []*datasets.Input, obs Observer) (*results.Run, error) {
	impls, err := buildImpls(cfg)
	if err != nil {
		return nil, err
	}
	return execute(ctx, cfg, env, inputs, impls, obs)
}

// ExecuteImpls is Execute with the codecs given rather than looked up by
// name in the registry: a Go program's own, run in its own process
// (cfg.Isolate is refused: a worker knows only the registry's codecs).
// cfg.Impls becomes their names.
func ExecuteImpls(ctx context.Context, cfg results.Config, env results.Environment, inputs []*datasets.Input, impls []Impl, obs Observer) (*results.Run, error) {
	if cfg.Isolate || len(cfg.Builds) > 0 {
		return nil, fmt.Errorf("codecs handed in by a program run in its process: no isolation, no builds")
	}
	cfg.Impls = nil
	bis := make([]buildImpl, len(impls))
	for i, im := range impls {
		if slices.Contains(cfg.Impls, im.Name) {
			return nil, fmt.Errorf("codec %q named twice", im.Name)
		}
		cfg.Impls = append(cfg.Impls, im.Name)
		bis[i] = buildImpl{Impl: im}
	}
	return execute(ctx, cfg, env, inputs, bis, obs)
}

func execute(ctx context.Context, cfg results.Config, env results.Environment, inputs []*datasets.Input, impls []buildImpl, obs Observer) (*results.Run, error) {
	if cfg.Isolate && len(cfg.Worker) == 0 && len(cfg.Builds) == 0 {
		return nil, fmt.Errorf("isolation asked for but no worker command given")
	}
	if why := NeedsIsolation(cfg.Impls); why != "" && !cfg.Isolate {
		return nil, fmt.Errorf("%s", why)
	}
	if cfg.Swept() && !cfg.Isolate {
		return nil, fmt.Errorf("a sweep of GOMAXPROCS, GOGC or GOMEMLIMIT needs worker processes (isolation): each value is a process setting")
	}
	run := &results.Run{Env: env, Config: cfg}
	byName := map[string]*datasets.Input{}
	for _, in := range inputs {
		byName[in.Name] = in
		info := infoOf(in)
		targets, structType, note := InputTargets(cfg, in)
		info.Targets, info.TargetNote = targets, note
		if structType != nil {
			info.StructType = structType.String()
		}
		run.Inputs = append(run.Inputs, info)
	}
	plan := Plan(cfg, run.Inputs, env.GOMAXPROCS)
	for i := range run.Inputs {
		for _, s := range plan {
			if s.Input == run.Inputs[i].Name {
				run.Inputs[i].Scenarios++
			}
		}
	}
	idlePass := cfg.Probe > 0 || cfg.STW > 0
	run.Calibration = calibrateRun(ctx, cfg)
	if so, ok := obs.(StartObserver); ok {
		scenarios := len(plan)
		if idlePass {
			scenarios++
		}
		so.Started(run.Calibration, scenarios)
	}
	if idlePass {
		idle := runIdle(ctx, cfg, env.GOMAXPROCS)
		run.Idle = &idle
		obs.Result(idle)
		if cfg.Stall == 0 {
			cfg.Stall = defaultStall(idle)
		}
	}
	run.Config.Stall = cfg.Stall
	if so, ok := obs.(SettledObserver); ok {
		so.Settled(run.Config)
	}
	type key struct {
		input, impl, build string
		point              results.Point
	}
	left := map[key]int{} // scenarios still to run per runner, to close it after its last
	for _, s := range plan {
		left[key{s.Input, s.Impl, s.Build, s.Point()}]++
	}
	runners := map[key]runner{}
	defer func() {
		for _, r := range runners {
			r.Close()
		}
	}()
	announced := map[string]bool{}
	for i := 0; i < len(plan); {
		if ctx.Err() != nil {
			return run, ctx.Err()
		}
		s := plan[i]
		if !announced[s.Input] {
			announced[s.Input] = true
			infos := make([]results.ImplInfo, len(impls))
			for i, im := range impls {
				k := key{s.Input, im.Name, im.build, s.Point()}
				r := startRunner(ctx, buildConfig(cfg, im.build), im.Impl, byName[s.Input], s.Point())
				runners[k], infos[i] = r, im.info(r.Info())
			}
			run.Impls = append(run.Impls, infos...)
			obs.Input(inputInfo(run.Inputs, s.Input), infos)
		}
		// a step: a closed-loop level's codecs together, else one scenario
		step := plan[i : i+1]
		if takesTurns(cfg, s) {
			j := i + 1
			for j < len(plan) && levelOf(plan[j]) == levelOf(s) {
				j++
			}
			step = plan[i:j]
		}
		i += len(step)
		rs := make([]runner, len(step))
		for j, s := range step {
			k := key{s.Input, s.Impl, s.Build, s.Point()}
			r, ok := runners[k]
			if !ok { // a runner for another GOMAXPROCS of an announced input
				r = startRunner(ctx, buildConfig(cfg, s.Build), implOf(impls, s), byName[s.Input], s.Point())
				runners[k] = r
			}
			rs[j] = r
		}
		var rows []results.Result
		if takesTurns(cfg, s) {
			rows = results.AlignIntervals(runTurns(ctx, cfg, step, rs))
		} else {
			if s.Target == "" {
				s.Target = results.TargetAny // probe passes decode into any
			}
			rows = []results.Result{rs[0].Run(ctx, s)}
		}
		for _, s := range step {
			k := key{s.Input, s.Impl, s.Build, s.Point()}
			if left[k]--; left[k] == 0 {
				runners[k].Close()
				delete(runners, k)
			}
		}
		for _, res := range rows {
			run.Results = append(run.Results, res)
			obs.Result(res)
		}
	}
	return run, ctx.Err() // the last scenario may have been the one cut short
}

// batchesOf is each scenario's Batch: the -batch values, or 0 alone when
// none was asked for, a scenario whose name carries no batch size.
func batchesOf(cfg results.Config) []int {
	if len(cfg.Batches) == 0 {
		return []int{0}
	}
	return cfg.Batches
}

func mustImpl(name string) Impl {
	im, ok := registry[name]
	if !ok {
		panic("pingpong: planned a codec that is not registered: " + name)
	}
	return im
}

func runScenario(ctx context.Context, cfg results.Config, s results.Scenario, p prepared) results.Result {
	r := results.Result{Scenario: s, Mismatch: p.info.Mismatch, Err: p.info.Err}
	if p.codec == nil {
		return r
	}
	if k := s.Docs(); k > 1 && s.Mode == results.ModeEncdec {
		p = p.batched(k)
	}
	if s.Mode != results.ModeEncdec {
		return runPassScenario(ctx, cfg, r, p)
	}
	if cfg.OpenLoop() {
		return runOpenScenario(ctx, cfg, r, p)
	}
	lr, err := RunLevelWatched(ctx, p.codec, p.bin, p.newTarget, s.Pairs, watchOf(cfg, s), !p.impl.NoJSON)
	fillLevel(&r, lr, err, p.impl.NoJSON)
	return r
}

// fillLevel puts what a ping-pong level measured into its row, closed or
// open loop alike; a codec that failed mid-window keeps what completed.
func fillLevel(r *results.Result, lr LevelResult, err error, noJSON bool) {
	r.N, r.Bytes, r.Window, r.Partial, r.InFlight, r.Hist = lr.N, lr.Bytes, lr.Window, lr.Partial, lr.InFlight, lr.Hist
	r.Warmup, r.Slices, r.Intervals, r.Hlog = lr.Warmup, lr.Slices, lr.Intervals, lr.Hlog
	r.Responsiveness = responsiveness(lr.watched, lr.N)
	if lr.Decode != nil {
		r.Split = &results.Split{Decode: latency.Summarize(lr.Decode), Encode: latency.Summarize(lr.Encode), Rest: latency.Summarize(lr.Rest),
			DecodeHist: lr.Decode, EncodeHist: lr.Encode, RestHist: lr.Rest}
	}
	if noJSON {
		r.Bytes = 0 // it moved bytes but processed none
	}
	r.Latency = latency.Summarize(lr.Hist)
	if err != nil {
		r.Err = err.Error()
	}
}

// prepared is a codec ready to run on one input, or the reason it is not.
type prepared struct {
	impl  Impl
	info  results.ImplInfo
	codec Codec  // nil when the codec cannot run the input
	bin   []byte // the input as the codec encodes it: a pair's first message
	// newTarget makes what each decode fills; nil: any.
	newTarget func() any
}

// prepare builds the codec for the input and checks it against
// encoding/json before anything is measured.
func prepare(im Impl, in *datasets.Input) (p prepared, info results.ImplInfo) {
	info = results.ImplInfo{Name: im.Name, Desc: im.Desc, Version: im.Version(), Input: in.Name, Env: im.Env, Notes: im.Notes}
	if im.Check != nil {
		if err := im.Check(); err != nil {
			info.Err = err.Error()
			p.impl, p.info = im, info
			return p, info
		}
	}
	check := func(c Codec) ([]byte, string, error) { return Check(c, in.Data) }
	if l := im.Library; l != nil && l.NewTarget != nil {
		check, p.newTarget = l.check(in.Data), l.NewTarget // a program's codec, into its own type
	}
	c, bin, mismatch, err := ready(im, in, "check", check)
	if err != nil {
		info.Err = err.Error()
	} else {
		p.codec, p.bin, info.Mismatch = c, bin, mismatch
	}
	p.impl, p.info = im, info
	return p, info
}

// ready builds im's codec for in and runs check on it (which returns the
// pair's first message and the first difference from encoding/json). A
// panic in either becomes the error; on error the codec is not to be used.
func ready(im Impl, in *datasets.Input, what string, check func(Codec) ([]byte, string, error)) (c Codec, bin []byte, mismatch string, err error) {
	defer recoverInto(&err, what)
	if c, err = im.New(in.Data); err != nil {
		return nil, nil, "", err
	}
	if bin, mismatch, err = check(c); err != nil {
		return nil, nil, "", err
	}
	return c, bin, mismatch, nil
}

func infoOf(in *datasets.Input) results.InputInfo {
	return results.InputInfo{Name: in.Name, Kind: in.Kind, Path: in.Path, Bytes: len(in.Data), SHA256: in.SHA256, Seed: in.Seed,
		Shape: in.Shape, AskedSize: in.AskedSize}
}

// Observer is told about each step as it happens, so reports can stream.
// When a probe is on, the idle pass (Mode ModeIdle, no input or codec)
// comes first, as a Result before any Input.
type Observer interface {
	Input(in results.InputInfo, impls []results.ImplInfo)
	Result(r results.Result)
}

// StartObserver is an Observer that also wants to hear, before anything
// else, what the run measured and planned first: the harness floor, and
// how many scenarios it will run (the idle pass included), each of which
// comes as one Result.
type StartObserver interface {
	Observer
	Started(cal *results.Calibration, scenarios int)
}

// SettledObserver is an Observer that also wants the config as the run
// settled it before the first Input: what it worked out itself, such as
// the default -stall from the idle pass.
type SettledObserver interface {
	Observer
	Settled(cfg results.Config)
}

func inputInfo(infos []results.InputInfo, name string) results.InputInfo {
	for _, in := range infos {
		if in.Name == name {
			return in
		}
	}
	panic("pingpong: planned an input that was not loaded: " + name)
}
