// Package plan plans and runs a run: the scenarios in the order they run
// (inputs, targets, levels, batch sizes, sweep values, builds, repeats),
// the rules its configuration must keep (CheckIsolation), and Execute,
// which readies each codec's runner, measures the harness floor and the
// idle pass, settles the stall threshold, lets the codecs of a level take
// turns in its window and tells an Observer of each row as it comes.
package plan

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/load"
	"github.com/pingpong-bench/pingpong/internal/worker"
	"github.com/pingpong-bench/pingpong/results"
)

// Plan lists the scenarios of a run in the order they run: per input, per
// target, per level, per batch size, the codecs of each level side by side
// (they take turns in its window, interleave.go), then each codec's probe
// passes. Each input's Targets are what runs on it (see codecs.InputTargets); an
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
						for _, im := range cfg.Codecs {
							if !results.RunsAt(im, lv.Pairs, procs) {
								continue
							}
							out = append(out, results.Scenario{Input: in.Name, Codec: im, Mode: results.ModeEncdec, Pairs: lv.Pairs, Procs: procs, Target: tg, Batch: k})
						}
					}
				}
			}
		}
		if cfg.RunsProbe() {
			for _, im := range cfg.Codecs {
				for _, s := range probePasses(procs) {
					s.Input, s.Codec = in.Name, im
					out = append(out, s)
				}
			}
		}
	}
	return withBuilds(cfg, out)
}

// Execute refuses a configuration Validate refuses, then measures the
// harness floor (the Run's Calibration) and runs the planned scenarios. Each codec is readied for an input
// (built, checked against encoding/json, its struct code compiled) just
// before the input's first scenario, in a worker process of its own when
// cfg.Isolate is set. A codec that fails the input, panics or kills its
// worker gets error rows; the others go on. Cancelling ctx cuts the current
// scenario short (kept, marked partial) and stops; the Run then holds
// everything measured so far, and the error is ctx's.
func Execute(ctx context.Context, cfg results.Config, env results.Environment, inputs []*datasets.Input, obs Observer) (*results.Run, error) {
	if err := Validate(cfg, inputs); err != nil {
		return nil, err
	}
	entries, err := buildCodecs(cfg)
	if err != nil {
		return nil, err
	}
	return execute(ctx, cfg, env, inputs, entries, obs)
}

// ExecuteCodecs is Execute with the codecs given rather than looked up by
// name in the registry: a Go program's own, run in its own process
// (cfg.Isolate is refused: a worker knows only the registry's codecs).
// cfg.Codecs becomes their names.
func ExecuteCodecs(ctx context.Context, cfg results.Config, env results.Environment, inputs []*datasets.Input, entries []codecs.Entry, obs Observer) (*results.Run, error) {
	if cfg.Isolate || len(cfg.Builds) > 0 {
		return nil, fmt.Errorf("codecs handed in by a program run in its process: no isolation, no builds")
	}
	cfg.Codecs = nil
	bis := make([]buildCodec, len(entries))
	for i, im := range entries {
		if slices.Contains(cfg.Codecs, im.Name) {
			return nil, fmt.Errorf("codec %q named twice", im.Name)
		}
		cfg.Codecs = append(cfg.Codecs, im.Name)
		bis[i] = buildCodec{Entry: im}
	}
	if err := Validate(cfg, inputs); err != nil { // isolation by the names: a codec of the registry's may need a process of its own
		return nil, err
	}
	return execute(ctx, cfg, env, inputs, bis, obs)
}

