package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"pingpong/latency"
	"pingpong/results"
)

// minRepeats is how many repeats each side needs before compare tests a
// change for significance. Note that at alpha 0.05 a Mann-Whitney U test
// needs 4 a side (or 3 against 5) to ever find a difference: with 3 and 3
// the smallest p is 0.1. benchmath says so in a warning, which the
// comparison prints, as benchstat does.
const minRepeats = 3

// keyLabel is how compare names a scenario: "citm-catalog std 1x encdec
// (procs 2)", with the target and a sweep's values when they are set.
func keyLabel(k results.Key) string {
	mode := k.Mode
	if k.Target != "" {
		mode += " " + k.Target
	}
	procs := fmt.Sprintf("procs %d", k.Procs)
	if k.GOGC != "" {
		procs += ", GOGC " + k.GOGC
	}
	if k.MemLimit != "" {
		procs += ", GOMEMLIMIT " + k.MemLimit
	}
	return fmt.Sprintf("%s %s %dx %s (%s)", k.Input, k.ImplLabel(), k.Pairs, mode, procs)
}

// figureChange is one figure of one scenario, old against new. Old and New
// are the medians of the repeats.
type figureChange struct {
	Metric   string
	Old, New float64
	Tested   bool    // both sides had minRepeats repeats or more
	P        float64 // the U test's p-value, when Tested
	// Significant: tested and p below alpha. Better is +1 when the change
	// is an improvement, -1 a regression, 0 no difference.
	Significant bool
	Better      int
	Warnings    []string // from the test, such as too few repeats to ever be significant
	format      func(float64) string
}

// deltaPct is the change from old to new in percent; infinite when old is
// 0.
func (c figureChange) deltaPct() float64 { return deltaPct(c.Old, c.New) }

