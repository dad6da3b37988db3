package latency

import (
	"sync"
	"testing"
	"time"
)

func TestRecordersMergeEveryValue(t *testing.T) {
	for _, tc := range []struct{ goroutines, max int }{{4, 0}, {4, 8}, {10, 3}} {
		rs := NewRecorders(tc.goroutines, tc.max)
		var wg sync.WaitGroup
		for g := 0; g < tc.goroutines; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := rs.For(g)
				for i := 1; i <= 1000; i++ {
					r.Record(time.Duration(i) * time.Microsecond)
				}
			}()
		}
		wg.Wait()
		h := rs.Merged()
		if got, want := h.TotalCount(), int64(tc.goroutines*1000); got != want {
			t.Errorf("%+v: merged %d values, recorded %d", tc, got, want)
		}
		if n := len(rs.shards); tc.max > 0 && n > tc.max {
			t.Errorf("%+v: %d histograms, want at most %d", tc, n, tc.max)
		}
	}
}

func TestRecordClampsOutOfRange(t *testing.T) {
	rs := NewRecorders(1, 0)
	rs.For(0).Record(0)
	rs.For(0).Record(2 * time.Hour)
	s := Summarize(rs.Merged())
	if s.N != 2 || s.Min != 1 || s.Max < time.Hour-time.Hour/500 || s.Max > time.Hour+time.Hour/500 {
		t.Fatalf("summary %+v: want both values kept, clamped to [1ns, 1h]", s)
	}
}

func TestSummarizeQuantiles(t *testing.T) {
	rs := NewRecorders(1, 0)
	for i := 1; i <= 100; i++ {
		rs.For(0).Record(time.Duration(i) * time.Millisecond)
	}
	s := Summarize(rs.Merged())
	near := func(got time.Duration, want int) bool {
		w := time.Duration(want) * time.Millisecond
		return got >= w-w/500 && got <= w+w/500 // 3 significant digits
	}
	if s.N != 100 || !near(s.P50, 50) || !near(s.P95, 95) || !near(s.P99, 99) || !near(s.Max, 100) || !near(s.Min, 1) {
		t.Fatalf("summary %+v", s)
	}
	if (Summarize(nil) != Summary{}) {
		t.Fatal("empty summary of nil histogram")
	}
}
