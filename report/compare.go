package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

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
	return fmt.Sprintf("%s %s %dx %s (%s)", k.Input, k.Impl, k.Pairs, mode, procs)
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
	Changes                []figureChange
}

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

// metric is one figure compare looks at; higherBetter says which way is
// an improvement. applies, when set, says whether a result has the figure.
type metric struct {
	name         string
	value        func(results.Result) float64
	higherBetter bool
	format       func(float64) string
	applies      func(results.Result) bool
}

var compareMetrics = []metric{
	{"n", func(r results.Result) float64 { return float64(r.N) }, true, func(v float64) string { return fmt.Sprintf("%.0f", v) }, nil},
	{"p50", func(r results.Result) float64 { return float64(r.Latency.P50) }, false, durationOf, nil},
	{"p99", func(r results.Result) float64 { return float64(r.Latency.P99) }, false, durationOf, nil},
	{"max", func(r results.Result) float64 { return float64(r.Latency.Max) }, false, durationOf, nil},
	{"rt/s", results.Result.RoundTripsPerSec, true, fmtRate, results.Result.IsEncdec},
	{"ops/s", results.Result.OpsPerSec, true, fmtRate, func(r results.Result) bool { return !r.IsEncdec() }},
	{"MB/s", results.Result.MBPerSec, true, fmtThroughput, func(r results.Result) bool { return r.Bytes > 0 }},
	{"probe.p99", func(r results.Result) float64 { return float64(r.Probe.P99) }, false, durationOf,
		func(r results.Result) bool { return r.Probe != nil && r.IsEncdec() }},
	{"sched.p99", func(r results.Result) float64 { return float64(r.Runtime.SchedLatency.P99) }, false, durationOf,
		func(r results.Result) bool { return r.Runtime != nil }},
}

func durationOf(v float64) string { return fmtDuration(time.Duration(math.Round(v))) }

// compare matches the scenarios of two runs by input, codec, mode, decode
// target, pairs, procs, GOGC and GOMEMLIMIT, and compares each figure's
// repeats.
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
		OldVersion: implVersion(oldRun, k), NewVersion: implVersion(newRun, k)}
	if len(old) == 0 || len(new) == 0 {
		return sc
	}
	tested := len(old) >= minRepeats && len(new) >= minRepeats
	for _, m := range compareMetrics {
		if m.applies != nil && !(all(old, m.applies) && all(new, m.applies)) {
			continue // baseline has no MB/s, a run without -probe no probe
		}
		ov, nv := values(old, m.value), values(new, m.value)
		ch := figureChange{Metric: m.name, Old: latency.Median(ov), New: latency.Median(nv), Tested: tested, format: m.format}
		if tested {
			cmp := uTest(ov, nv)
			ch.P = cmp.P
			for _, w := range cmp.Warnings {
				ch.Warnings = append(ch.Warnings, w.Error())
			}
			ch.Significant = cmp.P <= cmp.Alpha // as benchstat: above alpha is "~"
			if ch.Significant && ch.New != ch.Old {
				ch.Better = -1
				if (ch.New > ch.Old) == m.higherBetter {
					ch.Better = 1
				}
			}
		}
		sc.Changes = append(sc.Changes, ch)
	}
	return sc
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
	for _, im := range run.Impls {
		if im.Name == k.Impl && im.Input == k.Input {
			return im.Version
		}
	}
	return ""
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
	return compare(old, new).write(w, oldName, newName, old, new)
}

func (c runComparison) write(w io.Writer, oldName, newName string, old, new *results.Run) error {
	var b strings.Builder
	fmt.Fprintf(&b, "pingpong compare\n")
	fmt.Fprintf(&b, "  old: %s (%s)\n", oldName, runSummary(old))
	fmt.Fprintf(&b, "  new: %s (%s)\n", newName, runSummary(new))
	fmt.Fprintf(&b, "  figures are medians of the repeats; a change is tested with a Mann-Whitney U test (alpha 0.05) when both sides have %d or more repeats; ~ means no significant difference\n", minRepeats)
	for _, s := range c.Scenarios {
		fmt.Fprintf(&b, "\n%s: %s\n", keyLabel(s.Key), s.verdict())
		if s.OldVersion != s.NewVersion {
			fmt.Fprintf(&b, "  %s version: %s -> %s\n", s.Key.Impl, orUnknownVersion(s.OldVersion), orUnknownVersion(s.NewVersion))
		}
		if s.OldErr != "" && s.OldRepeats == 0 {
			fmt.Fprintf(&b, "  old measured nothing: %s\n", s.OldErr)
		}
		if s.NewErr != "" && s.NewRepeats == 0 {
			fmt.Fprintf(&b, "  new measured nothing: %s\n", s.NewErr)
		}
		if len(s.Changes) == 0 {
			continue
		}
		if s.verdict() == "untested" {
			fmt.Fprintf(&b, "  no significance can be given: %d old and %d new repeats, a test needs %d or more on each side (-count)\n", s.OldRepeats, s.NewRepeats, minRepeats)
		}
		for _, w := range warnings(s) {
			fmt.Fprintf(&b, "  note: %s\n", w)
		}
		fmt.Fprintf(&b, "  %-9s %12s %12s %9s\n", "", "old", "new", "delta")
		for _, ch := range s.Changes {
			fmt.Fprintf(&b, "  %-9s %12s %12s %9s", ch.Metric, ch.format(ch.Old), ch.format(ch.New), pct(ch.deltaPct()))
			if ch.Tested {
				fmt.Fprintf(&b, "  %s", significance(ch, s))
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
		fmt.Fprintf(&b, "\nonly in %s:\n", side.name)
		for _, k := range side.keys {
			fmt.Fprintf(&b, "  %s\n", keyLabel(k))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
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
	return fmt.Sprintf("%s, %s/%s, %s, GOMAXPROCS=%d, %s", e.GoVersion, e.GOOS, e.GOARCH, orUnknown(e.CPU), e.GOMAXPROCS, reps)
}

func orUnknownVersion(v string) string {
	if v == "" {
		return "unknown"
	}
	return v
}