func execute(ctx context.Context, cfg results.Config, env results.Environment, inputs []*datasets.Input, entries []buildCodec, obs Observer) (*results.Run, error) {
	run := &results.Run{Env: env, Config: cfg}
	byName := map[string]*datasets.Input{}
	for _, in := range inputs {
		byName[in.Name] = in
		info := codecs.InfoOf(in)
		targets, structType, note := codecs.InputTargets(cfg.AskedTargets(), in)
		info.Targets, info.TargetNote = targets, note
		if structType != nil {
			info.StructType = datasets.TypeName(structType)
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
	run.Calibration = load.CalibrateRun(ctx, cfg)
	if so, ok := obs.(StartObserver); ok {
		scenarios := len(plan)
		if idlePass {
			scenarios++
		}
		so.Started(run.Calibration, scenarios)
	}
	stall := cfg.Stall
	if idlePass {
		idle := load.RunIdle(ctx, load.SpecOf(cfg, cfg.Stall), env.GOMAXPROCS)
		run.Idle = &idle
		obs.Result(idle)
		stall = settledStall(cfg, idle)
	}
	spec := load.SpecOf(cfg, stall) // what every runner takes of cfg
	run.Config.Stall = stall
	if so, ok := obs.(SettledObserver); ok {
		so.Settled(run.Config)
	}
	type key struct {
		input, codec, build string
		point               results.Point
	}
	left := map[key]int{} // scenarios still to run per runner, to close it after its last
	for _, s := range plan {
		left[key{s.Input, s.Codec, s.Build, s.Point()}]++
	}
	runners := map[key]load.Runner{}
	defer func() {
		for _, r := range runners {
			r.Close()
		}
	}()
	until := untilOf(run.Config, obs)
	announced := map[string]bool{}
	for i := 0; i < len(plan); {
		if ctx.Err() != nil {
			return run, ctx.Err()
		}
		s := plan[i]
		if !announced[s.Input] {
			announced[s.Input] = true
			infos := make([]results.CodecInfo, len(entries))
			for i, im := range entries {
				k := key{s.Input, im.Name, im.build, s.Point()}
				r := worker.Start(ctx, spec, workerArgv(cfg, im.build), im.Entry, byName[s.Input], s.Point())
				runners[k], infos[i] = r, im.info(r.Info())
			}
			run.Codecs = append(run.Codecs, infos...)
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
		rs := make([]load.Runner, len(step))
		for j, s := range step {
			k := key{s.Input, s.Codec, s.Build, s.Point()}
			r, ok := runners[k]
			if !ok { // a runner for another GOMAXPROCS of an announced input
				r = worker.Start(ctx, spec, workerArgv(cfg, s.Build), entryOf(entries, s), byName[s.Input], s.Point())
				runners[k] = r
			}
			rs[j] = r
		}
		var rows []results.Result
		if takesTurns(cfg, s) {
			rows = results.AlignIntervals(load.RunTurns(ctx, cfg.Slice, cfg.Duration, step, rs, until))
		} else {
			if s.Target == "" {
				s.Target = results.TargetAny // probe passes decode into any
			}
			rows = []results.Result{rs[0].Run(ctx, s)}
		}
		for _, s := range step {
			k := key{s.Input, s.Codec, s.Build, s.Point()}
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

// untilOf is how long a level's turns may go on past its window: up to
// cfg.Until, for the codecs the observer's verdict (Judge) cannot yet
// settle; without a Judge, never.
func untilOf(cfg results.Config, obs Observer) load.Until {
	j, ok := obs.(Judge)
	if !ok || cfg.Until <= cfg.Duration {
		return load.Until{}
	}
	return load.Until{Cap: cfg.Until, More: func(sofar []results.Result) []bool { return j.More(cfg, sofar) }}
}

// levelOf is what the scenarios of one level share: everything but the
// codec and its build, so that the builds of a run across builds take
// turns with each other as codecs do.
func levelOf(s results.Scenario) results.Scenario {
	s.Codec, s.Build = "", ""
	return s
}

// takesTurns says whether s is a closed-loop level, whose codecs take
// turns; an open-loop level and a probe pass run whole.
func takesTurns(cfg results.Config, s results.Scenario) bool {
	return s.IsEncdec() && !cfg.OpenLoop()
}

// settledStall is the stall threshold a run uses: cfg.Stall when given,
// else the default its idle pass gives (load.DefaultStall).
func settledStall(cfg results.Config, idle results.Result) time.Duration {
	if cfg.Stall != 0 {
		return cfg.Stall
	}
	return load.DefaultStall(idle)
}

// probePasses are the passes per codec, as multiples of N = GOMAXPROCS
// workers, in the order they run: Nx decode, Nx encode, 2Nx decode, 2Nx encode.
func probePasses(procs int) []results.Scenario {
	var out []results.Scenario
	for _, k := range []int{1, 2} {
		for _, m := range []string{results.ModeDecode, results.ModeEncode} {
			out = append(out, results.Scenario{Mode: m, Pairs: k * procs, Procs: procs})
		}
	}
	return out
}

// batchesOf is each scenario's Batch: the -batch values, or 0 alone when
// none was asked for, a scenario whose name carries no batch size.
func batchesOf(cfg results.Config) []int {
	if len(cfg.Batches) == 0 {
		return []int{0}
	}
	return cfg.Batches
}

// Observer is told about each step as it happens, so reports can stream.
// When a probe is on, the idle pass (Mode ModeIdle, no input or codec)
// comes first, as a Result before any Input.
type Observer interface {
	Input(in results.InputInfo, infos []results.CodecInfo)
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
// the default -stall from the idle pass (the Run's Config holds the same).
type SettledObserver interface {
	Observer
	Settled(cfg results.Config)
}

// Judge is an Observer whose verdict can tell, from a closed-loop level's
// rows so far (load.Until.More's), which codecs need more turns before it
// can answer; Execute then keeps those taking turns, up to cfg.Until.
type Judge interface {
	More(cfg results.Config, sofar []results.Result) []bool
}

func inputInfo(infos []results.InputInfo, name string) results.InputInfo {
	for _, in := range infos {
		if in.Name == name {
			return in
		}
	}
	panic("pingpong: planned an input that was not loaded: " + name)
}

// targetsOf is what runs on in: Execute's resolution of the asked targets
// for it (in.Targets, where struct may have fallen back to any), or, for a
// caller planning ahead without that resolution, the fallback judged by
// the input's name alone.
func targetsOf(cfg results.Config, in results.InputInfo) []string {
	if len(in.Targets) > 0 {
		return in.Targets
	}
	asked := cfg.AskedTargets()
	if _, typed := datasets.TargetType(in.Name); typed || !slices.Contains(asked, results.TargetStruct) {
		return asked
	}
	return []string{results.TargetAny}
}
