package report

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// bySizeOf feeds a run to the summary as the console streams it.
func bySizeOf(run *results.Run) *bySize {
	s := &bySize{}
	for _, in := range run.Inputs {
		s.input(in)
	}
	for _, r := range run.Results {
		s.result(r)
	}
	return s
}

func TestBySizeGolden(t *testing.T) {
	got := bySizeOf(resultstest.SizeRun()).text()
	resultstest.Golden(t, "bysize", []byte(got))
	for _, want := range []string{
		"\nby size, long-string (",
		"  1x encdec   1MB ",
		"n^1.00\n",                              // std: linear
		"n^1.90  grows ~n^1.9 from 1MB to 16MB", // sonic: flagged
		"  grows ~n^1.9 from 1MB to 16MB\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "citm-catalog") || strings.Contains(got, "tiny") {
		t.Errorf("a corpus or a sizeless shape in the summary:\n%s", got)
	}
	// goccy's fit stops where it failed: its last good size names the range.
	if strings.Contains(got, "goccy") && strings.Contains(got, "from 1MB to 4MB") {
		t.Errorf("goccy's linear growth flagged:\n%s", got)
	}
}

// One size of a shape, or none, is no sweep: nothing is printed.
func TestBySizeNeedsTwoSizes(t *testing.T) {
	run := resultstest.SizeRun()
	var keep []results.Result
	for _, r := range run.Results {
		if r.Input != "long-string:4MB" && r.Input != "long-string:16MB" {
			keep = append(keep, r)
		}
	}
	run.Inputs = append(run.Inputs[:2], run.Inputs[4:]...)
	run.Results = keep
	if got := bySizeOf(run).text(); got != "" {
		t.Errorf("a single size printed a summary:\n%s", got)
	}
	if got := bySizeOf(resultstest.SampleRun()).text(); got != "" {
		t.Errorf("a corpus run printed a summary:\n%s", got)
	}
}

func TestGrowthExponent(t *testing.T) {
	inputs := []results.InputInfo{{Name: "s:1MB", Bytes: 1e6}, {Name: "s:2MB", Bytes: 2e6}, {Name: "s:8MB", Bytes: 8e6}}
	for _, want := range []float64{0, 1, 1.5, 2} {
		cells := map[string]results.Result{}
		for _, in := range inputs {
			rate := 1e3 / math.Pow(float64(in.Bytes)/1e6, want)
			cells[in.Name] = results.Result{N: int64(rate * 1000), Window: 1000 * time.Second}
		}
		k, from, to, _, ok := growth(inputs, cells)
		if !ok || math.Abs(k-want) > 0.005 || from.Name != "s:1MB" || to.Name != "s:8MB" {
			t.Errorf("time ~ n^%.1f: fitted n^%.3f from %s to %s (ok %v)", want, k, from.Name, to.Name, ok)
		}
	}
}

// A size whose window held fewer than minGrowthRoundTrips round trips is
// marked with its n and left out of the fit; with one size left, no
// exponent is printed at all.
func TestGrowthLeavesOutSmallWindows(t *testing.T) {
	inputs := []results.InputInfo{{Name: "s:1MB", Bytes: 1e6}, {Name: "s:4MB", Bytes: 4e6}, {Name: "s:16MB", Bytes: 16e6}}
	cells := map[string]results.Result{
		"s:1MB":  {N: 400, Window: time.Second},
		"s:4MB":  {N: 100, Window: time.Second},
		"s:16MB": {N: 1, Window: time.Second}, // would read as n^2.5 with it
	}
	if got, note := growthText(inputs, cells); got != "n^1.00" || note != "left out of its growth, under 10 round trips: 16MB n=1" {
		t.Errorf("growth %q, note %q", got, note)
	}
	cells["s:4MB"] = results.Result{N: 3, Window: time.Second}
	if got, note := growthText(inputs, cells); got != "-" || note != "left out of its growth, under 10 round trips: 4MB n=3, 16MB n=1" {
		t.Errorf("growth %q, note %q", got, note)
	}
	if got := sizeCellText(cells["s:16MB"], true); !strings.HasSuffix(got, " (n=1)") {
		t.Errorf("a cell of one round trip is not marked: %q", got)
	}
	if got := sizeCellText(cells["s:1MB"], true); strings.Contains(got, "(n=") {
		t.Errorf("a cell of 400 round trips is marked: %q", got)
	}
}
