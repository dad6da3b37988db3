package report

import (
	"math"
	"strings"
	"testing"
	"time"

	"pingpong/latency"
	"pingpong/results"
)

// sizeRun is a hand-made size sweep of long-string at 1, 4 and 16 MB, with
// a corpus and a sizeless shape beside it that the summary must leave out:
// std grows linearly (rt/s falls 4x per 4x size), sonic as n^1.9,
// baseline not at all, and goccy fails at 16MB.
func sizeRun() *results.Run {
	run := sampleRun()
	ms := time.Millisecond
	sizes := []struct {
		name  string
		bytes int
	}{{"long-string:1MB", 1e6}, {"long-string:4MB", 4e6}, {"long-string:16MB", 16e6}}
	run.Inputs = []results.InputInfo{{Name: "citm-catalog", Kind: "built-in", Bytes: 1755254, Seed: 1}}
	for _, s := range sizes {
		run.Inputs = append(run.Inputs, results.InputInfo{Name: s.name, Kind: "shape", Bytes: s.bytes, Shape: "long-string", AskedSize: s.bytes, Seed: 1})
	}
	run.Inputs = append(run.Inputs, results.InputInfo{Name: "tiny", Kind: "shape", Bytes: 10, Shape: "tiny"})
	run.Results = nil
	add := func(input, impl string, pairs int, rate float64, p99, stwMax time.Duration, err string) {
		window := 2 * time.Second
		n := int64(math.Round(rate * window.Seconds()))
		r := results.Result{
			Scenario: results.Scenario{Input: input, Impl: impl, Mode: results.ModeEncdec, Pairs: pairs, Procs: 2, Target: results.TargetAny},
			N:        n, Window: window, Err: err,
			Latency: latency.Summary{N: n, P50: p99 / 2, P95: p99 * 3 / 4, P99: p99, Max: p99 * 2},
		}
		r.STW = &latency.Summary{N: 200, P50: stwMax / 20, P99: stwMax / 2, Max: stwMax}
		run.Results = append(run.Results, r)
	}
	for _, input := range []string{"citm-catalog", "tiny"} {
		add(input, "std", 1, 100, 12*ms, ms, "")
		add(input, "sonic", 1, 300, 4*ms, ms, "")
	}
	for i, s := range sizes {
		grow := math.Pow(4, float64(i)) // 1, 4, 16
		for _, pairs := range []int{1, 2} {
			p := float64(pairs)
			add(s.name, "std", pairs, 800*p/grow, time.Duration(1.5*float64(ms)*grow), 2*ms, "")
			add(s.name, "sonic", pairs, 2000*p/math.Pow(grow, 1.9), time.Duration(0.6*float64(ms)*math.Pow(grow, 1.9)), time.Duration(float64(ms)*math.Pow(grow, 1.5)), "")
			if i < 2 {
				add(s.name, "goccy", pairs, 1500*p/grow, time.Duration(float64(ms)*grow), 2*ms, "")
			} else {
				add(s.name, "goccy", pairs, 0, 0, 0, "echo decode: boom")
			}
			add(s.name, "baseline", pairs, 2e6, 900, 300*time.Microsecond, "")
		}
	}
	return run
}

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
	got := bySizeOf(sizeRun()).text()
	golden(t, "bysize", []byte(got))
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
	run := sizeRun()
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
	if got := bySizeOf(sampleRun()).text(); got != "" {
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
		k, from, to, ok := growth(inputs, cells)
		if !ok || math.Abs(k-want) > 0.005 || from.Name != "s:1MB" || to.Name != "s:8MB" {
			t.Errorf("time ~ n^%.1f: fitted n^%.3f from %s to %s (ok %v)", want, k, from.Name, to.Name, ok)
		}
	}
}
