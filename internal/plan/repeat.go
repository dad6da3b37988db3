package plan

import (
	"slices"

	"github.com/pingpong-bench/pingpong/results"
)

// planRepeats lists Count repeats of every scenario, interleaved: a repeat
// runs every scenario once before the next repeat starts, and within an
// input and a level the codecs run one after the other. Drift over the run
// (thermal throttling, a noisy neighbour, a growing heap) then hits every
// codec alike instead of whichever one ran last, which is what makes the
// repeats of two codecs comparable.
//
// It reorders the single-repeat plan rather than building its own, so that
// whatever that plan holds (modes, targets) is repeated too.
func planRepeats(cfg results.Config, inputs []results.InputInfo, procs int) []results.Scenario {
	once := cfg
	once.Count = 1
	orders := [][]results.Scenario{interleave(Plan(once, inputs, procs))}
	if len(cfg.Builds) > 1 {
		// Across builds, every other repeat runs them in the other order
		// (base, new; then new, base), so that neither always goes first.
		flipped := once
		flipped.Builds = slices.Clone(cfg.Builds)
		slices.Reverse(flipped.Builds)
		orders = append(orders, interleave(Plan(flipped, inputs, procs)))
	}
	out := make([]results.Scenario, 0, len(orders[0])*cfg.Count)
	for rep := 0; rep < cfg.Count; rep++ {
		for _, s := range orders[rep%len(orders)] {
			s.Repeat = rep
			out = append(out, s)
		}
	}
	return out
}

// interleave orders a single-repeat plan by input, then level, keeping
// the codecs' (and builds') order within a level.
func interleave(base []results.Scenario) []results.Scenario {
	inputAt, pairsAt := firstSeen(base, func(s results.Scenario) string { return s.Input }), firstSeen(base, func(s results.Scenario) int { return s.Pairs })
	slices.SortStableFunc(base, func(a, b results.Scenario) int {
		if c := inputAt[a.Input] - inputAt[b.Input]; c != 0 {
			return c
		}
		return pairsAt[a.Pairs] - pairsAt[b.Pairs]
	})
	return base
}

// firstSeen numbers the values of key in the order they first appear.
func firstSeen[K comparable](ss []results.Scenario, key func(results.Scenario) K) map[K]int {
	at := map[K]int{}
	for _, s := range ss {
		if _, ok := at[key(s)]; !ok {
			at[key(s)] = len(at)
		}
	}
	return at
}
