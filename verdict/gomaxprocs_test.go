package verdict

import (
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

const ms = time.Millisecond

var twoCores = resultstest.TwoCores

func recommend(t *testing.T, run *results.Run) Procs {
	t.Helper()
	recs := ProcsOf(run)
	if len(recs) != 1 {
		t.Fatalf("want one recommendation (one input), got %d: %+v", len(recs), recs)
	}
	return recs[0]
}

func TestRecommendsTheCPUCount(t *testing.T) {
	run := resultstest.ProcsSweep([]int{1, 2, 4}, []string{"std", "sonic", "goccy", "baseline"}, twoCores)
	rec := recommend(t, run)
	if rec.Best != 2 || rec.Level != "N" {
		t.Fatalf("recommended %d at level %s, want 2 at N: %s", rec.Best, rec.Level, rec.Line)
	}
	want := "GOMAXPROCS=2 (the CPU count): 4 bought no throughput (+2%) and doubled p99 (58.0ms -> 106.0ms); " +
		"1 halved throughput (40/s -> 20/s) and made a 1ms sleeper wake 40.0ms late (against 12.0ms)"
	if rec.Line != want {
		t.Errorf("line\n got %s\nwant %s", rec.Line, want)
	}
	if strings.Join(rec.Codecs, ",") != "std,sonic,goccy" {
		t.Errorf("judged over %v: baseline is the harness, not a codec to tune for", rec.Codecs)
	}
	// Level N is each value's own pair count.
	for _, v := range rec.Values {
		if v.Pairs != v.Procs {
			t.Errorf("level N at GOMAXPROCS=%d judged at %d pairs", v.Procs, v.Pairs)
		}
	}
	if len(rec.Remarks) != 1 || !strings.Contains(rec.Remarks[0], "no spare P") || !strings.Contains(rec.Remarks[0], "40.0ms late") {
		t.Errorf("want the no-spare-P remark at GOMAXPROCS=1, got %q", rec.Remarks)
	}
}

func TestRecommendsNothingInsideTheNoise(t *testing.T) {
	flat := func(codec string, procs, pairs int) resultstest.ProcsFigures {
		f := twoCores(codec, 2, 2) // every value measures as 2 does, give or take
		f.Rate *= 1 + 0.01*float64(procs)
		f.P99 += time.Duration(procs) * ms
		return f
	}
	rec := recommend(t, resultstest.ProcsSweep([]int{1, 2, 4}, []string{"std", "baseline"}, flat))
	if rec.Best != 0 || !strings.Contains(rec.Line, "inside the noise") {
		t.Errorf("values within the margins: want no recommendation, got %d: %s", rec.Best, rec.Line)
	}
}

func TestRecommendsNothingOnABusyMachine(t *testing.T) {
	busy := func(codec string, procs, pairs int) resultstest.ProcsFigures {
		f := twoCores(codec, procs, pairs)
		f.Others = 1.0
		return f
	}
	rec := recommend(t, resultstest.ProcsSweep([]int{1, 2, 4}, []string{"std", "baseline"}, busy))
	if rec.Best != 0 || !strings.Contains(rec.Line, "other processes took 1.00 cores") {
		t.Errorf("others took a core: want no recommendation, got %d: %s", rec.Best, rec.Line)
	}
}

// Repeats that stray 18% from their median make a 13% difference noise,
// which the one-run margin of 10% would not.
func TestRepeatsSetTheMargins(t *testing.T) {
	close := func(codec string, procs, pairs int) resultstest.ProcsFigures {
		f := twoCores(codec, 2, 2)
		if procs == 1 {
			f.Rate /= 1.15
		}
		return f
	}
	one := resultstest.ProcsSweep([]int{1, 2}, []string{"std", "baseline"}, close)
	if rec := recommend(t, one); rec.Best != 2 {
		t.Errorf("one run: want 2 (1 cost 13%% of the throughput), got %d: %s", rec.Best, rec.Line)
	}
	rec := recommend(t, resultstest.Repeated(one, 3, 0.15))
	if !rec.FromRepeats || rec.RateMargin < 0.17 || rec.RateMargin > 0.18 {
		t.Errorf("margin %v from repeats %v, want the repeats' 17.6%%", rec.RateMargin, rec.FromRepeats)
	}
	if rec.Best != 0 || !strings.Contains(rec.Line, "inside the noise") {
		t.Errorf("three repeats 15%% apart: want no recommendation, got %d: %s", rec.Best, rec.Line)
	}
}

// Two values equal within the margins: the smaller wins.
func TestTiesGoToFewerPs(t *testing.T) {
	tie := func(codec string, procs, pairs int) resultstest.ProcsFigures {
		f := twoCores(codec, 2, 2)
		if procs == 1 {
			f.Rate /= 2
		}
		return f
	}
	rec := recommend(t, resultstest.ProcsSweep([]int{1, 2, 3}, []string{"std", "baseline"}, tie))
	if rec.Best != 2 || !strings.Contains(rec.Line, "3 bought no throughput (+0%) and was no more responsive (a tie goes to fewer Ps)") {
		t.Errorf("want 2, 3 a tie: got %d: %s", rec.Best, rec.Line)
	}
}

func TestFractionalQuotaNamesBothSides(t *testing.T) {
	run := resultstest.ProcsSweep([]int{1, 2, 4}, []string{"std", "baseline"}, twoCores)
	run.Env.CPUQuota = 1.5
	rec := recommend(t, run)
	for _, want := range []string{"GOMAXPROCS=2 (Go's default for the 1.5-CPU quota)", "; 1 (automaxprocs' choice for the 1.5-CPU quota) halved"} {
		if !strings.Contains(rec.Line, want) {
			t.Errorf("line lacks %q: %s", want, rec.Line)
		}
	}
	run = resultstest.ProcsSweep([]int{2, 4}, []string{"std", "baseline"}, twoCores)
	run.Env.CPUQuota = 1.5
	if rec := recommend(t, run); !strings.Contains(rec.Line, "(the 1.5-CPU quota is 1 to automaxprocs and 2 to Go: add 1 to -procs)") {
		t.Errorf("a sweep without 1 must ask for it: %s", rec.Line)
	}
	// Below one CPU, automaxprocs keeps 1 and Go 2.
	run = resultstest.ProcsSweep([]int{1, 2, 4}, []string{"std", "baseline"}, resultstest.TwoCores)
	run.Env.CPUQuota = 0.5
	if rec := recommend(t, run); !strings.HasPrefix(rec.Line, "GOMAXPROCS=2 (Go's default for the 0.5-CPU quota)") ||
		!strings.Contains(rec.Line, "1 (automaxprocs' choice for the 0.5-CPU quota)") {
		t.Errorf("a 0.5-CPU quota reads as 1 and 2: %s", rec.Line)
	}
}

func TestNoRemarkWhenTheSleeperWasOnTime(t *testing.T) {
	prompt := func(codec string, procs, pairs int) resultstest.ProcsFigures {
		f := twoCores(codec, procs, pairs)
		f.ProbeP99 = ms
		return f
	}
	if rec := recommend(t, resultstest.ProcsSweep([]int{1, 2}, []string{"std", "baseline"}, prompt)); len(rec.Remarks) != 0 {
		t.Errorf("a sleeper 1ms late is no sign of a missing P: %q", rec.Remarks)
	}
}

func TestNoRecommendationWithoutAProcsSweep(t *testing.T) {
	if recs := ProcsOf(resultstest.SampleRun()); len(recs) != 0 {
		t.Errorf("a run at one GOMAXPROCS has nothing to recommend: %+v", recs)
	}
}

// Margins do not chain: 20/s is within 10% of 21/s, which is within 10% of
// 23/s, but not of 23/s. The value turned down is told against the one it
// was compared with, never said to tie with the one recommended.
func TestAReasonNamesTheValueItLostTo(t *testing.T) {
	figs := map[int]resultstest.ProcsFigures{
		1: {Rate: 20, P99: 71 * ms, ProbeP99: 67 * ms},
		2: {Rate: 21, P99: 135 * ms, ProbeP99: 80 * ms},
		4: {Rate: 23, P99: 211 * ms, ProbeP99: 82 * ms},
	}
	rec := recommend(t, resultstest.ProcsSweep([]int{1, 2, 4}, []string{"std", "baseline"}, func(codec string, procs, pairs int) resultstest.ProcsFigures {
		return figs[procs]
	}))
	want := "GOMAXPROCS=2 (the CPU count): 4 bought no throughput (+10%) and raised p99 by 56% (135.0ms -> 211.0ms); 1 fell 13% short of 4's throughput (23/s -> 20/s)"
	if rec.Line != want {
		t.Errorf("line\n got %s\nwant %s", rec.Line, want)
	}
}

// When a codec's stops stand out at GOMAXPROCS=1, the late sleeper has a
// frozen world to blame: no remark about a spare P.
func TestNoSpareRemarkWhenAStopStoodOut(t *testing.T) {
	us := time.Microsecond
	run := resultstest.ProcsSweep([]int{1, 2}, []string{"std", "baseline"}, resultstest.TwoCores)
	stops := map[string][]time.Duration{
		"baseline": resultstest.StopsAround(1, 200, 100*us),
		"std":      append(resultstest.StopsAround(2, 150, 400*us), resultstest.StopsAround(3, 20, 15*ms)...),
	}
	for i, r := range run.Results {
		if r.Procs == 1 {
			s := resultstest.Stopping(r.Codec, r.Pairs, 0, r.Window, stops[r.Codec])
			run.Results[i].Responsiveness.STW, run.Results[i].STWHist, run.Results[i].STWWaited = s.STW, s.STWHist, s.STWWaited
		}
	}
	rec := recommend(t, run)
	if v := rec.Values[0]; v.Procs != 1 || !v.StandsOut {
		t.Fatalf("std's stops at GOMAXPROCS=1 must stand out: %+v", v)
	}
	if len(rec.Remarks) != 0 {
		t.Errorf("a stop stood out, yet the remark blames a missing P: %q", rec.Remarks)
	}
}
