package compare

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"golang.org/x/perf/benchmath"

	"github.com/pingpong-bench/pingpong/latency"
)

// GateScenario is one scenario's figures in the old and new runs: metric
// name to its value in each repeat. A nil map means the run does not have
// the scenario at all; a scenario that ran but measured nothing has an
// empty one, and OldErr or NewErr says why when known.
type GateScenario struct {
	Name           string // as compare names it, e.g. citm-catalog std 1x encdec (procs 2)
	Old, New       map[string][]float64
	OldErr, NewErr string
	Noisy          bool // either run found the machine noisy while it ran the scenario
	Harness        bool // baseline (IsHarness): listed, never gated, and no part of the family
}

// GateCheck is one rule on one scenario.
type GateCheck struct {
	Rule       GateRule
	OldN, NewN int     // repeats with the metric; a side with none is not judged
	Old, New   float64 // medians of the repeats
	Delta      float64 // median change in percent; +-Inf from 0
	Beyond     bool    // the median moved past the rule's limit, the worse way
	// Tested: both sides had repeats enough for the U test to reach
	// alpha. Then P is its p-value, Q that p corrected for every figure
	// the gate tests (familyQ), and Significant is Q <= alpha;
	// otherwise the medians alone decide.
	Tested      bool
	P, Q        float64
	Significant bool
}

// Fails says whether the check is a regression: beyond the limit, and
// significant where significance could be had.
func (c GateCheck) Fails() bool { return c.Beyond && (c.Significant || !c.Tested) }

func (c GateCheck) judged() bool { return c.OldN > 0 && c.NewN > 0 }

// GateResult is one scenario's checks, one per rule whose metric either
// side has.
type GateResult struct {
	Name    string
	Noisy   bool
	Harness bool   // baseline: listed, never judged
	OnlyIn  string // "old" or "new" when one run alone has the scenario; it is then not judged
	// Unmeasured is "old", "new" or "both" when that side ran the
	// scenario but measured nothing (every repeat failed), Err why.
	Unmeasured, Err string
	Checks          []GateCheck
}

// Regressed says whether any check fails, or the new run measured nothing
// of what the old one measured: a codec that stopped working is the worst
// regression there is.
func (v GateResult) Regressed() bool {
	return v.Unmeasured == "new" || slices.ContainsFunc(v.Checks, GateCheck.Fails)
}

// GateReport is the gate applied to every scenario.
type GateReport struct {
	Gate      Gate
	Scenarios []GateResult
}

// Failed says whether the gate fails: some scenario in both runs
// regressed, or nothing at all could be judged. A scenario in one run
// only is listed but fails nothing: a matrix that changed (a codec one
// build lacks) is no regression. But a gate that judged nothing, as with
// files of different inputs, would pass CI silently.
func (r GateReport) Failed() bool { return len(r.regressions()) > 0 || !r.judgedAny() }

func (r GateReport) regressions() []string {
	var out []string
	for _, v := range r.Scenarios {
		if v.Regressed() {
			out = append(out, v.short())
		}
	}
	return out
}

func (r GateReport) judgedAny() bool {
	return slices.ContainsFunc(r.Scenarios, func(v GateResult) bool { return slices.ContainsFunc(v.Checks, GateCheck.judged) })
}

// compared counts the scenarios both runs have.
func (r GateReport) compared() int {
	n := 0
	for _, v := range r.Scenarios {
		if v.OnlyIn == "" {
			n++
		}
	}
	return n
}

// Outcome is the gate section's last line: "REGRESSION: K of M scenarios
// (...)" where M counts the scenarios both runs have, "NOTHING JUDGED: ..."
// or "ok: no regression beyond -fail".
func (r GateReport) Outcome() string {
	if reg := r.regressions(); len(reg) > 0 {
		return fmt.Sprintf("REGRESSION: %d of %d scenarios (%s)", len(reg), r.compared(), strings.Join(reg, "; "))
	}
	if !r.judgedAny() {
		if r.compared() == 0 {
			return "NOTHING JUDGED: no scenario is in both runs"
		}
		names := make([]string, len(r.Gate))
		for i, rule := range r.Gate {
			names[i] = rule.Metric
		}
		return fmt.Sprintf("NOTHING JUDGED: no scenario has %s in both runs", strings.Join(names, " or "))
	}
	return "ok: no regression beyond -fail"
}

// names says whether a rule of g is about metric name.
func (g Gate) names(name string) bool {
	return slices.ContainsFunc(g, func(r GateRule) bool { return r.Metric == name })
}

// Evaluate applies the gate to each scenario. Its family is the figures
// its rules name, in every scenario: the gate tests those alone, so it
// corrects for fewer tests than compare's table, which tests every figure
// it shows, and can find a change of them that the table leaves at ~.
func (g Gate) Evaluate(scenarios []GateScenario) GateReport {
	rep := GateReport{Gate: g}
	var metrics []string
	for _, r := range g {
		metrics = append(metrics, r.Metric)
	}
	qs := familyQ(scenarios, metrics)
	for i, s := range scenarios {
		v := GateResult{Name: s.Name, Noisy: s.Noisy, Harness: s.Harness}
		switch {
		case s.New == nil:
			v.OnlyIn = "old"
		case s.Old == nil:
			v.OnlyIn = "new"
		case s.Harness:
		case len(s.Old) == 0 && len(s.New) == 0:
			v.Unmeasured, v.Err = "both", s.NewErr
		case len(s.New) == 0:
			v.Unmeasured, v.Err = "new", s.NewErr
		case len(s.Old) == 0:
			v.Unmeasured, v.Err = "old", s.OldErr
		default:
			for _, r := range g {
				if c, ok := check(r, s.Old[r.Metric], s.New[r.Metric], qs[i]); ok {
					v.Checks = append(v.Checks, c)
				}
			}
		}
		rep.Scenarios = append(rep.Scenarios, v)
	}
	return rep
}

