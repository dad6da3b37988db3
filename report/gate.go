package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchmath"

	"pingpong/latency"
)

// The gate turns a comparison into a CI verdict: -fail 'p99>+10%,rt/s<-5%'
// names, per figure, how much worse its median may get. It works on plain
// figures per scenario (GateScenario), so that it needs nothing of how a
// run is stored; the figures and the way each gets worse are metrics'
// (metric.go).

// GateRule is one clause of -fail: Metric regresses when its median gets
// worse by more than Pct percent, in its metric's direction.
type GateRule struct {
	Metric string
	Pct    float64 // >= 0
}

func (r GateRule) String() string {
	if r.worse() == lowerIsWorse {
		return r.Metric + "<-" + number(r.Pct) + "%"
	}
	return r.Metric + ">+" + number(r.Pct) + "%"
}

// limit is the rule's threshold as a signed change: "+10%", "-5%".
func (r GateRule) limit() string {
	if r.worse() == lowerIsWorse {
		return "-" + number(r.Pct) + "%"
	}
	return "+" + number(r.Pct) + "%"
}

func (r GateRule) worse() worse {
	m, _ := metricNamed(r.Metric)
	return m.worse
}

// beyond says whether a change of delta percent is worse than the rule
// allows.
func (r GateRule) beyond(delta float64) bool {
	switch r.worse() {
	case higherIsWorse:
		return delta > r.Pct
	case lowerIsWorse:
		return delta < -r.Pct
	}
	return false
}

// Gate is a parsed -fail expression.
type Gate []GateRule

func (g Gate) String() string {
	s := make([]string, len(g))
	for i, r := range g {
		s[i] = r.String()
	}
	return strings.Join(s, ",")
}

// ParseGate reads a -fail expression: comma-separated rules METRIC>+N%
// (fails when the metric grows by more than N%) or METRIC<-N% (falls by
// more than N%). A rule whose direction is an improvement, such as
// rt/s>+5%, is refused rather than read as meant: a gate that can never
// fire on a regression would pass CI silently.
func ParseGate(expr string) (Gate, error) {
	if strings.TrimSpace(expr) == "" {
		return nil, fmt.Errorf("-fail %q: empty; %s", expr, gateUsage())
	}
	clauses := strings.Split(expr, ",")
	var g Gate
	for _, c := range clauses {
		r, reason := parseRule(c)
		if reason == "" && slices.ContainsFunc(g, func(o GateRule) bool { return o.Metric == r.Metric }) {
			reason = r.Metric + " has two rules"
		}
		if reason != "" {
			if len(clauses) > 1 {
				reason = fmt.Sprintf("rule %q: %s", strings.TrimSpace(c), reason)
			}
			return nil, fmt.Errorf("-fail %q: %s; %s", expr, reason, gateUsage())
		}
		g = append(g, r)
	}
	return g, nil
}

// parseRule reads one clause, or says in a few words what is wrong with it.
func parseRule(s string) (GateRule, string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return GateRule{}, "empty rule"
	}
	i := strings.IndexAny(s, "<>")
	if i < 0 {
		return GateRule{}, "no > or <"
	}
	name, op, rest := strings.TrimSpace(s[:i]), s[i], strings.TrimSpace(s[i+1:])
	if name == "" {
		return GateRule{}, "no metric before " + string(op)
	}
	m, ok := metricNamed(name)
	if !ok {
		return GateRule{}, fmt.Sprintf("unknown metric %q", name)
	}
	if rest == "" {
		return GateRule{}, "no percentage after " + string(op)
	}
	switch sign := rest[0]; {
	case sign != '+' && sign != '-':
		return GateRule{}, "missing sign"
	case op == '>' && sign == '-', op == '<' && sign == '+':
		return GateRule{}, fmt.Sprintf("%c%c mixes directions: > takes +N%% (grew by more than N%%), < takes -N%%", op, sign)
	}
	num, ok := strings.CutSuffix(rest[1:], "%")
	if !ok || !isDecimal(num) {
		return GateRule{}, fmt.Sprintf("%q is not a percentage", rest[1:])
	}
	pct, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return GateRule{}, fmt.Sprintf("%q is not a percentage", rest[1:])
	}
	switch {
	case op == '>' && m.worse == lowerIsWorse:
		return GateRule{}, fmt.Sprintf("%s is better higher, so growing is no regression (%s<-N%% is)", name, name)
	case op == '<' && m.worse == higherIsWorse:
		return GateRule{}, fmt.Sprintf("%s is better lower, so falling is no regression (%s>+N%% is)", name, name)
	case op == '<' && pct >= 100:
		return GateRule{}, fmt.Sprintf("%s cannot fall by %s%% or more", name, num)
	}
	return GateRule{Metric: name, Pct: pct}, ""
}

