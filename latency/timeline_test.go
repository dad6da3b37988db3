package latency

import (
	"testing"
	"time"
)

// Durations land in the interval they ended in, whatever order the
// timelines are taken in; each interval's histogram holds its own.
func TestTimelineCountsByWhenEachEnded(t *testing.T) {
	const w = 100 * time.Millisecond
	base := 17 * time.Hour // an instant, since the Unix epoch
	a, b, all := NewTimeline(w, true), NewTimeline(w, true), NewTimeline(w, true)
	a.Record(base+250*time.Millisecond, 3*time.Millisecond)
	a.Record(base+260*time.Millisecond, 5*time.Millisecond)
	a.Record(base+420*time.Millisecond, time.Millisecond)
	b.Record(base+30*time.Millisecond, 7*time.Millisecond)
	b.Record(base+299*time.Millisecond, 2*time.Millisecond)
	all.Take(a)
	all.Take(b) // b starts before a: the timeline grows backwards
	first := int64(base / w)
	want := map[int64]struct {
		n   int64
		max time.Duration
	}{0: {1, 7 * time.Millisecond}, 1: {0, 0}, 2: {3, 5 * time.Millisecond}, 3: {0, 0}, 4: {1, time.Millisecond}, 5: {0, 0}}
	for k, wt := range want {
		s := all.At(first + k)
		var hn int64
		if s.Hist != nil {
			hn = s.Hist.TotalCount()
		}
		if s.N != wt.n || s.Max != wt.max || hn != wt.n {
			t.Errorf("interval %d: n %d max %v (histogram %d), want n %d max %v", k, s.N, s.Max, hn, wt.n, wt.max)
		}
	}
	if s := all.At(first - 1); s.N != 0 {
		t.Errorf("before the first: %+v", s)
	}
	// a was emptied and records afresh
	a.Record(base+250*time.Millisecond, time.Millisecond)
	all.Take(a)
	if s := all.At(first + 2); s.N != 4 || s.Hist.TotalCount() != 4 {
		t.Errorf("interval 2 after a second take: n %d, histogram %d", s.N, s.Hist.TotalCount())
	}
	var none *Timeline
	if s := none.At(first); s.N != 0 {
		t.Errorf("a nil timeline holds %+v", s)
	}
}