// scenarioChange is one scenario present in both runs.
type scenarioChange struct {
	Key                    results.Key
	OldRepeats, NewRepeats int
	OldVersion, NewVersion string
	OldErr, NewErr         string // a side that measured nothing says why
	// Old and New are every figure of the measured repeats (figures); the
	// gate judges them. Changes are those compare shows unasked, which
	// make its verdict.
	Old, New           map[string][]float64
	OldNoise, NewNoise noisiness
	Changes            []figureChange
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

// verdict sums up the scenario's significant changes: "improved",
// "regressed", "mixed", "~" (nothing significant), "untested" when a side
// has too few repeats to tell, or "not measured" when a side has none.
func (s scenarioChange) verdict() string {
	if s.OldRepeats == 0 || s.NewRepeats == 0 {
		return "not measured"
	}
	if s.OldRepeats < minRepeats || s.NewRepeats < minRepeats {
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

// compare matches the scenarios of two runs by input, codec, mode, decode
// target, pairs, procs, GOGC and GOMEMLIMIT, and compares the repeats of
// each figure compare shows.
func compare(old, new *results.Run) runComparison {
	oldBy, oldKeys := groupByKey(old.Results)
	newBy, newKeys := groupByKey(new.Results)
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
	return c
}

// groupByKey collects each scenario's repeats, keys in first-seen order.
func groupByKey(rs []results.Result) (map[results.Key][]results.Result, []results.Key) {
	by := map[results.Key][]results.Result{}
	var keys []results.Key
	for _, r := range rs {
		k := r.Key()
		if _, ok := by[k]; !ok {
			keys = append(keys, k)
		}
		by[k] = append(by[k], r)
	}
	return by, keys
}

func compareScenario(k results.Key, oldRun, newRun *results.Run, old, new []results.Result) scenarioChange {
	old, oldErr := measured(old)
	new, newErr := measured(new)
	sc := scenarioChange{Key: k, OldRepeats: len(old), NewRepeats: len(new), OldErr: oldErr, NewErr: newErr,
		OldVersion: implVersion(oldRun, k), NewVersion: implVersion(newRun, k),
		Old: figures(old), New: figures(new), OldNoise: noisinessOf(old), NewNoise: noisinessOf(new)}
	for _, m := range metrics {
		if ch, ok := sc.change(m); ok && m.shown {
			sc.Changes = append(sc.Changes, ch)
		}
	}
	return sc
}

// change compares one metric's repeats, ok false when a side lacks it.
func (s scenarioChange) change(m metric) (ch figureChange, ok bool) {
	ov, inOld := s.Old[m.name]
	nv, inNew := s.New[m.name]
	if !inOld || !inNew {
		return ch, false
	}
	ch = figureChange{Metric: m.name, Old: latency.Median(ov), New: latency.Median(nv), format: m.format,
		Tested: s.OldRepeats >= minRepeats && s.NewRepeats >= minRepeats}
	if !ch.Tested {
		return ch, true
	}
	cmp := uTest(ov, nv)
	ch.P = cmp.P
	for _, w := range cmp.Warnings {
		ch.Warnings = append(ch.Warnings, w.Error())
	}
	ch.Significant = cmp.P <= cmp.Alpha // as benchstat: above alpha is "~"
	if ch.Significant && ch.New != ch.Old {
		ch.Better = 1
		if (ch.New > ch.Old) == (m.worse == higherIsWorse) {
			ch.Better = -1
		}
	}
	return ch, true
}

// printed is the scenario's changes as compare prints them, in the table's
// order: those it shows unasked (which alone make its verdict) and those
// of g's figures.
func (s scenarioChange) printed(g Gate) []figureChange {
	var out []figureChange
	for _, m := range metrics {
		if !m.shown && !g.names(m.name) {
			continue
		}
		if ch, ok := s.change(m); ok {
			out = append(out, ch)
		}
	}
	return out
}

// measured keeps the repeats that measured round trips and ended without
// error, returning the first other one's reason: a failed repeat is no
// sample of the codec's speed, even with the round trips it completed
// before it failed.
func measured(rs []results.Result) ([]results.Result, string) {
	var out []results.Result
	why := ""
	for _, r := range rs {
		switch {
		case r.N > 0 && r.Err == "":
			out = append(out, r)
		case why != "":
		case r.Err != "":
			why = r.Err
		case r.IsEncdec():
			why = whyNoRoundTrip(r)
		default:
			why = "nothing measured"
		}
	}
	return out, why
}

func all(rs []results.Result, f func(results.Result) bool) bool {
	for _, r := range rs {
		if !f(r) {
			return false
		}
	}
	return true
}

func implVersion(run *results.Run, k results.Key) string {
	im, _ := run.Impl(results.Scenario{Input: k.Input, Impl: k.Impl, Build: k.Build})
	return im.Version
}

func values(rs []results.Result, f func(results.Result) float64) []float64 {
	out := make([]float64, len(rs))
	for i, r := range rs {
		out[i] = f(r)
	}
	return out
}

// WriteComparison prints `pingpong compare` of two runs: their scenarios
// matched, and per scenario the old and new medians with the change and its
// significance, then the scenarios found on one side only.
func WriteComparison(w io.Writer, oldName, newName string, old, new *results.Run) error {
	_, err := WriteGatedComparison(w, oldName, newName, old, new, nil)
	return err
}

// WriteGatedComparison is `pingpong compare -fail`: the comparison, with
// the figures g names, then g's section, whose report says whether the
// gate failed. A nil g is WriteComparison.
func WriteGatedComparison(w io.Writer, oldName, newName string, old, new *results.Run, g Gate) (GateReport, error) {
	c := compare(old, new)
	var b strings.Builder
	c.write(&b, oldName, newName, old, new, g)
	var rep GateReport
	if g != nil {
		rep = g.Evaluate(c.gateScenarios())
		b.WriteString("\n")
		rep.Write(&b) // a strings.Builder takes every write
	}
	_, err := io.WriteString(w, b.String())
	return rep, err
}

// gateScenarios are the comparison's scenarios as the gate judges them,
// those of one run only included.
func (c runComparison) gateScenarios() []GateScenario {
	var out []GateScenario
	for _, s := range c.Scenarios {
		out = append(out, GateScenario{Name: keyLabel(s.Key), Old: s.Old, New: s.New, OldErr: s.OldErr, NewErr: s.NewErr, Noisy: s.noisy()})
	}
	for _, k := range c.OnlyOld {
		out = append(out, GateScenario{Name: keyLabel(k), Old: map[string][]float64{}})
	}
	for _, k := range c.OnlyNew {
		out = append(out, GateScenario{Name: keyLabel(k), New: map[string][]float64{}})
	}
	return out
}

func (c runComparison) write(b *strings.Builder, oldName, newName string, old, new *results.Run, g Gate) {
	fmt.Fprintf(b, "pingpong compare\n")
	fmt.Fprintf(b, "  old: %s (%s)\n", oldName, runSummary(old))
	fmt.Fprintf(b, "  new: %s (%s)\n", newName, runSummary(new))
	fmt.Fprintf(b, "  figures are medians of the repeats; a change is tested with a Mann-Whitney U test (alpha 0.05) when both sides have %d or more repeats; ~ means no significant difference\n", minRepeats)
	width := 9 // the longest name compare shows unasked, probe.p99; -fail may add longer ones
	for _, m := range g {
		width = max(width, len(m.Metric))
	}
	for _, s := range c.Scenarios {
		mark := ""
		if s.noisy() {
			mark = " [noisy]"
		}
		fmt.Fprintf(b, "\n%s: %s%s\n", keyLabel(s.Key), s.verdict(), mark)
		if s.OldVersion != s.NewVersion {
			fmt.Fprintf(b, "  %s version: %s -> %s\n", s.Key.Impl, orUnknownVersion(s.OldVersion), orUnknownVersion(s.NewVersion))
		}
		for _, side := range []struct {
			name string
			n    noisiness
		}{{"old", s.OldNoise}, {"new", s.NewNoise}} {
			if side.n.Noisy > 0 {
				fmt.Fprintf(b, "  machine noisy in %d of %d %s repeats, worst %s\n", side.n.Noisy, side.n.Of, side.name, side.n.Worst)
			}
		}
		if s.OldErr != "" && s.OldRepeats == 0 {
			fmt.Fprintf(b, "  old measured nothing: %s\n", s.OldErr)
		}
		if s.NewErr != "" && s.NewRepeats == 0 {
			fmt.Fprintf(b, "  new measured nothing: %s\n", s.NewErr)
		}
		changes := s.printed(g)
		if len(changes) == 0 {
			continue
		}
		if s.verdict() == "untested" {
			fmt.Fprintf(b, "  no significance can be given: %d old and %d new repeats, a test needs %d or more on each side (-count)\n", s.OldRepeats, s.NewRepeats, minRepeats)
		}
		for _, w := range warnings(s) {
			fmt.Fprintf(b, "  note: %s\n", w)
		}
		fmt.Fprintf(b, "  %-*s %12s %12s %9s\n", width, "", "old", "new", "delta")
		for _, ch := range changes {
			fmt.Fprintf(b, "  %-*s %12s %12s %9s", width, ch.Metric, ch.format(ch.Old), ch.format(ch.New), pct(ch.deltaPct()))
			if ch.Tested {
				fmt.Fprintf(b, "  %s", significance(ch, s))
			}
			b.WriteString("\n")
		}
	}
	for _, side := range []struct {
		name string
		keys []results.Key
	}{{oldName, c.OnlyOld}, {newName, c.OnlyNew}} {
		if len(side.keys) == 0 {
			continue
		}
		fmt.Fprintf(b, "\nonly in %s:\n", side.name)
		for _, k := range side.keys {
			fmt.Fprintf(b, "  %s\n", keyLabel(k))
		}
	}
}

// warnings are the scenario's test warnings, each once.
func warnings(s scenarioChange) []string {
	var out []string
	for _, ch := range s.Changes {
		for _, w := range ch.Warnings {
			if !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

func significance(ch figureChange, s scenarioChange) string {
	n := fmt.Sprintf("n=%d+%d", s.OldRepeats, s.NewRepeats)
	if s.OldRepeats == s.NewRepeats {
		n = fmt.Sprintf("n=%d", s.OldRepeats)
	}
	switch {
	case !ch.Significant:
		return fmt.Sprintf("~ (p=%.3f %s)", ch.P, n)
	case ch.Better > 0:
		return fmt.Sprintf("better (p=%.3f %s)", ch.P, n)
	case ch.Better < 0:
		return fmt.Sprintf("worse (p=%.3f %s)", ch.P, n)
	}
	return fmt.Sprintf("(p=%.3f %s)", ch.P, n)
}

func pct(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "?"
	}
	return fmt.Sprintf("%+.2f%%", v)
}

func runSummary(run *results.Run) string {
	e := run.Env
	reps := "1 repeat"
	if n := run.Config.Repeats(); n > 1 {
		reps = fmt.Sprintf("%d repeats", n)
	}
	s := fmt.Sprintf("%s, %s/%s, %s, GOMAXPROCS=%d, %s", e.GoVersion, e.GOOS, e.GOARCH, orUnknown(e.CPU), e.GOMAXPROCS, reps)
	// The machine's load before the run: a busy machine is the first thing
	// to rule out when two runs differ.
	if l := e.LoadAverage; l != nil {
		s += fmt.Sprintf(", load average %.2f %.2f %.2f", l[0], l[1], l[2])
	}
	return s
}

func orUnknownVersion(v string) string {
	if v == "" {
		return "unknown"
	}
	return v
}
