package compare

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"golang.org/x/perf/benchmath"

	"github.com/pingpong-bench/pingpong/results"
)

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
	c := match(old, new, g)
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
		out = append(out, GateScenario{Name: s.Key.Label(), Old: s.Old, New: s.New, OldErr: s.OldErr, NewErr: s.NewErr, Noisy: s.noisy(), Harness: s.Harness})
	}
	for _, k := range c.OnlyOld {
		out = append(out, GateScenario{Name: k.Label(), Old: map[string][]float64{}, Harness: IsHarness(k.Codec)})
	}
	for _, k := range c.OnlyNew {
		out = append(out, GateScenario{Name: k.Label(), New: map[string][]float64{}, Harness: IsHarness(k.Codec)})
	}
	return out
}

func (c runComparison) write(b *strings.Builder, oldName, newName string, old, new *results.Run, g Gate) {
	fmt.Fprintf(b, "pingpong compare\n")
	fmt.Fprintf(b, "  old: %s (%s)\n", oldName, runSummary(old))
	fmt.Fprintf(b, "  new: %s (%s)\n", newName, runSummary(new))
	fmt.Fprintf(b, "  figures are medians of the repeats; a change is tested with a Mann-Whitney U test when both sides have repeats enough for it to reach alpha (%d a side)\n", RepeatsToTest)
	if n := c.tested(); n > 0 {
		fmt.Fprintf(b, "  better or worse: the change holds after correcting for the %d figures tested here (Benjamini-Hochberg: q <= %v) and its median moved %v%% or more (%v%% for tails); else ~\n",
			n, alpha, practicalPct("p50"), practicalPct("p99"))
	}
	width := 9 // the longest name compare shows unasked, probe.p99; -fail may add longer ones
	for _, m := range g {
		width = max(width, len(m.Metric))
	}
	for _, s := range c.Scenarios {
		mark := ""
		if s.noisy() {
			mark = " [noisy]"
		}
		fmt.Fprintf(b, "\n%s: %s%s\n", s.Key.Label(), s.outcome(), mark)
		if s.OldVersion != s.NewVersion {
			fmt.Fprintf(b, "  %s version: %s -> %s\n", s.Key.Codec, orUnknownVersion(s.OldVersion), orUnknownVersion(s.NewVersion))
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
		if s.outcome() == "untested" {
			fmt.Fprintf(b, "  no significance can be given: %d old and %d new repeats, too few for the test to reach alpha (%d a side can; -count)\n", s.OldRepeats, s.NewRepeats, RepeatsToTest)
		}
		for _, w := range warnings(s) {
			fmt.Fprintf(b, "  note: %s\n", w)
		}
		fmt.Fprintf(b, "  %-*s %12s %12s %9s\n", width, "", "old", "new", "delta")
		for _, ch := range changes {
			fmt.Fprintf(b, "  %-*s %12s %12s %9s", width, ch.Metric, ch.format(ch.Old), ch.format(ch.New), formatDelta(ch.Old, ch.New))
			if ch.Tested {
				fmt.Fprintf(b, "  %s", significance(ch))
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
			fmt.Fprintf(b, "  %s\n", k.Label())
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

// significance is a tested change's direction and test: "worse (p=0.008
// q=0.016 n=5)", "~ (p=0.310 q=0.930 n=5)", "~ (p=0.008 q=0.016 n=5,
// under 5%)" for a significant change too small to claim.
func significance(ch figureChange) string {
	test := testString(ch.Test, ch.Q)
	switch {
	case ch.Small:
		return fmt.Sprintf("~ (%s, under %v%%)", test, practicalPct(ch.Metric))
	case !ch.Significant:
		return fmt.Sprintf("~ (%s)", test)
	case ch.Better > 0:
		return fmt.Sprintf("better (%s)", test)
	case ch.Better < 0:
		return fmt.Sprintf("worse (%s)", test)
	}
	return fmt.Sprintf("(%s)", test)
}

// testString is a test as benchmath prints it with its q after the p:
// "p=0.008 q=0.016 n=5".
func testString(test benchmath.Comparison, q float64) string {
	p, n, _ := strings.Cut(test.String(), " ")
	return fmt.Sprintf("%s q=%.3f %s", p, q, n)
}

// tested counts the figures the comparison tested: its family's size.
func (c runComparison) tested() int {
	n := 0
	for _, s := range c.Scenarios {
		n += len(s.q)
	}
	return n
}

func runSummary(run *results.Run) string {
	e := run.Env
	reps := "1 repeat"
	if n := run.Config.Repeats(); n > 1 {
		reps = fmt.Sprintf("%d repeats", n)
	}
	s := fmt.Sprintf("%s, %s/%s, %s, GOMAXPROCS=%d, %s", e.GoVersion, e.GOOS, e.GOARCH, e.CPUName(), e.GOMAXPROCS, reps)
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