// isDecimal accepts what a person writes for a percentage, "10" or
// "2.5", and not the rest of what ParseFloat takes (Inf, 1e3, 0x1p3).
func isDecimal(s string) bool {
	digits, dots := 0, 0
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1
}

// gateUsage is the accepted form, for every parse error.
func gateUsage() string {
	var up, down []string
	for _, m := range slices.SortedFunc(slices.Values(metrics), func(a, b metric) int {
		return strings.Compare(strings.ToLower(a.name), strings.ToLower(b.name))
	}) {
		if m.worse == higherIsWorse {
			up = append(up, m.name)
		} else {
			down = append(down, m.name)
		}
	}
	return fmt.Sprintf("use METRIC>+N%% or METRIC<-N%%, comma separated, e.g. 'p99>+10%%,rt/s<-5%%'; >+N%% for %s; <-N%% for %s",
		strings.Join(up, ", "), strings.Join(down, ", "))
}

// GateScenario is one scenario's figures in the old and new runs: metric
// name to its value in each repeat. A nil map means the run does not have
// the scenario at all; a scenario that ran but measured nothing has an
// empty one, and OldErr or NewErr says why when known.
type GateScenario struct {
	Name           string // as compare names it, e.g. citm-catalog std 1x encdec (procs 2)
	Old, New       map[string][]float64
	OldErr, NewErr string
	Noisy          bool // either run found the machine noisy while it ran the scenario
}

// GateCheck is one rule on one scenario.
type GateCheck struct {
	Rule       GateRule
	OldN, NewN int     // repeats with the metric; a side with none is not judged
	Old, New   float64 // medians of the repeats
	Delta      float64 // median change in percent; +-Inf from 0
	Beyond     bool    // the median moved past the rule's limit, the worse way
	// Tested: both sides had repeats enough for the U test to reach
	// alpha. Then P is its p-value and Significant is P <= alpha;
	// otherwise the medians alone decide.
	Tested      bool
	P           float64
	Significant bool
}

// Fails says whether the check is a regression: beyond the limit, and
// significant where significance could be had.
func (c GateCheck) Fails() bool { return c.Beyond && (c.Significant || !c.Tested) }

func (c GateCheck) judged() bool { return c.OldN > 0 && c.NewN > 0 }

// GateVerdict is one scenario's checks, one per rule whose metric either
// side has.
type GateVerdict struct {
	Name   string
	Noisy  bool
	OnlyIn string // "old" or "new" when one run alone has the scenario; it is then not judged
	// Unmeasured is "old", "new" or "both" when that side ran the
	// scenario but measured nothing (every repeat failed), Err why.
	Unmeasured, Err string
	Checks          []GateCheck
}

// Regressed says whether any check fails, or the new run measured nothing
// of what the old one measured: a codec that stopped working is the worst
// regression there is.
func (v GateVerdict) Regressed() bool {
	return v.Unmeasured == "new" || slices.ContainsFunc(v.Checks, GateCheck.Fails)
}

