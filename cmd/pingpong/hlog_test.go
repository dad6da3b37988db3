package main

import (
	"os"
	"path/filepath"
	"testing"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

// A run with -hlog writes, from its workers, one interval log per scenario,
// which hdrhistogram-go's reader reads: its untagged intervals are the
// row's -json intervals and add up to the row's n, and the level's codecs
// share one timeline, starting at its first interval.
func TestHlogWritesOneReadableLogPerScenario(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, run := measured(t, "-impls", "std,baseline", "-input", "small-doc", "-levels", "1", "-duration", "300ms", "-warmup", "0s",
		"-interval", "50ms", "-hlog", dir)
	if run.Config.Interval != 50e6 || run.Config.HlogDir != dir {
		t.Fatalf("config: interval %v, hlog dir %q", run.Config.Interval, run.Config.HlogDir)
	}
	first := map[bool]bool{}
	for _, r := range run.Results {
		if filepath.Dir(r.Hlog) != dir {
			t.Fatalf("%s: log %q, want it in %s", r.Name(), r.Hlog, dir)
		}
		var n int64
		for _, iv := range r.Intervals {
			n += iv.N
		}
		if n != r.N || r.N == 0 {
			t.Fatalf("%s: intervals hold %d round trips, the row %d", r.Name(), n, r.N)
		}
		first[r.Intervals[0].At == 0] = true
		f, err := os.Open(r.Hlog)
		if err != nil {
			t.Fatal(err)
		}
		rd := hdrhistogram.NewHistogramLogReader(f)
		var logged, intervals int64
		for {
			h, err := rd.NextIntervalHistogram()
			if err != nil {
				t.Fatalf("%s: %v", r.Hlog, err)
			}
			if h == nil {
				break
			}
			if h.Tag() == "" {
				logged += h.TotalCount()
				intervals++
			}
		}
		f.Close()
		if logged != r.N || intervals != int64(len(r.Intervals)) {
			t.Fatalf("%s: the log holds %d round trips in %d intervals, the row %d in %d", r.Hlog, logged, intervals, r.N, len(r.Intervals))
		}
	}
	if !first[true] || !first[false] {
		t.Fatalf("want one codec to begin the level's timeline and the other to take its turn after: %v", first)
	}
}
