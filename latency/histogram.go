// Package latency records and summarises durations. It knows nothing of what
// produced them: the load generator hands it numbers, it hands back summaries.
package latency

import (
	"sync"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

// Histogram geometry: nanosecond resolution up to one hour, 3 significant
// digits. Values above the range are clamped rather than lost, so a stall
// longer than an hour still shows up as the maximum.
const (
	lowest  = 1
	highest = int64(time.Hour)
	sigfigs = 3
)

// NewHistogram returns an empty histogram with the project's geometry.
func NewHistogram() *hdrhistogram.Histogram {
	return hdrhistogram.New(lowest, highest, sigfigs)
}

// Recorder is the hot-path entry point: one per goroutine (lock-free), or one
// shared by a fixed group of goroutines when there are more of them than
// histograms we are willing to keep (then it locks).
type Recorder struct {
	h  *hdrhistogram.Histogram
	mu *sync.Mutex // nil when the recorder has a single owner
}

// Record adds one duration. Values below 1ns count as 1ns, above 1h as 1h.
func (r *Recorder) Record(d time.Duration) {
	v := int64(d)
	if v < lowest {
		v = lowest
	} else if v > highest {
		v = highest
	}
	if r.mu != nil {
		r.mu.Lock()
		_ = r.h.RecordValue(v) // in range by construction
		r.mu.Unlock()
		return
	}
	_ = r.h.RecordValue(v)
}

// RecordCorrected adds d as a sampler due every interval sees it when
// each sample also held up the next ones: d itself, then for every
// interval it outlasted one more sample, interval shorter each time
// (hdrhistogram's RecordCorrectedValue), so that a sampler stuck in one
// long sample does not under-count exactly the long ones. Its only user,
// the stop-the-world probe, owns its recorder: no lock.
func (r *Recorder) RecordCorrected(d, interval time.Duration) {
	_ = r.h.RecordCorrectedValue(min(max(int64(d), lowest), highest), int64(interval)) // in range by construction
}

// Recorders hands out recorders to n goroutines using at most max
// histograms, so memory is bounded by max however many goroutines record.
type Recorders struct {
	shards []*Recorder
}

// NewRecorders prepares recorders for n goroutines with at most max
// histograms (max <= 0 means one per goroutine).
func NewRecorders(n, max int) *Recorders {
	k := n
	shared := false
	if max > 0 && n > max {
		k, shared = max, true
	}
	rs := &Recorders{shards: make([]*Recorder, k)}
	for i := range rs.shards {
		r := &Recorder{h: NewHistogram()}
		if shared {
			r.mu = new(sync.Mutex)
		}
		rs.shards[i] = r
	}
	return rs
}

// For returns the recorder of goroutine i.
func (rs *Recorders) For(i int) *Recorder { return rs.shards[i%len(rs.shards)] }

// Merged returns one histogram holding every value recorded. Call it only
// after all recording goroutines have stopped.
func (rs *Recorders) Merged() *hdrhistogram.Histogram {
	all := NewHistogram()
	for _, r := range rs.shards {
		all.Merge(r.h)
	}
	return all
}
