package verdict

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// stopsOf are the pooled stops of one row of stops in 2s, cut as a run
// with -slice 100ms cuts them.
func stopsOf(t *testing.T, stops []time.Duration) Stops {
	t.Helper()
	s, ok := StopsOf([]results.Result{resultstest.Stopping("codec", 2, 0, 2*time.Second, stops)}, 100*ms, 10*ms)
	if !ok {
		t.Fatal("no stops")
	}
	return s
}

// A p99 far under the budget is within it, one far over it is over, and
// one that three stops of 200 put over it is undecided: its interval
// straddles the budget. Each interval holds its estimate.
func TestWaitIntervalDecides(t *testing.T) {
	us := time.Microsecond
	tail := func(n int, long time.Duration) []time.Duration {
		return append(resultstest.StopsAround(4, 200-n, 100*us), slices.Repeat([]time.Duration{long}, n)...)
	}
	for _, tc := range []struct {
		name              string
		stops             []time.Duration
		within, undecided bool
	}{
		{"far under", resultstest.StopsAround(5, 200, ms), true, false},
		{"far over", tail(20, 30*ms), false, false},
		{"at the budget", tail(3, 12*ms), false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			iv, ok := stopsOf(t, tc.stops).WaitInterval(BudgetQuantile, false)
			if !ok || iv.Lo > iv.Est || iv.Hi < iv.Est {
				t.Fatalf("interval %+v (ok %v) does not hold its estimate", iv, ok)
			}
			within, over := iv.Hi < 10*ms, iv.Lo >= 10*ms
			if within != tc.within || (!within && !over) != tc.undecided {
				t.Errorf("p99 %v (%v to %v): within %v, over %v; want within %v, undecided %v", iv.Est, iv.Lo, iv.Hi, within, over, tc.within, tc.undecided)
			}
		})
	}
	// A file without stop records: the estimate alone.
	s := stopsOf(t, resultstest.StopsAround(5, 200, ms))
	s.records = nil
	if iv, ok := s.WaitInterval(BudgetQuantile, false); ok || iv.Lo != iv.Est || iv.Hi != iv.Est {
		t.Errorf("without records: %+v, ok %v", iv, ok)
	}
}

// The interval covers: over 40 windows of stops drawn from one log-normal
// spread, the 95% interval of each window's p99 holds the spread's own
// p99 in most of them (fixed seeds: no run of this test differs).
func TestWaitIntervalCovers(t *testing.T) {
	const typical, sigma = ms, 0.6 // StopsAround's spread
	truth := time.Duration(float64(typical) * math.Exp(sigma*2.3263))
	covered := 0
	const windows = 40
	for seed := range uint64(windows) {
		iv, _ := stopsOf(t, resultstest.StopsAround(100+seed, 200, typical)).WaitInterval(BudgetQuantile, false)
		if iv.Lo <= truth && truth <= iv.Hi {
			covered++
		}
	}
	if covered < windows*85/100 {
		t.Errorf("the interval held the true p99 (%v) in %d of %d windows, want about 95%%", truth, covered, windows)
	}
}

// Head never says "every size" where a size it would need is undecided:
// it says between which sizes the safe size is undecided.
func TestHeadUndecided(t *testing.T) {
	at := func(mb float64, side string) SizePoint {
		return SizePoint{Input: fmt.Sprintf("attachment:%gMB", mb), Bytes: int(mb * 1e6), Stop: 5 * ms, Within: side == "within", Undecided: side == "undecided"}
	}
	for _, tc := range []struct {
		points []SizePoint
		head   string
	}{
		{[]SizePoint{at(1, "within"), at(4, "within"), at(16, "undecided")}, "undecided from 4MB up"},
		{[]SizePoint{at(1, "within"), at(4, "undecided"), at(16, "over")}, "undecided between 1MB and 16MB"},
		{[]SizePoint{at(1, "undecided"), at(4, "over")}, "undecided below 4MB"},
		{[]SizePoint{at(1, "undecided"), at(4, "undecided")}, "undecided at every size tried"},
		// an undecided size below one within is no bound of it, but
		// leaves "every size" unsaid
		{[]SizePoint{at(1, "undecided"), at(4, "within"), at(16, "within")}, "up to 16MB"},
		{[]SizePoint{at(1, "within"), at(4, "within")}, "every size tried"},
		{[]SizePoint{at(1, "over"), at(4, "undecided")}, "none of the sizes tried"},
	} {
		s := SafeSize{Points: tc.points, Budget: 10 * ms}
		if got := s.Head(); got != tc.head {
			t.Errorf("%+v: %q, want %q", tc.points, got, tc.head)
		}
		if s.Everywhere() != (tc.head == "every size tried") {
			t.Errorf("%q: everywhere %v", tc.head, s.Everywhere())
		}
	}
}

