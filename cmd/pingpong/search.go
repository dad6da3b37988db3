package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/plan"
	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// A search (-input SPEC:MIN..MAX) runs its sizes step by step, each step
// an ordinary run of the sizes and codecs verdict.Search asks for, through
// plan.Execute and the same console; the runs are merged into one for the
// files, and after the safe-size lines the console says how it narrowed.

// search is an -input range to search, with what it needs to load sizes.
type search struct {
	datasets.Range
	spec string // as given
	seed int64
	// ends are the two ends as the checks before the run loaded them, by
	// spec, for the steps that measure them first (each taken once: a
	// grown document can be large)
	ends map[string]*datasets.Input
}

// parseSearch reads -input as a range: nil when it is none. A range is
// the only input of its run.
func parseSearch(inputs string, seed int64) (*search, error) {
	names := splitList(inputs)
	for _, name := range names {
		r, ok, err := datasets.ParseRange(name)
		switch {
		case err != nil:
			return nil, usagef("-input: %w", err)
		case ok && len(names) > 1:
			return nil, usagef("-input %s: a range is searched on its own; give it alone, or list sizes", name)
		case ok:
			return &search{Range: r, spec: name, seed: seed}, nil
		}
	}
	return nil, nil
}

// loadEnds loads the range's two ends, for the checks a run makes before
// it measures (a spec that cannot be loaded, a size too large for
// memory), and keeps them for the steps that measure them.
func (s *search) loadEnds() ([]*datasets.Input, error) {
	specs := []string{s.SizeSpec(s.Min), s.SizeSpec(s.Max)}
	ins, err := loadInputs(strings.Join(specs, ","), s.seed)
	if err != nil {
		return nil, err
	}
	s.ends = map[string]*datasets.Input{}
	for i, in := range ins {
		s.ends[specs[i]] = in
	}
	return ins, nil
}

// load is the inputs of specs, in their order: an end loadEnds kept
// (given up then), or loaded now.
func (s *search) load(specs []string) ([]*datasets.Input, error) {
	out := make([]*datasets.Input, len(specs))
	var missing []string
	for i, spec := range specs {
		if in, ok := s.ends[spec]; ok {
			delete(s.ends, spec)
			out[i] = in
		} else {
			missing = append(missing, spec)
		}
	}
	if len(missing) == 0 {
		return out, nil
	}
	loaded, err := loadInputs(strings.Join(missing, ","), s.seed)
	if err != nil {
		return nil, err
	}
	for i := range out {
		if out[i] == nil {
			out[i], loaded = loaded[0], loaded[1:]
		}
	}
	return out, nil
}

// check refuses what a search cannot narrow: its levels must be one
// run's, not a sweep's or several builds'.
func (s *search) check(cfg results.Config) error {
	if len(cfg.Procs) > 0 || len(cfg.GOGC) > 0 || len(cfg.MemLimit) > 0 || len(cfg.Builds) > 0 {
		return usagef("-input %s: a search runs one build without -procs, -gogc or -memlimit lists; list sizes instead", s.spec)
	}
	return nil
}

// run searches, each step run by Execute with obs, and returns the steps'
// runs merged and the text that says how it narrowed. The search says
// which codecs and references each step runs (verdict.Search).
func (s *search) run(ctx context.Context, cfg results.Config, env results.Environment, obs plan.Observer) (*results.Run, string, error) {
	var runs []*results.Run
	budget := verdict.BudgetOf(cfg)
	measure := func(sizes []int, names []string, longer bool) ([]verdict.Measured, error) {
		var specs []string
		for _, n := range sizes {
			specs = append(specs, s.SizeSpec(n))
		}
		inputs, err := s.load(specs)
		if err != nil {
			return nil, err
		}
		step := cfg
		step.Codecs = names
		// a first look runs -duration, no extension until sure: the
		// sizes a search measures sit near a codec's crossing, where the
		// verdict is often near its bar too, and extending each step cost
		// more than the list of sizes (docs/inputs.md); a longer look at a
		// size left undecided on the budget takes more turns while it is,
		// within -until, as a list's sizes do (verdict.SearchMore), and
		// its points pool every measurement of the size
		step.Until = 0
		var stepObs plan.Observer = obs
		if longer {
			step.Until = cfg.Until
			stepObs = longerLook{observers{obs}}
		}
		run, err := plan.Execute(ctx, step, env, inputs, stepObs)
		if run != nil {
			runs = append(runs, run)
		}
		if err != nil {
			return nil, err
		}
		if longer {
			return pooledPoints(runs, sizes, names, budget)
		}
		return verdict.Measurements(run, budget), nil
	}
	res, err := verdict.Search{Min: s.Min, Max: s.Max, Budget: budget, Levels: cfg.Levels, Procs: env.GOMAXPROCS, Longer: cfg.Until > cfg.Duration}.Run(cfg.Codecs, measure)
	if len(runs) == 0 {
		return nil, "", err
	}
	merged, mergeErr := results.Merge(runs...)
	if mergeErr != nil {
		return nil, "", fmt.Errorf("merging the search's steps: %w", mergeErr)
	}
	merged.Config.Codecs = cfg.Codecs
	return merged, report.SearchText(s.Base, s.Min, s.Max, budget, res), err
}

// longerLook is a search's observers for a longer look at sizes left
// undecided: more turns only where a wait.p99 is undecided on the budget.
type longerLook struct{ observers }

func (l longerLook) More(cfg results.Config, sofar []results.Result) []bool {
	return verdict.SearchMore(cfg, sofar)
}

// pooledPoints are names' points at sizes from every run of the search so
// far, merged: a size measured in several looks pools their stops, as
// repeats of one scenario.
func pooledPoints(runs []*results.Run, sizes []int, names []string, budget time.Duration) ([]verdict.Measured, error) {
	run, err := results.Merge(runs...)
	if err != nil {
		return nil, fmt.Errorf("pooling the search's looks at %s: %w", verdict.SizesText(sizes), err)
	}
	return slices.DeleteFunc(verdict.Measurements(run, budget), func(m verdict.Measured) bool {
		return !slices.Contains(sizes, m.Point.Bytes) || !slices.Contains(names, m.Codec)
	}), nil
}
