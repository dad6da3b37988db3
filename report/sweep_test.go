package report

import (
	"strings"
	"testing"
	"time"

	"pingpong/latency"
	"pingpong/results"
)

// sweepRun is a hand-made -procs 1,2 run: at GOMAXPROCS=1 the levels 1
// and N are the same single pair, at 2 they are 1 and 2 pairs.
func sweepRun() *results.Run {
	run := sampleRun()
	run.Config.Impls = []string{"std", "sonic", "baseline"}
	run.Config.Procs = []int{1, 2}
	run.Env.ProcsSource = "cpu count; swept by -procs 1,2, one block per value"
	run.Impls = []results.ImplInfo{{Name: "std", Version: "go1.26.8", Input: "citm-catalog"},
		{Name: "sonic", Version: "v1.15.5", Input: "citm-catalog"}, {Name: "baseline", Version: "go1.26.8", Input: "citm-catalog"}}
	res := func(impl string, procs, pairs int, n int64, p99 time.Duration) results.Result {
		return results.Result{
			Scenario: results.Scenario{Input: "citm-catalog", Impl: impl, Mode: "encdec", Pairs: pairs, Procs: procs},
			N:        n, Window: 2 * time.Second,
			Latency: latency.Summary{N: n, P50: p99 / 2, P95: p99 * 3 / 4, P99: p99, Max: p99 * 2},
		}
	}
	ms := time.Millisecond
	run.Results = []results.Result{
		res("std", 1, 1, 100, 12*ms),
		res("sonic", 1, 1, 300, 4*ms),
		res("baseline", 1, 1, 2000000, 900),
		res("std", 2, 1, 110, 11*ms),
		res("std", 2, 2, 180, 14*ms),
		res("sonic", 2, 1, 320, 4*ms),
		res("sonic", 2, 2, 560, 5*ms),
		res("baseline", 2, 1, 1900000, 950),
		func() results.Result {
			r := res("baseline", 2, 2, 0, 0)
			r.Err = "worker died: exit status 2"
			return r
		}(),
	}
	return run
}

func TestConsoleSweepGolden(t *testing.T) {
	out := goldenConsole(t, "console-sweep", sweepRun(), ConsoleOptions{})
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
	run := sweepRun()
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

func TestCompareKeepsSweepValuesApart(t *testing.T) {
	old := sweepRun()
	new := sweepRun()
	for i := range new.Results {
		new.Results[i].GOGC = "400"
	}
	c := compare(old, new)
	if len(c.Scenarios) != 0 || len(c.OnlyOld) != len(old.Results) {
		t.Errorf("GOGC=400 matched the default's scenarios: %d matched, %d only old", len(c.Scenarios), len(c.OnlyOld))
	}
	if s := keyLabel(c.OnlyNew[0]); !strings.Contains(s, "GOGC 400") {
		t.Errorf("key %q does not name its GOGC", s)
	}
	if c := compare(old, sweepRun()); len(c.Scenarios) != len(old.Results) {
		t.Errorf("a run against itself matched %d of %d scenarios", len(c.Scenarios), len(old.Results))
	}
}
