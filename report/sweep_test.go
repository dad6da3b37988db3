package report

import (
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results/resultstest"
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
	got := strings.Join(sweepTables(run.Config, run.Results), "")
	for _, want := range []string{
		"level N    GOMAXPROCS=1 (1x)   GOMAXPROCS=2 (2x)",
		// level N at GOMAXPROCS=1 is the single pair, at 2 the two pairs.
		"std        50/s p99=12.0ms     90/s p99=14.0ms",
		"baseline   1.00M/s p99=900ns   error",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
}
