package compare

import (
	"errors"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
)

func TestParseGate(t *testing.T) {
	for _, tc := range []struct {
		expr string
		want Gate
	}{
		{"p99>+10%", Gate{{"p99", 10}}},
		{"p99>+10%,rt/s<-5%,stw.max>+50%", Gate{{"p99", 10}, {"rt/s", 5}, {"stw.max", 50}}},
		{" p99 > +2.5% , MB/s<-0% ", Gate{{"p99", 2.5}, {"MB/s", 0}}},
		{"docs/s<-99.5%", Gate{{"docs/s", 99.5}}},
	} {
		got, err := ParseGate(tc.expr)
		if err != nil {
			t.Errorf("%q: %v", tc.expr, err)
			continue
		}
		if len(got) != len(tc.want) {
			t.Errorf("%q: got %v, want %v", tc.expr, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%q: got %v, want %v", tc.expr, got, tc.want)
			}
		}
	}
}

func TestParseGateRefusesBadForms(t *testing.T) {
	for _, tc := range []struct{ expr, reason string }{
		{"", `-fail "": empty; use`},
		{"  ", `empty`},
		{"p99>10%", `-fail "p99>10%": missing sign; use METRIC>+N% or METRIC<-N%, comma separated, e.g. 'p99>+10%,rt/s<-5%'; >+N% for alloc, allocs,`},
		{"p99>+10", `"10" is not a percentage`},
		{"p99>+ten%", `"ten%" is not a percentage`},
		{"p99>+1e3%", `"1e3%" is not a percentage`},
		{"p99>+Inf%", `not a percentage`},
		{"p99>+-5%", `"-5%" is not a percentage`},
		{"p99>+1.2.3%", `not a percentage`},
		{"p99>+%", `not a percentage`},
		{"p99>", `no percentage after >`},
		{"p99", `no > or <`},
		{">+10%", `no metric before >`},
		{"p98>+10%", `unknown metric "p98"`},
		{"mb/s<-5%", `unknown metric "mb/s"`},
		{"p99>-10%", `>- mixes directions`},
		{"rt/s<+5%", `<+ mixes directions`},
		{"rt/s>+5%", `rt/s is better higher, so growing is no regression (rt/s<-N% is)`},
		{"p99<-5%", `p99 is better lower, so falling is no regression (p99>+N% is)`},
		{"rt/s<-100%", `rt/s cannot fall by 100% or more`},
		{"p99>+10%,", `-fail "p99>+10%,": rule "": empty rule; use`},
		{"p99>+10%,,rt/s<-5%", `empty rule`},
		{"p99>+10%,rt/s>5%", `-fail "p99>+10%,rt/s>5%": rule "rt/s>5%": missing sign;`},
		{"p99>+10%,p99>+20%", `rule "p99>+20%": p99 has two rules`},
	} {
		g, err := ParseGate(tc.expr)
		if err == nil {
			t.Errorf("%q: accepted as %v", tc.expr, g)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, tc.reason) {
			t.Errorf("%q: error\n  %s\nwant it to contain\n  %s", tc.expr, msg, tc.reason)
		}
		if strings.Contains(msg, "\n") || !strings.Contains(msg, "; <-N% for docs/s, MB/s, n, ops/s, rt/s") {
			t.Errorf("%q: error %q is not one line ending with the metrics", tc.expr, msg)
		}
	}
}

func TestGateRuleStringRoundTrips(t *testing.T) {
	const expr = "p99>+10%,rt/s<-5%,stw.max>+50%,gc.pause.max>+2.5%"
	g, err := ParseGate(expr)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.String(); got != expr {
		t.Errorf("String() = %q, want %q", got, expr)
	}
}

func TestGateMetricsCoverTheConsole(t *testing.T) {
	// The names a console row prints (row.go, responsiveness.go,
	// openloop.go), and two still to come. Each metric of the table is
	// read from a result, so it needs a direction, a value and a unit.
	for _, m := range []string{"p50", "p95", "p99", "max", "rt/s", "ops/s", "MB/s", "probe.p99", "probe.max",
		"sched.p99", "sched.p50", "sched.max", "gc", "gc.pauses", "gc.pause.total", "gc.pause.max", "gc.cpu",
		"alloc", "allocs", "heap.peak", "late", "uncorr.p50", "uncorr.p99", "stw.p99", "stw.max", "docs/s"} {
		if got, ok := results.MetricNamed(m); !ok || got.Worse == 0 || got.Value == nil || got.Unit == 0 {
			t.Errorf("%s: not in metrics, or without a direction, a value or a unit", m)
		}
	}
}

