package verdict

import (
	"errors"
	"slices"
	"testing"
	"time"
)

// fakeMeasure measures each codec's p99 stop as stop(bytes), within the
// budget of 10ms when under it, and records what it was asked.
type fakeMeasure struct {
	stops map[string]func(mb float64) time.Duration
	asked []SearchStep
}

func (f *fakeMeasure) measure(sizes []int, impls []string) ([]Measured, error) {
	f.asked = append(f.asked, SearchStep{sizes, impls})
	var out []Measured
	for _, n := range sizes {
		for _, impl := range impls {
			d := f.stops[impl](float64(n) / 1e6)
			out = append(out, Measured{Impl: impl, Level: "2x encdec", Point: SizePoint{Bytes: n, Stop: d, Stops: 100, Within: d < 10*ms}})
		}
	}
	return out, nil
}

// linear is a stop that grows by perMB from a floor of 100us.
func linear(perMB time.Duration) func(float64) time.Duration {
	return func(mb float64) time.Duration { return 100*time.Microsecond + time.Duration(mb*float64(perMB)) }
}

func lineOf(t *testing.T, res SearchResult, impl string) SearchLine {
	t.Helper()
	i := slices.IndexFunc(res.Lines, func(l SearchLine) bool { return l.Impl == impl })
	if i < 0 {
		t.Fatalf("no line for %s: %+v", impl, res.Lines)
	}
	return res.Lines[i]
}

// A codec whose stop crosses 10ms at 6.1875MB (100us + 1.6ms per MB) is
// found within 1.5x, in a coarse pass and one narrowing step that runs
// it alone; a codec within the budget everywhere, and one over it
// everywhere, are settled by the coarse pass.
func TestSearchFindsTheCrossing(t *testing.T) {
	f := &fakeMeasure{stops: map[string]func(float64) time.Duration{
		"std":      linear(50 * time.Microsecond), // 3.3ms at 64MB
		"sonic":    linear(1600 * time.Microsecond),
		"jsoniter": linear(12 * ms), // 12ms at 1MB
	}}
	res, err := Search{Min: 1e6, Max: 64e6, Budget: 10 * ms}.Run([]string{"std", "sonic", "jsoniter"}, f.measure)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1e6, 8e6, 64e6}; !slices.Equal(res.Steps[0].Sizes, want) {
		t.Errorf("coarse pass %v, want %v", res.Steps[0].Sizes, want)
	}
	if len(res.Steps) != 2 || len(f.asked) != 2 || !slices.Equal(res.Steps[1].Impls, []string{"sonic"}) || len(res.Steps[1].Sizes) > 2 {
		t.Errorf("steps %+v, want the coarse pass and one of sonic alone at 2 sizes at most", res.Steps)
	}
	sonic := lineOf(t, res, "sonic")
	t.Logf("steps %+v", res.Steps)
	safe, over := sonic.Safe.Bracket()
	lo, hi := sonic.Safe.Points[safe].Bytes, sonic.Safe.Points[over].Bytes
	if !sonic.Settled || lo > 6.1875e6 || hi < 6.1875e6 || float64(hi)/float64(lo) > SearchFactor {
		t.Errorf("sonic settled %v between %d and %d, want 6.1875MB within 1.5x", sonic.Settled, lo, hi)
	}
	if est, _ := sonic.Safe.Estimate(); est < float64(lo) || est > float64(hi) {
		t.Errorf("sonic's estimate %.0f outside its bracket", est)
	}
	std, jsoniter := lineOf(t, res, "std"), lineOf(t, res, "jsoniter")
	if _, over := std.Safe.Bracket(); !std.Settled || over != -1 {
		t.Errorf("std: settled %v, first over %d; want within at every size", std.Settled, over)
	}
	if safe, _ := jsoniter.Safe.Bracket(); !jsoniter.Settled || safe != -1 {
		t.Errorf("jsoniter: settled %v, safe %d; want none of the sizes", jsoniter.Settled, safe)
	}
}

// A crossing the interpolation misjudges (a stop that jumps from 1ms to
// 40ms at 2.2MB) still narrows, and the search stops after its steps.
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
	if len(f.asked) > 3 {
		t.Errorf("%d measurements, want the coarse pass and 2 steps at most", len(f.asked))
	}
	l := lineOf(t, res, "sonic")
	safe, over := l.Safe.Bracket()
	if lo, hi := l.Safe.Points[safe].Bytes, l.Safe.Points[over].Bytes; lo > 2.2e6 || hi < 2.2e6 {
		t.Errorf("bracket %d..%d misses the jump at 2.2MB", lo, hi)
	}
	// With steps enough it settles.
	f.asked = nil
	res, _ = Search{Min: 1e6, Max: 1e9, Budget: 10 * ms, Steps: 10}.Run([]string{"sonic"}, f.measure)
	t.Logf("steps %+v", res.Steps)
	if l := lineOf(t, res, "sonic"); !l.Settled || len(f.asked) > 11 {
		t.Errorf("settled %v after %d measurements", l.Settled, len(f.asked))
	}
	// A range within the factor squared is measured at its two ends.
	if got := coarseSizes(4e6, 8e6, SearchFactor); !slices.Equal(got, []int{4e6, 8e6}) {
		t.Errorf("coarse sizes of 4MB..8MB: %v", got)
	}
}

func TestSearchMeasurementError(t *testing.T) {
	boom := errors.New("boom")
	_, err := Search{Min: 1e6, Max: 4e6, Budget: 10 * ms}.Run([]string{"std"}, func([]int, []string) ([]Measured, error) { return nil, boom })
	if !errors.Is(err, boom) {
		t.Errorf("error %v, want it to wrap the measurement's", err)
	}
}
