package compare

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pingpong-bench/pingpong/results"
)

// The gate turns a comparison into a CI pass or fail: -fail 'p99>+10%,rt/s<-5%'
// names, per figure, how much worse its median may get. It works on plain
// figures per scenario (GateScenario), so that it needs nothing of how a
// run is stored; the figures and the way each gets worse are
// results.Metrics'.

// GateRule is one clause of -fail: Metric regresses when its median gets
// worse by more than Pct percent, in its metric's direction.
type GateRule struct {
	Metric string
	Pct    float64 // >= 0
}

func (r GateRule) String() string {
	if r.worse() == results.LowerIsWorse {
		return r.Metric + "<-" + number(r.Pct) + "%"
	}
	return r.Metric + ">+" + number(r.Pct) + "%"
}

// limit is the rule's threshold as a signed change: "+10%", "-5%".
func (r GateRule) limit() string {
	if r.worse() == results.LowerIsWorse {
		return "-" + number(r.Pct) + "%"
	}
	return "+" + number(r.Pct) + "%"
}

func (r GateRule) worse() results.Worse {
	m, _ := results.MetricNamed(r.Metric)
	return m.Worse
}

// beyond says whether a change of delta percent is worse than the rule
// allows.
func (r GateRule) beyond(delta float64) bool {
	switch r.worse() {
	case results.HigherIsWorse:
		return delta > r.Pct
	case results.LowerIsWorse:
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
	m, ok := results.MetricNamed(name)
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
	case op == '>' && m.Worse == results.LowerIsWorse:
		return GateRule{}, fmt.Sprintf("%s is better higher, so growing is no regression (%s<-N%% is)", name, name)
	case op == '<' && m.Worse == results.HigherIsWorse:
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
	for _, m := range slices.SortedFunc(slices.Values(results.Metrics), func(a, b results.Metric) int {
		return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	}) {
		if m.Worse == results.HigherIsWorse {
			up = append(up, m.Name)
		} else {
			down = append(down, m.Name)
		}
	}
	return fmt.Sprintf("use METRIC>+N%% or METRIC<-N%%, comma separated, e.g. 'p99>+10%%,rt/s<-5%%'; >+N%% for %s; <-N%% for %s",
		strings.Join(up, ", "), strings.Join(down, ", "))
}
