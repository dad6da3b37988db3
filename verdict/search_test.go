package verdict

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// fakeMeasure measures each codec's p99 stop as stop(bytes), within the
// budget of 10ms when under it, and records what it was asked.
type fakeMeasure struct {
	stops map[string]func(mb float64) time.Duration
	asked []SearchStep
}

func (f *fakeMeasure) measure(sizes []int, names []string, longer bool) ([]Measured, error) {
	f.asked = append(f.asked, SearchStep{Sizes: sizes, Codecs: names, Longer: longer})
	var out []Measured
	for _, n := range sizes {
		for _, name := range names {
			stop, ok := f.stops[name]
			if !ok { // a reference: the verdict's, not judged
				continue
			}
			d := stop(float64(n) / 1e6)
			out = append(out, Measured{Codec: name, Level: "2x encdec", Point: SizePoint{Bytes: n, Stop: d, Stops: 100, Within: d < 10*ms}})
		}
	}
	return out, nil
}

// linear is a stop that grows by perMB from a floor of 100us.
func linear(perMB time.Duration) func(float64) time.Duration {
	return func(mb float64) time.Duration { return 100*time.Microsecond + time.Duration(mb*float64(perMB)) }
}

func lineOf(t *testing.T, res SearchResult, codec string) SearchLine {
	t.Helper()
	i := slices.IndexFunc(res.Lines, func(l SearchLine) bool { return l.Codec == codec })
	if i < 0 {
		t.Fatalf("no line for %s: %+v", codec, res.Lines)
	}
	return res.Lines[i]
}

// The curves of the tests: std within the budget everywhere (3.3ms at
// 64MB), sonic crossing 10ms at 6.1875MB (100us + 1.6ms per MB), jsoniter
// over it from 1MB (12ms).
func curves() map[string]func(float64) time.Duration {
	return map[string]func(float64) time.Duration{
		"std":      linear(50 * time.Microsecond),
		"sonic":    linear(1600 * time.Microsecond),
		"jsoniter": linear(12 * ms),
	}
}

// A codec whose stop crosses the budget inside the range is found within
// 1.5x; one within the budget everywhere, and one over it everywhere, are
// settled by the range's ends.
func TestSearchFindsTheCrossing(t *testing.T) {
	f := &fakeMeasure{stops: curves()}
	res, err := Search{Min: 1e6, Max: 64e6, Budget: 10 * ms}.Run([]string{"std", "sonic", "jsoniter", "baseline", "control"}, f.measure)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("steps %+v", res.Steps)
	sonic := lineOf(t, res, "sonic")
	safe, over := sonic.Safe.Bracket()
	lo, hi := sonic.Safe.Points[safe].Bytes, sonic.Safe.Points[over].Bytes
	if !sonic.Settled || lo > 6.1875e6 || hi < 6.1875e6 || float64(hi)/float64(lo) > SearchFactor {
		t.Errorf("sonic settled %v between %d and %d, want 6.1875MB within 1.5x", sonic.Settled, lo, hi)
	}
	if est, _ := sonic.Safe.Estimate(); est < float64(lo) || est > float64(hi) {
		t.Errorf("sonic's estimate %.0f outside its bracket", est)
	}
	std, jsoniter := lineOf(t, res, "std"), lineOf(t, res, "jsoniter")
	if _, over := std.Safe.Bracket(); !std.Settled || over != -1 || len(std.Safe.Points) != 2 {
		t.Errorf("std: settled %v, first over %d, %d sizes; want within at both ends", std.Settled, over, len(std.Safe.Points))
	}
	if safe, _ := jsoniter.Safe.Bracket(); !jsoniter.Settled || safe != -1 || len(jsoniter.Safe.Points) != 1 {
		t.Errorf("jsoniter: settled %v, safe %d, %d sizes; want over at the smallest size, and measured there alone", jsoniter.Settled, safe, len(jsoniter.Safe.Points))
	}
}

// The work the search promises on a stop that grows linearly with size:
// the range's ends, then one round of two sizes for the one codec that
// crosses inside it, each size with control; baseline once. The acceptance
// run's search (std, sonic, baseline over 1MB..32MB) spends 11 windows
// where the list 1MB,4MB,16MB,32MB spends 16.
func TestSearchWork(t *testing.T) {
	f := &fakeMeasure{stops: curves()}
	res, err := Search{Min: 1e6, Max: 64e6, Budget: 10 * ms}.Run([]string{"std", "sonic", "jsoniter", "baseline", "control"}, f.measure)
	if err != nil {
		t.Fatal(err)
	}
	want := []SearchStep{
		{0, []int{1e6}, []string{"std", "sonic", "jsoniter", "control", "baseline"}, false}, // every codec and both references at the smallest
		{0, []int{64e6}, []string{"std", "sonic", "control"}, false},                        // jsoniter was over at 1MB
		{1, []int{5e6, 7.3e6}, []string{"sonic", "control"}, false},                         // around sonic's crossing
	}
	if !slices.EqualFunc(res.Steps, want, func(a, b SearchStep) bool {
		return a.Round == b.Round && slices.Equal(a.Sizes, b.Sizes) && slices.Equal(a.Codecs, b.Codecs)
	}) {
		t.Errorf("steps\n%+v, want\n%+v", res.Steps, want)
	}
	if res.Windows() != 12 || len(f.asked) != 3 {
		t.Errorf("%d windows in %d measurements, want 12 in 3", res.Windows(), len(f.asked))
	}

	f = &fakeMeasure{stops: curves()}
	res, err = Search{Min: 1e6, Max: 32e6, Budget: 10 * ms}.Run([]string{"std", "sonic", "baseline", "control"}, f.measure)
	if err != nil {
		t.Fatal(err)
	}
	const list = 4 * 4 // 1MB,4MB,16MB,32MB of std, sonic, baseline and control
	if res.Windows() != 11 || res.Windows() > list || !lineOf(t, res, "sonic").Settled {
		t.Errorf("std, sonic over 1MB..32MB: %d windows (steps %+v), want 11, fewer than the list's %d, and sonic settled", res.Windows(), res.Steps, list)
	}
}

