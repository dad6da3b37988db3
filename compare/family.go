package compare

import (
	"math"
	"slices"

	"golang.org/x/perf/benchmath"

	"github.com/pingpong-bench/pingpong/results"
)

// One rule decides, for compare and the -fail gate alike, when a change is
// claimed: its U test holds after the Benjamini-Hochberg correction for
// every figure tested, across every scenario (baseline's aside), and the
// median moved beyond a practical threshold: the -fail rule's limit in the
// gate, practicalPct in compare's table. compare's table tests every
// figure it shows; the gate only those its rules name.
//
// Why Benjamini-Hochberg and not Holm: with 5 repeats a side the smallest
// p a U test can give is 2/252 = 0.0079, while Holm's first threshold is
// alpha/m, below that as soon as a comparison tests 7 figures: with Holm,
// the default -count could never claim anything. BH's thresholds grow with
// the rank (alpha*k/m), so a real change, which moves several figures of a
// codec at once (n, p50, p99, rt/s, MB/s at every level), clears them. When
// nothing changed, which is what a false alarm needs, BH's false discovery
// rate is its familywise error rate: some false claim in at most alpha of
// the comparisons, however many figures they test.

// alpha is the rate of false alarms the correction holds a comparison to:
// benchstat's alpha, now for the whole comparison rather than each test.
var alpha = benchmath.DefaultThresholds.CompareAlpha

// RepeatsToTest is the fewest repeats a side, equal on both sides, with
// which a difference can be tested at all (Testable): every help text that
// names the repeats compare needs quotes it.
var RepeatsToTest = minTestableRepeats()

// IsHarness says whether a scenario's codec is one of the references
// (results.IsReference: baseline, control): its figures are reported but
// never tested, gated, or called better or worse. Baseline's
// sub-microsecond round trip moves with the binary's code layout, not with
// any codec; control's is a calibrated loop, not a codec's work.
func IsHarness(codec string) bool { return results.IsReference(codec) }

// practicalPct is the smallest change of a figure's median, in percent,
// that compare calls better or worse: a significant change smaller than
// this is real but no news. Throughput and medians move less from noise
// than tails, so they need less.
func practicalPct(metric string) float64 {
	switch metric {
	case "n", "rt/s", "ops/s", "docs/s", "MB/s", "min", "p50", "mean", "alloc", "allocs", "heap.peak":
		return 5
	}
	return 10
}

// adjustBH is the Benjamini-Hochberg adjusted p of each p (its q): the
// smallest false discovery rate at which it would be claimed. Claiming
// every q <= alpha is the BH procedure at alpha.
func adjustBH(ps []float64) []float64 {
	m := len(ps)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return compareFloat(ps[a], ps[b]) })
	q := make([]float64, m)
	running := 1.0
	for rank := m; rank >= 1; rank-- {
		i := order[rank-1]
		running = math.Min(running, ps[i]*float64(m)/float64(rank))
		q[i] = running
	}
	return q
}

func compareFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// test is one figure of one scenario as the family tests it.
type test struct {
	scenario int
	metric   string
	p        float64
}

// familyQ tests every figure named in metrics of every scenario both sides
// have it in, with repeats enough (Testable), the harness's aside, and
// corrects for their number: the q of each, by scenario index and metric.
func familyQ(scenarios []GateScenario, metrics []string) []map[string]float64 {
	var tests []test
	for i, s := range scenarios {
		if s.Harness || s.Old == nil || s.New == nil {
			continue
		}
		for _, m := range metrics {
			old, new := s.Old[m], s.New[m]
			if !Testable(len(old), len(new)) {
				continue
			}
			tests = append(tests, test{scenario: i, metric: m, p: uTest(old, new).P})
		}
	}
	ps := make([]float64, len(tests))
	for i, t := range tests {
		ps[i] = t.p
	}
	out := make([]map[string]float64, len(scenarios))
	for i, q := range adjustBH(ps) {
		t := tests[i]
		if out[t.scenario] == nil {
			out[t.scenario] = map[string]float64{}
		}
		out[t.scenario][t.metric] = q
	}
	return out
}

// familyMetrics are the figures compare's table tests: those it shows
// unasked, and those g's rules name.
func familyMetrics(g Gate) []string {
	var out []string
	for _, m := range results.Metrics {
		if m.Shown || g.names(m.Name) {
			out = append(out, m.Name)
		}
	}
	return out
}
