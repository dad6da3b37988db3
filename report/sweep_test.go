package report

import (
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results/resultstest"
	"github.com/pingpong-bench/pingpong/verdict"
)

func TestConsoleSweepGolden(t *testing.T) {
	out := goldenConsole(t, "console-sweep", resultstest.SweepRun(), ConsoleOptions{})
	one, two := strings.Index(out, "\n== GOMAXPROCS=1\n"), strings.Index(out, "\n== GOMAXPROCS=2\n")
	if one < 0 || two < one {
		t.Fatalf("want a heading per GOMAXPROCS value, 1 before 2:\n%s", out)
	}
	// Each value's comparison compares within that value only.
	if cmp := strings.Index(out, "comparison, 1x encdec"); cmp < one || cmp > two {
		t.Errorf("GOMAXPROCS=1's comparison is not in its block")
	}
}

func TestSweepSummaryFollowsN(t *testing.T) {
	run := resultstest.SweepRun()
	var got strings.Builder
	for _, tb := range verdict.SweepTables(run.Config, run.Results) {
		got.WriteString(sweepTableText(tb))
	}
	for _, want := range []string{
		"level N    value          pairs   round trips/s   p99",
		// level N at GOMAXPROCS=1 is the single pair, at 2 the two pairs.
		"std        GOMAXPROCS=1   1       50/s            12.0ms   -           -\n" +
			"             GOMAXPROCS=2   2       90/s            14.0ms",
		"baseline   GOMAXPROCS=1   1       1.00M/s         900ns",
		"           GOMAXPROCS=2   2       error",
	} {
		if !strings.Contains(got.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, got.String())
		}
	}
}

// A quiet 2-core machine's sweep: the summary shows each value's
// responsiveness, and the recommendation ends it.
func TestConsoleProcsGolden(t *testing.T) {
	run := resultstest.ProcsSweep([]int{1, 2, 4}, []string{"std", "sonic", "goccy", "baseline"}, resultstest.TwoCores)
	out := goldenConsole(t, "console-procs", run, ConsoleOptions{})
	summary := out[strings.Index(out, "sweep summary"):]
	for _, want := range []string{
		"  std        GOMAXPROCS=1   1       12/s            58.0ms    40.0ms      300us",
		"  recommended: GOMAXPROCS=2 (the CPU count): 4 bought no throughput (+2%) and doubled p99",
		"  GOMAXPROCS=1: no stop of the world stood out (stw.p99 300us), yet a 1ms sleeper woke 40.0ms late at level N",
	} {
		if !strings.Contains(summary, want) {
			t.Errorf("summary lacks %q:\n%s", want, summary)
		}
	}
}
