package verdict

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b)) }

// The ratio is the median encdec p50 over the median single-goroutine
// decode+encode: a std-like codec close to 1, the baseline far above it
// (its round trip is all harness), each with the spread of its repeats.
func TestAssessSelfCheckArithmetic(t *testing.T) {
	ms, us := time.Millisecond, time.Microsecond
	std := []results.SelfCheckRepeat{
		{P50: 10 * ms, Single: 9 * ms, Rate: 100},
		{P50: 12 * ms, Single: 10 * ms, Rate: 90},
		{P50: 11 * ms, Single: 30 * ms, Rate: 95}, // one disturbed benchmark must not move the median
	}
	f := SelfCheckFigures(std, false, 500)
	if f.P50 != 11*ms || f.Single != 10*ms || !near(f.Ratio, 1.1) {
		t.Errorf("std: p50 %v single %v ratio %v; want 11ms, 10ms, 1.1", f.P50, f.Single, f.Ratio)
	}
	if f.Apart || f.Cause != "" {
		t.Errorf("std: 10%% apart flagged (%q); the tolerance is 15%%", f.Cause)
	}
	// p50s 10, 12, 11ms: mean 11ms, sample stddev 1ms. Rates 100, 90, 95: mean 95, stddev 5.
	if !near(f.CVP50, 1.0/11) || !near(f.CVRate, 5.0/95) {
		t.Errorf("std: cv p50 %v rate %v; want %v and %v", f.CVP50, f.CVRate, 1.0/11, 5.0/95)
	}

	base := []results.SelfCheckRepeat{{P50: 500, Single: 10, Rate: 1e6}, {P50: 520, Single: 12, Rate: 1e6}, {P50: 480, Single: 8, Rate: 1e6}}
	f = SelfCheckFigures(base, true, 450)
	if f.P50 != 500 || f.Single != 10 || !near(f.Ratio, 50) || f.CVRate != 0 {
		t.Errorf("baseline: p50 %v single %v ratio %v cv rate %v; want 500ns, 10ns, 50, 0", f.P50, f.Single, f.Ratio, f.CVRate)
	}
	if !f.Apart || !strings.Contains(f.Cause, "no JSON work") {
		t.Errorf("baseline: apart %v cause %q; want flagged as the harness floor", f.Apart, f.Cause)
	}

	// An even count takes the mean of the middle two.
	f = SelfCheckFigures([]results.SelfCheckRepeat{{P50: 100 * us, Single: 80 * us}, {P50: 120 * us, Single: 120 * us}}, false, 0)
	if f.P50 != 110*us || f.Single != 100*us || !near(f.Ratio, 1.1) {
		t.Errorf("two repeats: p50 %v single %v ratio %v; want 110us, 100us, 1.1", f.P50, f.Single, f.Ratio)
	}
	if f := SelfCheckFigures(std[:1], false, 0); f.CVP50 != 0 || f.CVRate != 0 {
		t.Errorf("one repeat has no spread: cv %v, %v", f.CVP50, f.CVRate)
	}
}

func TestSelfCheckCauses(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name string
		reps []results.SelfCheckRepeat
		want string
	}{
		{"wake-ups", []results.SelfCheckRepeat{{P50: 2 * ms, Single: ms, SchedP50: 400 * time.Microsecond}}, "scheduler"},
		{"gc slows the pair", []results.SelfCheckRepeat{{P50: 2 * ms, Single: ms, GCCycles: 5, GCCPUFraction: 0.2}}, "GC"},
		{"gc in the mean", []results.SelfCheckRepeat{{P50: ms / 2, Single: ms, GCCycles: 5}}, "GC in the benchmark's mean"},
		{"floor", []results.SelfCheckRepeat{{P50: 4000, Single: 1000}}, "harness floor"},
		{"noise", []results.SelfCheckRepeat{{P50: ms, Single: 2 * ms, GCCycles: 5}, {P50: 2 * ms, Single: 2 * ms}, {P50: ms / 2, Single: 2 * ms}}, "noise"},
	} {
		f := SelfCheckFigures(tc.reps, false, 500)
		if !f.Apart || !strings.Contains(f.Cause, tc.want) {
			t.Errorf("%s: apart %v cause %q, want it to name %q", tc.name, f.Apart, f.Cause, tc.want)
		}
	}
}