// world is a size's rows of a synthetic machine: baseline's 200 stops in
// 2s around 100us, and each codec's the same but for its long ones, as
// many as tail says, each waiting stop(MB) (sonic: 100us + 1.6ms per MB,
// crossing the budget at 6.2MB).
func world(input string, mb float64) []results.Result {
	us := time.Microsecond
	long := 100*us + time.Duration(mb*float64(1600*us))
	rows := []results.Result{resultstest.Stopping(results.Baseline, 2, 0, 2*time.Second, resultstest.StopsAround(1, 200, 100*us))}
	for i, c := range []struct {
		name string
		tail int
	}{{"sonic", 8}, {"edge", 3}} {
		stops := append(resultstest.StopsAround(uint64(2+i), 200-c.tail, 100*us), slices.Repeat([]time.Duration{long}, c.tail)...)
		rows = append(rows, resultstest.Stopping(c.name, 2, 0, 2*time.Second, stops))
	}
	for i := range rows {
		rows[i].Input, rows[i].Target = input, results.TargetAny
	}
	return rows
}

// worldRun is world at each of sizes (bytes).
func worldRun(sizes []int) *results.Run {
	run := &results.Run{Config: results.Config{Codecs: []string{"sonic", "edge", results.Baseline}, Duration: 2 * time.Second, STW: 10 * ms, Slice: 100 * ms, Budget: 10 * ms}}
	for _, n := range sizes {
		name := "attachment:" + strings.ReplaceAll(fmt.Sprintf("%gMB", float64(n)/1e6), "+", "")
		run.Inputs = append(run.Inputs, results.InputInfo{Name: name, Kind: "shape", Bytes: n, Shape: "attachment", AskedSize: n})
		run.Results = append(run.Results, world(name, float64(n)/1e6)...)
	}
	return run
}

// bounds are where a safe size lies, as its bracket says: from the largest
// size within (0: none) to the smallest over (+Inf: none).
func bounds(s SafeSize) (lo, hi float64) {
	safe, over := s.Bracket()
	lo, hi = 0, math.Inf(1)
	if safe >= 0 {
		lo = float64(s.Points[safe].Bytes)
	}
	if over >= 0 {
		hi = float64(s.Points[over].Bytes)
	}
	return lo, hi
}

// The search and a list of sizes agree within their intervals on one
// machine: each codec's safe size lies in a range both brackets share,
// and neither says "every size" where the other has a size over. The
// codec whose p99 rests on three stops is undecided where the list and
// the search measure it over the budget's neighbourhood.
func TestSearchAgreesWithList(t *testing.T) {
	list := SafeSizesOf(worldRun([]int{1e6, 4e6, 16e6}))
	if len(list) != 1 {
		t.Fatalf("list: %+v", list)
	}
	measure := func(sizes []int, names []string, _ bool) ([]Measured, error) {
		ms := Measurements(worldRun(sizes), 10*ms)
		return slices.DeleteFunc(ms, func(m Measured) bool { return !slices.Contains(names, m.Codec) }), nil
	}
	res, err := Search{Min: 1e6, Max: 16e6, Budget: 10 * ms}.Run([]string{"sonic", "edge", results.Baseline}, measure)
	if err != nil {
		t.Fatal(err)
	}
	wantAgree(t, list[0], res)
	sonic := lineOf(t, res, "sonic")
	if lo, hi := bounds(sonic.Safe); lo > 6.2e6 || hi < 6.2e6 {
		t.Errorf("sonic's search brackets %g to %g, not its crossing at 6.2MB", lo, hi)
	}
	edge := lineOf(t, res, "edge")
	if len(edge.Safe.Unsure()) == 0 || strings.HasPrefix(edge.Safe.Head(), "every") {
		t.Errorf("edge, on three long stops: %s, want undecided somewhere", edge.Safe.Head())
	}
}

