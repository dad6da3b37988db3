// Package compare holds the statistics of comparing runs and their
// policy: compare's changes scenario by scenario and the -fail gate. One
// rule decides when a difference counts as tested (Testable), and one when
// a change is claimed (family.go): it holds after correcting for every
// figure the comparison tests, and it is larger than a practical threshold.
package compare

import (
	"math"

	"golang.org/x/perf/benchmath"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// figureChange is one figure of one scenario, old against new. Old and New
// are the medians of the repeats.
type figureChange struct {
	Metric   string
	Old, New float64
	Tested   bool                 // both sides had repeats enough for the U test to reach alpha (Testable)
	Test     benchmath.Comparison // the U test, when Tested
	// Q is the test's p corrected for every figure the comparison tests
	// (adjustBH); Significant: tested and Q at most alpha. Better is +1
	// when a significant change beyond practicalPct is an improvement, -1
	// a regression, 0 neither; Small marks a significant change under it.
	Q           float64
	Significant bool
	Better      int
	Small       bool
	Warnings    []string // benchmath's about the test, such as samples all alike
	format      func(float64) string
}

// scenarioChange is one scenario present in both runs.
type scenarioChange struct {
	Key                    results.Key
	OldRepeats, NewRepeats int
	OldVersion, NewVersion string
	OldErr, NewErr         string // a side that measured nothing says why
	Harness                bool   // baseline: shown, never tested (IsHarness)
	// Old and New are every figure of the measured repeats (results.Figures); the
	// gate judges them. Changes are those compare shows unasked, which
	// make its outcome.
	Old, New           map[string][]float64
	OldNoise, NewNoise noisiness
	Changes            []figureChange
	q                  map[string]float64 // each tested figure's Q, from its comparison's family
}

// noisiness is how many of one side's measured repeats found the machine
// noisy (latency.Noise), and the noisiest of them.
type noisiness struct {
	Noisy, Of int
	Worst     *latency.Noise
}

func noisinessOf(rs []results.Result) noisiness {
	n := noisiness{Of: len(rs)}
	load := func(x *latency.Noise) float64 { return max(x.OthersCores, x.StealCores) }
	for _, r := range rs {
		if !r.Noise.Noisy() {
			continue
		}
		n.Noisy++
		if n.Worst == nil || load(r.Noise) > load(n.Worst) {
			n.Worst = r.Noise
		}
	}
	return n
}

// noisy says whether the machine was noisy on either side: the scenario's
// figures may be others' doing as much as the codec's.
func (s scenarioChange) noisy() bool { return s.OldNoise.Noisy > 0 || s.NewNoise.Noisy > 0 }

// outcome sums up the scenario's significant changes: "improved",
// "regressed", "mixed", "~" (nothing significant), "untested" when a side
// has too few repeats to tell, or "not measured" when a side has none.
func (s scenarioChange) outcome() string {
	if s.OldRepeats == 0 || s.NewRepeats == 0 {
		return "not measured"
	}
	if s.Harness {
		return "not judged (baseline is the harness)"
	}
	if !Testable(s.OldRepeats, s.NewRepeats) {
		return "untested"
	}
	var better, worse bool
	for _, c := range s.Changes {
		better = better || c.Better > 0
		worse = worse || c.Better < 0
	}
	switch {
	case better && worse:
		return "mixed"
	case better:
		return "improved"
	case worse:
		return "regressed"
	}
	return "~"
}

// runComparison is two runs matched scenario by scenario.
type runComparison struct {
	Scenarios []scenarioChange
	OnlyOld   []results.Key // in the old run only: listed, not dropped
	OnlyNew   []results.Key
}

// match matches the scenarios of two runs by their results.Key (input,
// codec, build, mode, decode target, batch, pairs, procs and a sweep's
// values), and compares the repeats of each figure compare shows, tested
// as one family with the figures g names.
func match(old, new *results.Run, g Gate) runComparison {
	oldBy, oldKeys := results.GroupByKey(old.Results)
	newBy, newKeys := results.GroupByKey(new.Results)
	var c runComparison
	for _, k := range oldKeys {
		if _, ok := newBy[k]; !ok {
			c.OnlyOld = append(c.OnlyOld, k)
			continue
		}
		c.Scenarios = append(c.Scenarios, compareScenario(k, old, new, oldBy[k], newBy[k]))
	}
	for _, k := range newKeys {
		if _, ok := oldBy[k]; !ok {
			c.OnlyNew = append(c.OnlyNew, k)
		}
	}
	for i, q := range familyQ(c.gateScenarios(), familyMetrics(g))[:len(c.Scenarios)] {
		s := &c.Scenarios[i]
		s.q = q
		for _, m := range results.Metrics {
			if ch, ok := s.change(m); ok && m.Shown {
				s.Changes = append(s.Changes, ch)
			}
		}
	}
	return c
}

func compareScenario(k results.Key, oldRun, newRun *results.Run, old, new []results.Result) scenarioChange {
	old, oldErr := results.Measured(old)
	new, newErr := results.Measured(new)
	sc := scenarioChange{Key: k, OldRepeats: len(old), NewRepeats: len(new), OldErr: oldErr, NewErr: newErr,
		OldVersion: oldRun.CodecVersion(k), NewVersion: newRun.CodecVersion(k),
		Old: results.Figures(old), New: results.Figures(new), OldNoise: noisinessOf(old), NewNoise: noisinessOf(new),
		Harness: IsHarness(k.Codec)}
	return sc
}

// change compares one metric's repeats, ok false when a side lacks it;
// its significance is the family's (s.q).
func (s scenarioChange) change(m results.Metric) (ch figureChange, ok bool) {
	ov, inOld := s.Old[m.Name]
	nv, inNew := s.New[m.Name]
	if !inOld || !inNew {
		return ch, false
	}
	ch = figureChange{Metric: m.Name, Old: latency.Median(ov), New: latency.Median(nv), format: m.Unit.Format,
		Tested: !s.Harness && Testable(len(ov), len(nv))}
	if !ch.Tested {
		return ch, true
	}
	ch.Test = uTest(ov, nv)
	for _, w := range ch.Test.Warnings {
		ch.Warnings = append(ch.Warnings, w.Error())
	}
	q, inFamily := s.q[m.Name]
	if !inFamily { // a figure outside the family tested was not corrected for: never claimed
		q = 1
	}
	ch.Q = q
	ch.Significant = q <= alpha // as benchstat: above alpha is "~"
	switch {
	case !ch.Significant || ch.New == ch.Old:
	case math.Abs(deltaPct(ch.Old, ch.New)) < practicalPct(m.Name):
		ch.Small = true
	case (ch.New > ch.Old) == (m.Worse == results.HigherIsWorse):
		ch.Better = -1
	default:
		ch.Better = 1
	}
	return ch, true
}

// printed is the scenario's changes as compare prints them, in the table's
// order: those it shows unasked (which alone make its outcome) and those
// of g's figures.
func (s scenarioChange) printed(g Gate) []figureChange {
	var out []figureChange
	for _, m := range results.Metrics {
		if !m.Shown && !g.names(m.Name) {
			continue
		}
		if ch, ok := s.change(m); ok {
			out = append(out, ch)
		}
	}
	return out
}