// check applies one rule to one metric's repeats, q being the family's
// correction of each tested figure of the scenario; ok is false when
// neither side has the metric, as a decode pass has no rt/s.
func check(r GateRule, old, new []float64, q map[string]float64) (c GateCheck, ok bool) {
	c = GateCheck{Rule: r, OldN: len(old), NewN: len(new)}
	if !c.judged() {
		return c, c.OldN+c.NewN > 0
	}
	c.Old, c.New = latency.Median(old), latency.Median(new)
	c.Delta = deltaPct(c.Old, c.New)
	c.Beyond = r.beyond(c.Delta)
	if Testable(len(old), len(new)) {
		c.Tested, c.P, c.Q = true, uTest(old, new).P, q[r.Metric]
		c.Significant = c.Q <= alpha
	}
	return c, true
}

// Write prints the gate section: a line per scenario that moved beyond a
// limit (FAIL, or ~ when not significant) or measured nothing, a line per
// metric one side lacks and per scenario one run lacks, notes, and last
// the Outcome.
func (r GateReport) Write(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "gate: -fail '%s'\n", r.Gate)
	var mediansOnly, noisy, harness int
	var only []string
	judgedRule := map[string]bool{}
	for _, v := range r.Scenarios {
		mark := ""
		if v.Noisy {
			mark = " [noisy]"
			noisy++
		}
		switch v.Unmeasured {
		case "new":
			fmt.Fprintf(&b, "  FAIL %s: measured nothing in the new run%s%s\n", v.Name, because(v.Err), mark)
		case "old":
			fmt.Fprintf(&b, "  ?    %s: measured nothing in the old run%s, not judged\n", v.Name, because(v.Err))
		case "both":
			fmt.Fprintf(&b, "  ?    %s: measured nothing in either run%s, not judged\n", v.Name, because(v.Err))
		}
		if v.OnlyIn != "" {
			only = append(only, fmt.Sprintf("  only in %s: %s\n", v.OnlyIn, v.Name))
			continue
		}
		if v.Harness {
			harness++
			continue
		}
		untested := false
		var moved []string
		for _, c := range v.Checks {
			if !c.judged() {
				side := "new"
				if c.OldN == 0 {
					side = "old"
				}
				fmt.Fprintf(&b, "  ?    %s: %s not in the %s run, not judged\n", v.Name, c.Rule.Metric, side)
				continue
			}
			judgedRule[c.Rule.Metric] = true
			untested = untested || !c.Tested
			if c.Beyond {
				moved = append(moved, c.String())
			}
		}
		if untested {
			mediansOnly++
		}
		if len(moved) == 0 {
			continue
		}
		result := "~   "
		if v.Regressed() {
			result = "FAIL"
		}
		fmt.Fprintf(&b, "  %s %s: %s%s\n", result, v.Name, strings.Join(moved, "; "), mark)
	}
	for _, l := range only {
		b.WriteString(l)
	}
	if harness > 0 {
		fmt.Fprintf(&b, "  note: %d of %d scenarios are baseline, the harness: never gated\n", harness, r.compared())
	}
	if mediansOnly > 0 {
		fmt.Fprintf(&b, "  note: %d of %d scenarios judged on medians alone: too few repeats for a Mann-Whitney U test to reach alpha %v (%d a side can)\n",
			mediansOnly, r.compared(), alpha, RepeatsToTest)
	}
	if noisy > 0 {
		fmt.Fprintf(&b, "  note: %d of %d scenarios [noisy]: other processes or the hypervisor took over %.0f%% of a core during a repeat; a change there may be theirs\n",
			noisy, r.compared(), 100*latency.NoisyCores)
	}
	for _, rule := range r.Gate {
		if !judgedRule[rule.Metric] {
			fmt.Fprintf(&b, "  note: no scenario has %s in both runs: %s judged nothing\n", rule.Metric, rule)
		}
	}
	b.WriteString(r.Outcome() + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// because is " (why)", or nothing when why is unknown.
func because(why string) string {
	if why == "" {
		return ""
	}
	return " (" + why + ")"
}

// String is the check as a report line shows it:
// "p99 +23.4% (limit +10%, p=0.008 n=5)".
func (c GateCheck) String() string {
	test := benchmath.Comparison{N1: c.OldN, N2: c.NewN}
	how := test.String() // "n=5", "n=3+5"
	switch {
	case !c.Tested:
		how = "medians only, " + how
	case !c.Significant:
		test.P = c.P
		how = "not significant: " + testString(test, c.Q)
	default:
		test.P = c.P
		how = testString(test, c.Q)
	}
	return fmt.Sprintf("%s %s (limit %s, %s)", c.Rule.Metric, c.change(), c.Rule.limit(), how)
}

// change is the median's change: "+23.4%", or "from 0 to 3" where no
// percentage exists.
func (c GateCheck) change() string {
	if c.Old == 0 && c.New != 0 {
		return fmt.Sprintf("from 0 to %g", c.New)
	}
	return signed(c.Delta) + "%"
}

// short is the scenario's failing checks for the outcome line:
// "p99 +23.4% in citm-catalog std 1x encdec (procs 2)", or what it lacks.
func (v GateResult) short() string {
	if v.Unmeasured == "new" {
		return "measured nothing in " + v.Name
	}
	var s []string
	for _, c := range v.Checks {
		if c.Fails() {
			s = append(s, c.Rule.Metric+" "+c.change())
		}
	}
	out := strings.Join(s, ", ") + " in " + v.Name
	if v.Noisy {
		out += " [noisy]"
	}
	return out
}