// The reference a size is judged against is the level's: control runs
// only at as many pairs as Ps, baseline is the reference elsewhere, so
// each runs at every size where it is some level's reference, baseline
// runs once when it is none's, and control not at all when no level has
// it.
func TestSearchReferencesByLevel(t *testing.T) {
	names := []string{"std", "sonic", "baseline", "control"}
	levels := func(pairs ...int) (out []results.Level) {
		for _, p := range pairs {
			out = append(out, results.Level{Pairs: p})
		}
		return out
	}
	for _, tc := range []struct {
		levels     []results.Level
		min, other []string // the references at the smallest size, and at the others
	}{
		{levels(2), []string{"control", "baseline"}, []string{"control"}},
		{levels(1), []string{"baseline"}, []string{"baseline"}},
		{levels(4), []string{"baseline"}, []string{"baseline"}},
		{levels(1, 2, 4), []string{"control", "baseline"}, []string{"control", "baseline"}},
		{nil, []string{"control", "baseline"}, []string{"control"}}, // no levels given: control refers
	} {
		f := &fakeMeasure{stops: curves()}
		res, err := Search{Min: 1e6, Max: 32e6, Budget: 10 * ms, Levels: tc.levels, Procs: 2}.Run(names, f.measure)
		if err != nil {
			t.Fatal(err)
		}
		refs := func(st SearchStep) []string {
			return slices.DeleteFunc(slices.Clone(st.Codecs), func(c string) bool { return !results.IsReference(c) })
		}
		if got := refs(res.Steps[0]); !slices.Equal(got, tc.min) {
			t.Errorf("levels %v at GOMAXPROCS 2: references %v at the smallest size, want %v", tc.levels, got, tc.min)
		}
		for _, st := range res.Steps[1:] {
			if got := refs(st); !slices.Equal(got, tc.other) {
				t.Errorf("levels %v at GOMAXPROCS 2: references %v at %s, want %v", tc.levels, got, SizesText(st.Sizes), tc.other)
			}
		}
	}
}

// A crossing the interpolation misjudges (a stop that jumps from 1ms to
// 40ms at 2.2MB) still narrows, and the search stops after its rounds.
func TestSearchStops(t *testing.T) {
	jump := func(mb float64) time.Duration {
		if mb < 2.2 {
			return ms
		}
		return 40 * ms
	}
	f := &fakeMeasure{stops: map[string]func(float64) time.Duration{"sonic": jump}}
	res, err := Search{Min: 1e6, Max: 1e9, Budget: 10 * ms, Steps: 2}.Run([]string{"sonic"}, f.measure)
	if err != nil {
		t.Fatal(err)
	}
	if last := res.Steps[len(res.Steps)-1].Round; last > 2 || len(f.asked) > 4 {
		t.Errorf("%d measurements, the last in round %d: want the ends and 2 rounds at most", len(f.asked), last)
	}
	l := lineOf(t, res, "sonic")
	safe, over := l.Safe.Bracket()
	if lo, hi := l.Safe.Points[safe].Bytes, l.Safe.Points[over].Bytes; lo > 2.2e6 || hi < 2.2e6 {
		t.Errorf("bracket %d..%d misses the jump at 2.2MB", lo, hi)
	}
	// With rounds enough it settles.
	f.asked = nil
	res, _ = Search{Min: 1e6, Max: 1e9, Budget: 10 * ms, Steps: 10, ListSizes: 100}.Run([]string{"sonic"}, f.measure)
	t.Logf("steps %+v", res.Steps)
	if l := lineOf(t, res, "sonic"); !l.Settled || len(f.asked) > 12 || res.Cut {
		t.Errorf("settled %v after %d measurements (cut %v)", l.Settled, len(f.asked), res.Cut)
	}
	// Within the work of a list of four sizes it stops unsettled, and
	// says so.
	f.asked = nil
	res, _ = Search{Min: 1e6, Max: 1e9, Budget: 10 * ms, Steps: 10}.Run([]string{"sonic"}, f.measure)
	if l := lineOf(t, res, "sonic"); l.Settled || !res.Cut || res.Windows() > SearchListSizes {
		t.Errorf("settled %v, cut %v after %d windows; want a cut search within a list's %d", l.Settled, res.Cut, res.Windows(), SearchListSizes)
	}
	// A range of one size is measured once.
	f.asked = nil
	if _, err := (Search{Min: 4e6, Max: 4e6, Budget: 10 * ms}).Run([]string{"sonic"}, f.measure); err != nil || len(f.asked) != 1 {
		t.Errorf("a range of one size: %d measurements, %v", len(f.asked), err)
	}
}

func TestSearchMeasurementError(t *testing.T) {
	boom := errors.New("boom")
	_, err := Search{Min: 1e6, Max: 4e6, Budget: 10 * ms}.Run([]string{"std"}, func([]int, []string, bool) ([]Measured, error) { return nil, boom })
	if !errors.Is(err, boom) {
		t.Errorf("error %v, want it to wrap the measurement's", err)
	}
}