// A window that missed the rare long stop cannot be within the budget on
// the strength of a bootstrap over its own stretches: under 368 stops the
// interval's high side is at least the longest stop, and under
// MinBudgetStops stops a size is undecided, however short they were. (One
// window read std's wait.p99 at 16MB as [0.0, 2.0] ms where other runs'
// read 8.9 to 33 ms.)
func TestFewStopsAreUndecided(t *testing.T) {
	us := time.Microsecond
	point := func(stops []time.Duration) SizePoint {
		t.Helper()
		return Level{}.pointOf(Codec{Stops: stopsOf(t, stops), HasSTW: true}, results.InputInfo{Name: "attachment:16MB", Bytes: 16e6}, 10*ms)
	}
	// 60 short stops: a p99 of a few hundred microseconds, and its
	// bootstrap interval far under the budget, but too few stops to say
	for _, n := range []int{8, 60, MinBudgetStops - 1} {
		p := point(resultstest.StopsAround(7, n, 200*us))
		if p.Within || !p.Undecided || p.Hi >= 10*ms {
			t.Errorf("%d short stops: p99 %v [%v, %v], within %v, undecided %v; want undecided", n, p.Stop, p.Lo, p.Hi, p.Within, p.Undecided)
		}
	}
	// as many stops as the floor, all short: within
	if p := point(resultstest.StopsAround(7, 200, 200*us)); !p.Within {
		t.Errorf("200 short stops: p99 %v [%v, %v], want within", p.Stop, p.Lo, p.Hi)
	}
	// one long stop of 200: its p99 is short, but the interval reaches
	// the longest stop, so it is undecided rather than within
	stops := append(resultstest.StopsAround(8, 199, 200*us), 25*ms)
	if p := point(stops); p.Within || !p.Undecided || p.Hi < 25*ms || p.Stop >= 10*ms {
		t.Errorf("one long stop of 200: p99 %v [%v, %v], within %v, undecided %v; want undecided with the long stop in its interval", p.Stop, p.Lo, p.Hi, p.Within, p.Undecided)
	}
	// few stops, but enough of them long: over, on their count alone
	long := append(resultstest.StopsAround(9, 40, 200*us), slices.Repeat([]time.Duration{30 * ms}, 10)...)
	if p := point(long); !p.Over() {
		t.Errorf("10 long stops of 50: p99 %v [%v, %v], want over", p.Stop, p.Lo, p.Hi)
	}
}

// The distribution-free bounds of a quantile: for a p99, the largest value
// until the sample has 368 values, then an order statistic below it; the
// low bound some values under the p99's own rank.
func TestOrderBounds(t *testing.T) {
	seq := func(n int) []int64 {
		out := make([]int64, n)
		for i := range out {
			out[i] = int64(n - i) // 1..n, unsorted
		}
		return out
	}
	for _, tc := range []struct {
		n      int
		lo, hi int64 // ranks from 1
	}{
		{100, 97, 100},  // P(Bin(100, .99) >= 97) = 98.2%; 0.99^100 = 37% > 2.5%
		{367, 359, 367}, // 0.99^367 = 2.5% still
		{368, 360, 368},
		{1000, 983, 997},
	} {
		lo, hi := orderBounds(seq(tc.n), 0.99)
		if lo != tc.lo || hi != tc.hi {
			t.Errorf("n %d: ranks %d to %d, want %d to %d", tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}
