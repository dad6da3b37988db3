package results_test

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

func TestGroupRepeatsMediansAndSpread(t *testing.T) {
	run := resultstest.Repeated(resultstest.SampleRun(), 3, 0.1) // each figure x0.9, x1.0, x1.1
	for i := range run.Results {
		// A figure the median does not compute itself comes from the repeat
		// with the median rate: the middle one here.
		r := &run.Results[i]
		r.Probe = &latency.Summary{N: int64(r.Repeat)}
	}
	// As planRepeats runs them: within a repeat, level by level, codecs
	// interleaved.
	slices.SortStableFunc(run.Results, func(a, b results.Result) int {
		return cmp.Or(a.Repeat-b.Repeat, a.Pairs-b.Pairs)
	})
	groups := results.GroupRepeats(run)
	var order []string
	for _, g := range groups {
		order = append(order, g.Median.Codec+"/"+g.Median.Label())
	}
	want := "std/1x encdec std/2x encdec sonic/1x encdec sonic/2x encdec goccy/1x encdec goccy/2x encdec baseline/1x encdec baseline/2x encdec"
	if strings.Join(order, " ") != want {
		t.Fatalf("groups %v, want codec blocks in the single-repeat order: %s", order, want)
	}
	std := groups[0]
	if std.Runs != 3 || std.Of != 3 {
		t.Errorf("std 1x: %d of %d runs, want 3 of 3", std.Runs, std.Of)
	}
	if got := std.Median.Latency.P50; got != 9500*time.Microsecond {
		t.Errorf("std 1x median p50 = %v, want the middle repeat's 9.5ms", got)
	}
	if got := std.Median.N; got != 108 {
		t.Errorf("std 1x median n = %d, want 108", got)
	}
	if p := std.Median.Probe; p == nil || p.N != 1 {
		t.Errorf("std 1x: other figures %+v, want the middle repeat's (1)", p)
	}
	for _, s := range std.Spreads {
		// latencies stray 10% either way; rt/s = n/window strays 1/0.9-1.
		want := 0.1
		if s.Figure == "rt/s" {
			want = 1/0.9 - 1
		}
		if math.Abs(s.Frac-want) > 0.01 {
			t.Errorf("std 1x spread of %s = %.3f, want %.3f", s.Figure, s.Frac, want)
		}
	}
	goccy1 := groups[4]
	if goccy1.Runs != 0 || goccy1.Median.Err == "" {
		t.Errorf("goccy 1x failed every repeat: runs %d err %q", goccy1.Runs, goccy1.Median.Err)
	}
}

func TestRepeatedSuffix(t *testing.T) {
	for _, c := range []struct {
		r    results.RepeatGroup
		want string
	}{
		{results.RepeatGroup{Runs: 5, Of: 5, Spreads: []results.FigureSpread{{"p50", 0.02}, {"rt/s", 0.011}}}, "  [5 runs; ± p50 2% rt/s 1%]"},
		{results.RepeatGroup{Runs: 1, Of: 3, Spreads: []results.FigureSpread{{"p50", 0}}}, "  [1 of 3 runs]"},
		{results.RepeatGroup{Runs: 2, Of: 3, Spreads: []results.FigureSpread{{"p50", 0.1}}}, "  [2 of 3 runs; ± p50 10%]"},
	} {
		if got := c.r.Suffix(); got != c.want {
			t.Errorf("Suffix() = %q, want %q", got, c.want)
		}
	}
}

// A repeated row's freeze figures are the medians of its repeats'; a
// probe pass, whose latency is the probe's, keeps its probe figures.
func TestRepeatedRowFreezeFiguresAreMedians(t *testing.T) {
	ms := time.Millisecond
	var rs []results.Result
	for rep, d := range []time.Duration{5 * ms, 1 * ms, 30 * ms} {
		r := resultstest.Frozen("sonic", 2, rep, d, d, d)
		pass := r
		pass.Mode = results.ModeDecode
		pass.Probe = &latency.Summary{N: 100, P99: 2 * ms}
		rs = append(rs, r, pass)
	}
	run := &results.Run{Config: results.Config{Count: 3}, Results: rs}
	for _, g := range results.GroupRepeats(run) {
		m := g.Median
		if m.IsEncdec() && (m.STW.Max != 5*ms || m.Probe.P99 != 5*ms || m.Runtime.SchedLatency.P99 != 5*ms) {
			t.Errorf("encdec row: stw.max %v probe.p99 %v sched.p99 %v, want the medians, 5ms each", m.STW.Max, m.Probe.P99, m.Runtime.SchedLatency.P99)
		}
		if !m.IsEncdec() && m.Probe.P99 != 2*ms {
			t.Errorf("probe pass: probe.p99 %v, want its own 2ms", m.Probe.P99)
		}
	}
}
