package latency

import (
	"slices"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

// Timeline follows durations over time: per interval of a fixed width, how
// many ended in it and the longest. Interval i is [i*width, (i+1)*width)
// of wall-clock time since the Unix epoch, so the timelines of every
// goroutine and process of a machine share their boundaries. With
// histograms on it also keeps each interval's durations in a histogram,
// for interval logs: the interval being recorded into in a dense
// histogram, and each one left behind packed (hdrhistogram's
// PackedHistogram, sized by its populated buckets, typically a few KB), so
// that a long window costs memory by what it holds rather than 270 KB an
// interval.
//
// A Timeline has one owner and no lock; Take it into another once its
// owner has stopped.
type Timeline struct {
	width int64
	first int64 // the interval of spans[0]
	spans []Span
	open  *hdrhistogram.Histogram // interval openAt's histogram; nil: histograms off
	// openAt is the interval open records into.
	openAt int64
}

// Span is one interval of a Timeline.
type Span struct {
	N    int64
	Max  time.Duration
	Hist *hdrhistogram.PackedHistogram // nil: histograms off, or nothing recorded
}

// NewTimeline returns an empty timeline of intervals width long, keeping
// each interval's histogram when hists is set.
func NewTimeline(width time.Duration, hists bool) *Timeline {
	t := &Timeline{width: int64(width), spans: make([]Span, 0, 4)}
	if hists {
		t.open = NewHistogram()
	}
	return t
}

// Width is the timeline's interval width.
func (t *Timeline) Width() time.Duration { return time.Duration(t.width) }

// Record adds d, which ended at the instant at (since the Unix epoch).
func (t *Timeline) Record(at, d time.Duration) {
	i := int64(at) / t.width
	s := t.span(i)
	s.N++
	s.Max = max(s.Max, d)
	if t.open != nil {
		if i != t.openAt {
			t.pack()
			t.openAt = i
		}
		_ = t.open.RecordValue(min(max(int64(d), lowest), highest)) // in range by construction
	}
}

// span returns interval i's span, growing the timeline to hold it.
func (t *Timeline) span(i int64) *Span {
	if len(t.spans) == 0 {
		t.first = i
	}
	if i < t.first {
		t.spans = slices.Insert(t.spans, 0, make([]Span, t.first-i)...)
		t.first = i
	}
	if j, n := int(i-t.first), len(t.spans); j >= n {
		t.spans = slices.Grow(t.spans, j+1-n)[:j+1]
		clear(t.spans[n:])
	}
	return &t.spans[i-t.first]
}

// pack moves the open histogram into its interval's span.
func (t *Timeline) pack() {
	if t.open == nil || t.open.TotalCount() == 0 {
		return
	}
	s := t.span(t.openAt)
	if s.Hist == nil {
		s.Hist = NewPackedHistogram()
	}
	s.Hist.MergeFrom(t.open)
	t.open.Reset()
}

// Take adds o's intervals to t and empties o, which its owner may then
// record into again. o's owner must have stopped.
func (t *Timeline) Take(o *Timeline) {
	o.pack()
	for j, os := range o.spans {
		if os.N == 0 {
			continue
		}
		s := t.span(o.first + int64(j))
		s.N += os.N
		s.Max = max(s.Max, os.Max)
		switch {
		case os.Hist == nil:
		case s.Hist == nil:
			s.Hist = os.Hist
		default:
			s.Hist.Merge(os.Hist)
		}
	}
	o.spans = o.spans[:0]
}

// At is interval i's span; the zero Span when nothing ended in it or t
// is nil.
func (t *Timeline) At(i int64) Span {
	if t == nil {
		return Span{}
	}
	if j := i - t.first; j >= 0 && j < int64(len(t.spans)) {
		return t.spans[j]
	}
	return Span{}
}

// SinceUnix is epoch as an offset from the Unix epoch: an offset from
// epoch (by the monotonic clock) plus this is an instant a Timeline takes.
func SinceUnix(epoch time.Time) time.Duration { return time.Duration(epoch.UnixNano()) }

// NewPackedHistogram returns an empty packed histogram with the project's
// geometry, as a Timeline keeps each interval's.
func NewPackedHistogram() *hdrhistogram.PackedHistogram {
	return hdrhistogram.NewPacked(lowest, highest, sigfigs)
}
