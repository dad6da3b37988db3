package verdict

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// pointOfStops is a codec's point at 16MB on stops forced every 10ms in a
// window of n stops, against a budget of 10ms.
func pointOfStops(t *testing.T, stops []time.Duration) SizePoint {
	t.Helper()
	window := time.Duration(len(stops)) * 10 * ms
	s, ok := StopsOf([]results.Result{resultstest.Stopping("codec", 2, 0, window, stops)}, 100*ms, 10*ms)
	if !ok {
		t.Fatal("no stops")
	}
	return Level{}.pointOf(Codec{Stops: s, HasSTW: true}, results.InputInfo{Name: "attachment:16MB", Bytes: 16e6}, 10*ms)
}

// How sure a size's side is comes from how many of its stops reached the
// budget: within on n stops none of which did is 1-0.99^n sure, over on
// a count its interval puts over is at least 97.5% sure, and a size that
// is undecided, or over only because the codec stands out, says nothing.
func TestSureCountsStopsReachingTheBudget(t *testing.T) {
	us := time.Microsecond
	for _, tc := range []struct {
		n       int
		percent int
	}{{200, 86}, {300, 95}, {500, 99}} {
		p := pointOfStops(t, resultstest.StopsAround(11, tc.n, 200*us))
		want := 1 - math.Pow(BudgetQuantile, float64(tc.n))
		if !p.Within || p.Reached != 0 || p.Waits != tc.n || math.Abs(p.Sure()-want) > 1e-9 || SurePercent(p.Sure()) != tc.percent {
			t.Errorf("%d short stops: within %v, %d of %d reached, sure %.4f (%d%%); want within, %.4f (%d%%)", tc.n, p.Within, p.Reached, p.Waits, p.Sure(),
				SurePercent(p.Sure()), want, tc.percent)
		}
	}
	// 6 stops of 30ms in 200 (each counted with the two it kept the probe
	// from asking for, as the histogram counts them): over, and surely so
	long := append(resultstest.StopsAround(12, 194, 200*us), slices.Repeat([]time.Duration{30 * ms}, 6)...)
	if p := pointOfStops(t, long); !p.Over() || p.Reached != 18 || p.Sure() < 0.975 {
		t.Errorf("6 stops of 30ms in 200: over %v, %d of %d reached, sure %.4f; want over, 18 reached, at least 97.5%% sure", p.Over(), p.Reached, p.Waits, p.Sure())
	}
	// one long stop in 200: undecided, and no figure
	one := append(resultstest.StopsAround(13, 199, 200*us), 25*ms)
	if p := pointOfStops(t, one); !p.Undecided || p.Sure() != 0 {
		t.Errorf("one long stop of 200: undecided %v, sure %.4f; want undecided, no figure", p.Undecided, p.Sure())
	}
	// over because it stands out (the verdict's answer): no count says so
	out := pointOfStops(t, resultstest.StopsAround(14, 200, 200*us))
	out.Within, out.StandsOut = false, true
	if out.Sure() != 0 {
		t.Errorf("over as it stands out: sure %.4f, want no figure", out.Sure())
	}
	// a file without stop records: no figure
	if (SizePoint{Stop: ms, Within: true}).Sure() != 0 {
		t.Error("a point without stop records says how sure it is")
	}
}

// A bracket is as sure as both its sides at once; one bound alone, as
// sure as that side; none, no figure.
func TestSafeSizeSureIsBothSides(t *testing.T) {
	within := SizePoint{Input: "attachment:4MB", Bytes: 4e6, Stop: 5 * ms, Within: true, Waits: 200}
	over := SizePoint{Input: "attachment:16MB", Bytes: 16e6, Stop: 20 * ms, Waits: 200, Reached: 8}
	undecided := SizePoint{Input: "attachment:32MB", Bytes: 32e6, Stop: 9 * ms, Undecided: true, Waits: 200, Reached: 1}
	sw, so := within.Sure(), over.Sure()
	if sw <= 0 || so <= sw || so >= 1 {
		t.Fatalf("within %.4f, over %.4f", sw, so)
	}
	for _, tc := range []struct {
		name   string
		points []SizePoint
		want   float64
	}{
		{"a bracket", []SizePoint{within, over}, sw + so - 1},
		{"every size", []SizePoint{within}, sw},
		{"none", []SizePoint{over}, so},
		{"no bound", []SizePoint{undecided}, 0},
		// the bracket's bounds, whatever lies past the first over
		{"past the first over", []SizePoint{within, over, undecided}, sw + so - 1},
		// a side that says nothing leaves the bracket saying nothing
		{"over as it stands out", []SizePoint{within, {Input: "attachment:16MB", Bytes: 16e6, Stop: 5 * ms, StandsOut: true, Waits: 200}}, 0},
	} {
		if got := (SafeSize{Points: tc.points, Budget: 10 * ms}).Sure(); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: sure %.4f, want %.4f", tc.name, got, tc.want)
		}
	}
}

// A window that missed a size's rare long stops is the run that says
// "every size" where others say undecided. Of 40 windows of a size whose
// stops reach 30ms 2% of the time (its true p99 is over the budget),
// none of 100 stops is within (the floor), and of 200 stops at most two
// are (0.98^200: one in 57), each saying it is under 87% sure.
func TestWithinRarelyMissesALongTail(t *testing.T) {
	us := time.Microsecond
	within := map[int]int{}
	for _, n := range []int{100, MinBudgetStops} {
		for seed := range uint64(40) {
			rng := rand.New(rand.NewPCG(seed, 53))
			stops := resultstest.StopsAround(100+seed, n, 200*us)
			for i := range stops {
				if rng.Float64() < 0.02 {
					stops[i] = 30 * ms
				}
			}
			p := pointOfStops(t, stops)
			if !p.Within {
				continue
			}
			within[n]++
			if p.Sure() > 1-math.Pow(BudgetQuantile, float64(n)) {
				t.Errorf("%d stops, seed %d: within, %.4f sure; want at most %.4f", n, seed, p.Sure(), 1-math.Pow(BudgetQuantile, float64(n)))
			}
		}
	}
	if within[100] != 0 || within[MinBudgetStops] > 2 {
		t.Errorf("windows within on a 2%% tail of 30ms: %d of 40 at 100 stops, %d of 40 at %d; want none and at most 2", within[100], within[MinBudgetStops], MinBudgetStops)
	}
}

// binomialAtMost against sums by hand.
func TestBinomialAtMost(t *testing.T) {
	for _, tc := range []struct {
		k, n int
		p    float64
		want float64
	}{
		{0, 200, 0.01, math.Pow(0.99, 200)},
		{1, 3, 0.5, 0.5},       // 1/8 + 3/8
		{3, 100, 0.01, 0.9816}, // 0.3660 + 0.3697 + 0.1849 + 0.0610
		{-1, 10, 0.01, 0},
		{10, 10, 0.01, 1},
	} {
		if got := binomialAtMost(tc.k, tc.n, tc.p); math.Abs(got-tc.want) > 1e-4 {
			t.Errorf("P(Bin(%d, %g) <= %d) = %.5f, want %.5f", tc.n, tc.p, tc.k, got, tc.want)
		}
	}
}
