package pingpong

import (
	"pingpong/results"
	"slices"
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
	base := Plan(once, inputs, procs)
	inputAt, pairsAt := firstSeen(base, func(s results.Scenario) string { return s.Input }), firstSeen(base, func(s results.Scenario) int { return s.Pairs })
	slices.SortStableFunc(base, func(a, b results.Scenario) int {
		if c := inputAt[a.Input] - inputAt[b.Input]; c != 0 {
			return c
		}
		return pairsAt[a.Pairs] - pairsAt[b.Pairs]
	})
	out := make([]results.Scenario, 0, len(base)*cfg.Count)
	for rep := 0; rep < cfg.Count; rep++ {
		for _, s := range base {
			s.Repeat = rep
			out = append(out, s)
		}
	}
	return out
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
