package plan

import (
	"github.com/pingpong-bench/pingpong/results"
)

// Sweeps: users tune GOMAXPROCS (containers), GOGC and GOMEMLIMIT, and want
// to see a codec under each value. A Go process reads GOGC and GOMEMLIMIT
// once at start and a GOMAXPROCS change stops the world, so each value runs
// in worker processes of its own (Config.Isolate), started with the value in
// their environment, never by changing the parent's settings mid-run.

// sweeping: the plan sets points on its scenarios, even a single GOGC or
// GOMEMLIMIT, which a worker then gets in its environment.
func sweeping(c results.Config) bool {
	return len(c.Procs) > 0 || len(c.GOGC) > 0 || len(c.MemLimit) > 0
}

// planSweep is Plan with points: per input, each point's scenarios together
// (so that a point's codec blocks and comparison print together under the
// input's header), each point's levels following its GOMAXPROCS.
func planSweep(cfg results.Config, inputs []results.InputInfo, procs int) []results.Scenario {
	var out []results.Scenario
	for _, in := range inputs {
		for _, pt := range cfg.Points(procs) {
			at := cfg
			at.Procs, at.GOGC, at.MemLimit = nil, nil, nil
			at.Levels = cfg.LevelsAt(pt.Procs)
			for _, s := range Plan(at, []results.InputInfo{in}, pt.Procs) {
				s.GOGC, s.MemLimit = pt.GOGC, pt.MemLimit
				out = append(out, s)
			}
		}
	}
	return out
}