func TestUTestCanReachAlpha(t *testing.T) {
	// At alpha 0.05 the smallest two-sided p is 2/C(n1+n2, n1).
	for _, tc := range []struct {
		n1, n2 int
		want   bool
	}{
		{0, 5, false}, {1, 1, false}, {2, 2, false}, {3, 3, false}, {4, 4, true}, {3, 5, true}, {5, 3, true},
		{3, 4, false}, {2, 7, false}, {2, 8, true}, {1, 38, false}, {1, 39, true}, {10, 10, true},
	} {
		if got := Testable(tc.n1, tc.n2); got != tc.want {
			t.Errorf("%d against %d repeats: %v, want %v", tc.n1, tc.n2, got, tc.want)
		}
	}
	if n := minTestableRepeats(); n != 4 {
		t.Errorf("minTestableRepeats() = %d, want 4", n)
	}
}

// gateOutput evaluates expr on the scenarios and returns what Write
// prints and whether the gate failed.
func gateOutput(t *testing.T, expr string, scenarios ...GateScenario) (string, bool) {
	t.Helper()
	g, err := ParseGate(expr)
	if err != nil {
		t.Fatal(err)
	}
	rep := g.Evaluate(scenarios)
	var b strings.Builder
	if err := rep.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.String(), rep.Failed()
}

func checkGate(t *testing.T, got string, failed bool, want string, wantFailed bool) {
	t.Helper()
	if got != want {
		t.Errorf("gate section:\n--- got\n%s--- want\n%s", got, want)
	}
	if failed != wantFailed {
		t.Errorf("Failed() = %v, want %v", failed, wantFailed)
	}
}

// Five repeats a side: the U test can reach alpha.
var (
	p99Old  = []float64{10, 10.1, 9.9, 10.2, 9.8}
	p99Up23 = []float64{12.3, 12.4, 12.2, 12.5, 12.1} // median +23%, no overlap: p = 2/252
	rtsOld  = []float64{1000, 1010, 990, 1005, 995}
)

func TestGateSignificantRegression(t *testing.T) {
	got, failed := gateOutput(t, "p99>+10%,rt/s<-5%", GateScenario{
		Name: "input=x/impl=std/pairs=2",
		Old:  map[string][]float64{"p99": p99Old, "rt/s": rtsOld},
		New:  map[string][]float64{"p99": p99Up23, "rt/s": rtsOld},
	})
	checkGate(t, got, failed, `gate: -fail 'p99>+10%,rt/s<-5%'
  FAIL input=x/impl=std/pairs=2: p99 +23% (limit +10%, p=0.008 q=0.016 n=5)
REGRESSION: 1 of 1 scenarios (p99 +23% in input=x/impl=std/pairs=2)
`, true)
}

func TestGateInsignificantRegressionIsReportedButPasses(t *testing.T) {
	got, failed := gateOutput(t, "p99>+10%", GateScenario{
		Name: "input=x/impl=std/pairs=2",
		Old:  map[string][]float64{"p99": {10, 11, 9, 12, 8}},
		New:  map[string][]float64{"p99": {11.5, 8.5, 13, 9.5, 12}}, // median +15%, spread over old's
	}, GateScenario{
		Name: "input=x/impl=sonic/pairs=2",
		Old:  map[string][]float64{"p99": p99Old},
		New:  map[string][]float64{"p99": p99Old},
	})
	checkGate(t, got, failed, `gate: -fail 'p99>+10%'
  ~    input=x/impl=std/pairs=2: p99 +15% (limit +10%, not significant: p=0.452 q=0.905 n=5)
ok: no regression beyond -fail
`, false)
}

func TestGateJudgesMediansAloneWithFewRepeats(t *testing.T) {
	got, failed := gateOutput(t, "p99>+10%,rt/s<-5%", GateScenario{
		Name: "input=x/impl=std/pairs=2",
		Old:  map[string][]float64{"p99": {10, 10.2}, "rt/s": {1000, 1000}},
		New:  map[string][]float64{"p99": {13, 12.9}, "rt/s": {900, 920, 910}}, // p99 +28.2%, rt/s -9%
		// Throughput fell too: both show, on one line.
	})
	checkGate(t, got, failed, `gate: -fail 'p99>+10%,rt/s<-5%'
  FAIL input=x/impl=std/pairs=2: p99 +28.2% (limit +10%, medians only, n=2); rt/s -9% (limit -5%, medians only, n=2+3)
  note: 1 of 1 scenarios judged on medians alone: too few repeats for a Mann-Whitney U test to reach alpha 0.05 (4 a side can)
REGRESSION: 1 of 1 scenarios (p99 +28.2%, rt/s -9% in input=x/impl=std/pairs=2)
`, true)
}