// GateReport is the gate applied to every scenario.
type GateReport struct {
	Gate      Gate
	Scenarios []GateVerdict
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
	return slices.ContainsFunc(r.Scenarios, func(v GateVerdict) bool { return slices.ContainsFunc(v.Checks, GateCheck.judged) })
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

// Verdict is the gate section's last line: "REGRESSION: K of M scenarios
// (...)" where M counts the scenarios both runs have, "NOTHING JUDGED: ..."
// or "ok: no regression beyond -fail".
func (r GateReport) Verdict() string {
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

// Evaluate applies the gate to each scenario.
func (g Gate) Evaluate(scenarios []GateScenario) GateReport {
	rep := GateReport{Gate: g}
	for _, s := range scenarios {
		v := GateVerdict{Name: s.Name, Noisy: s.Noisy}
		switch {
		case s.New == nil:
			v.OnlyIn = "old"
		case s.Old == nil:
			v.OnlyIn = "new"
		case len(s.Old) == 0 && len(s.New) == 0:
			v.Unmeasured, v.Err = "both", s.NewErr
		case len(s.New) == 0:
			v.Unmeasured, v.Err = "new", s.NewErr
		case len(s.Old) == 0:
			v.Unmeasured, v.Err = "old", s.OldErr
		default:
			for _, r := range g {
				if c, ok := check(r, s.Old[r.Metric], s.New[r.Metric]); ok {
					v.Checks = append(v.Checks, c)
				}
			}
		}
		rep.Scenarios = append(rep.Scenarios, v)
	}
	return rep
}

// check applies one rule to one metric's repeats; ok is false when
// neither side has the metric, as baseline has no MB/s.
func check(r GateRule, old, new []float64) (c GateCheck, ok bool) {
	c = GateCheck{Rule: r, OldN: len(old), NewN: len(new)}
	if !c.judged() {
		return c, c.OldN+c.NewN > 0
	}
	c.Old, c.New = latency.Median(old), latency.Median(new)
	c.Delta = deltaPct(c.Old, c.New)
	c.Beyond = r.beyond(c.Delta)
	if uTestCanReachAlpha(len(old), len(new)) {
		cmp := uTest(old, new)
		c.Tested, c.P, c.Significant = true, cmp.P, cmp.P <= cmp.Alpha
	}
	return c, true
}

func deltaPct(old, new float64) float64 {
	switch {
	case old == new:
		return 0
	case old == 0:
		return math.Inf(int(math.Copysign(1, new)))
	}
	return (new/old - 1) * 100
}

// uTest is compare's test: benchstat's default, a Mann-Whitney U test at
// its default alpha.
func uTest(old, new []float64) benchmath.Comparison {
	th := benchmath.DefaultThresholds
	return benchmath.AssumeNothing.Compare(benchmath.NewSample(old, &th), benchmath.NewSample(new, &th))
}

// uTestCanReachAlpha says whether n1 against n2 repeats can ever be
// significant. The smallest p the test can give is that of two samples
// that do not overlap at all, so benchmath is asked for exactly that rather
// than a table kept here: 3 against 3 cannot (p >= 0.1), 4 against 4 or 3
// against 5 can.
func uTestCanReachAlpha(n1, n2 int) bool {
	if n1 == 0 || n2 == 0 {
		return false
	}
	a, b := make([]float64, n1), make([]float64, n2)
	for i := range a {
		a[i] = float64(i)
	}
	for i := range b {
		b[i] = float64(n1 + i)
	}
	cmp := uTest(a, b)
	return cmp.P <= cmp.Alpha
}

// Write prints the gate section: a line per scenario that moved beyond a
// limit (FAIL, or ~ when not significant) or measured nothing, a line per
// metric one side lacks and per scenario one run lacks, notes, and last
// the Verdict.
func (r GateReport) Write(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "gate: -fail '%s'\n", r.Gate)
	var mediansOnly, noisy int
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
		verdict := "~   "
		if v.Regressed() {
			verdict = "FAIL"
		}
		fmt.Fprintf(&b, "  %s %s: %s%s\n", verdict, v.Name, strings.Join(moved, "; "), mark)
	}
	for _, l := range only {
		b.WriteString(l)
	}
	if mediansOnly > 0 {
		fmt.Fprintf(&b, "  note: %d of %d scenarios judged on medians alone: too few repeats for a Mann-Whitney U test to reach alpha %v (%d a side can)\n",
			mediansOnly, r.compared(), benchmath.DefaultThresholds.CompareAlpha, minTestableRepeats())
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
	b.WriteString(r.Verdict() + "\n")
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
	n := fmt.Sprintf("n=%d+%d", c.OldN, c.NewN)
	if c.OldN == c.NewN {
		n = fmt.Sprintf("n=%d", c.OldN)
	}
	how := fmt.Sprintf("p=%.3f %s", c.P, n)
	switch {
	case !c.Tested:
		how = "medians only, " + n
	case !c.Significant:
		how = "not significant: " + how
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

// short is the scenario's failing checks for the verdict line:
// "p99 +23.4% in input=x/impl=std/pairs=2", or what it lacks.
func (v GateVerdict) short() string {
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

// minTestableRepeats is the fewest repeats a side, equal on both sides,
// with which the U test can reach alpha.
func minTestableRepeats() int {
	n := 1
	for !uTestCanReachAlpha(n, n) {
		n++
	}
	return n
}

// number prints a percentage with one decimal at most: "10", "2.5".
func number(v float64) string {
	return strings.TrimSuffix(strconv.FormatFloat(v, 'f', 1, 64), ".0")
}

func signed(v float64) string {
	if v >= 0 {
		return "+" + number(v)
	}
	return "-" + number(-v)
}
