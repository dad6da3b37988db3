package main

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// std of build new gets 1.5 times slower: its rate falls by that, its
// latencies grow by it, its probe stays; the other rows are untouched.
func TestInjectSlowsOneCodecOfOneBuild(t *testing.T) {
	old, new := resultstest.CompareRuns(1)
	run := resultstest.AcrossBuilds(old, new)
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.json"), filepath.Join(dir, "out.json")
	f, err := os.Create(in)
	if err != nil {
		t.Fatal(err)
	}
	if err := results.WriteJSON(f, run); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := inject(in, out, "new", "std", 1.5); err != nil {
		t.Fatal(err)
	}
	g, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	got, err := results.ReadJSON(g)
	if err != nil {
		t.Fatal(err)
	}
	changed := 0
	for i, r := range got.Results {
		was := run.Results[i]
		rate, p50 := r.RoundTripsPerSec()/was.RoundTripsPerSec(), float64(r.Latency.P50)/float64(was.Latency.P50)
		if r.Build == "new" && r.Codec == "std" {
			changed++
			if math.Abs(rate-1/1.5) > 1e-6 || math.Abs(p50-1.5) > 1e-6 {
				t.Errorf("%s: rate x%.3f, p50 x%.3f; want x%.3f and x1.5", r.CodecLabel(), rate, p50, 1/1.5)
			}
		} else if was.N > 0 && (rate != 1 || p50 != 1) {
			t.Errorf("%s changed: rate x%.3f, p50 x%.3f", r.CodecLabel(), rate, p50)
		}
	}
	if changed == 0 {
		t.Error("no row of std in build new")
	}
	if err := inject(in, out, "new", "nosuch", 1.5); err == nil {
		t.Error("a codec with no rows was no error")
	}
}