func TestGateNoChange(t *testing.T) {
	got, failed := gateOutput(t, "p99>+10%,rt/s<-5%", GateScenario{
		Name: "input=x/impl=std/pairs=2",
		Old:  map[string][]float64{"p99": p99Old, "rt/s": rtsOld},
		New:  map[string][]float64{"p99": p99Old, "rt/s": rtsOld},
	})
	checkGate(t, got, failed, `gate: -fail 'p99>+10%,rt/s<-5%'
ok: no regression beyond -fail
`, false)
}

func TestGateImprovementIsNoRegression(t *testing.T) {
	got, failed := gateOutput(t, "p99>+10%,rt/s<-5%", GateScenario{
		Name: "input=x/impl=std/pairs=2",
		Old:  map[string][]float64{"p99": p99Up23, "rt/s": rtsOld},
		New:  map[string][]float64{"p99": p99Old, "rt/s": {2000, 2010, 1990, 2005, 1995}},
	})
	checkGate(t, got, failed, "gate: -fail 'p99>+10%,rt/s<-5%'\nok: no regression beyond -fail\n", false)
}

func TestGateListsWhatItCouldNotJudge(t *testing.T) {
	got, failed := gateOutput(t, "p99>+10%,stw.max>+50%,gc>+50%",
		GateScenario{Name: "a", Old: map[string][]float64{"p99": p99Old}, New: map[string][]float64{"p99": p99Up23}, Noisy: true},
		GateScenario{Name: "b", Old: map[string][]float64{"p99": p99Old}}, // gone from the new run
		GateScenario{Name: "c", New: map[string][]float64{"p99": p99Old}},
		GateScenario{Name: "d", Old: map[string][]float64{"p99": p99Old, "gc": {0, 0, 0, 0}}, New: map[string][]float64{"gc": {3, 3, 4, 3}}},
	)
	checkGate(t, got, failed, `gate: -fail 'p99>+10%,stw.max>+50%,gc>+50%'
  FAIL a: p99 +23% (limit +10%, p=0.008 q=0.016 n=5) [noisy]
  ?    d: p99 not in the new run, not judged
  FAIL d: gc from 0 to 3 (limit +50%, p=0.029 q=0.029 n=4)
  only in old: b
  only in new: c
  note: 1 of 2 scenarios [noisy]: other processes or the hypervisor took over 10% of a core during a repeat; a change there may be theirs
  note: no scenario has stw.max in both runs: stw.max>+50% judged nothing
REGRESSION: 2 of 2 scenarios (p99 +23% in a [noisy]; gc from 0 to 3 in d)
`, true)
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestGateWriteReturnsTheWriteError(t *testing.T) {
	if err := (GateReport{}).Write(failingWriter{}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Write to a failing writer: %v", err)
	}
}

func TestGateFailsWhenTheNewRunMeasuredNothing(t *testing.T) {
	got, failed := gateOutput(t, "p99>+10%",
		GateScenario{Name: "a", Old: map[string][]float64{"p99": p99Old}, New: map[string][]float64{}, NewErr: "echo decode: boom"},
		GateScenario{Name: "b", Old: map[string][]float64{}, New: map[string][]float64{"p99": p99Old}, OldErr: "worker died"},
		GateScenario{Name: "c", Old: map[string][]float64{}, New: map[string][]float64{}},
		GateScenario{Name: "d", Old: map[string][]float64{"p99": p99Old}, New: map[string][]float64{"p99": p99Old}},
	)
	checkGate(t, got, failed, `gate: -fail 'p99>+10%'
  FAIL a: measured nothing in the new run (echo decode: boom)
  ?    b: measured nothing in the old run (worker died), not judged
  ?    c: measured nothing in either run, not judged
REGRESSION: 1 of 4 scenarios (measured nothing in a)
`, true)
}

// A gate that judged nothing must not pass CI as if all were well.
func TestGateFailsWhenItJudgedNothing(t *testing.T) {
	got, failed := gateOutput(t, "p99>+10%",
		GateScenario{Name: "a", Old: map[string][]float64{"p99": p99Old}},
		GateScenario{Name: "b", New: map[string][]float64{"p99": p99Old}},
	)
	checkGate(t, got, failed, `gate: -fail 'p99>+10%'
  only in old: a
  only in new: b
  note: no scenario has p99 in both runs: p99>+10% judged nothing
NOTHING JUDGED: no scenario is in both runs
`, true)

	got, failed = gateOutput(t, "stw.max>+50%,probe.p99>+20%",
		GateScenario{Name: "a", Old: map[string][]float64{"p99": p99Old}, New: map[string][]float64{"p99": p99Old}})
	checkGate(t, got, failed, `gate: -fail 'stw.max>+50%,probe.p99>+20%'
  note: no scenario has stw.max in both runs: stw.max>+50% judged nothing
  note: no scenario has probe.p99 in both runs: probe.p99>+20% judged nothing
NOTHING JUDGED: no scenario has stw.max or probe.p99 in both runs
`, true)
}
