package latency

import (
	"math"
	"sync/atomic"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

// Probe is one goroutine that sleeps in a loop and records, for each sleep,
// how much later than asked it woke. It shares nothing with the load: when
// every P is busy, or a goroutine will not yield its P, or the world is
// stopped, the probe wakes late, and that lateness is what the program's
// other goroutines would suffer too.
type Probe struct {
	interval time.Duration
	rec      Recorder
	epoch    time.Time
	stopAt   atomic.Int64 // offset from epoch; sleeps that end after it are dropped
	done     chan struct{}
	timeline *Timeline // nil unless Follow gave one
}

// Follow has the probe also record each overshoot into t by the instant
// the sleep ended. Call it before Start; read t after Stop.
func (p *Probe) Follow(t *Timeline) { p.timeline = t }

// NewProbe prepares a probe that sleeps interval at a time. The histogram
// is allocated here, not in Start, so that nothing is allocated inside the
// window it watches.
func NewProbe(interval time.Duration) *Probe {
	return &Probe{interval: interval, rec: Recorder{h: NewHistogram()}}
}

// Start launches the probe goroutine. A probe can watch several intervals
// (the slices of an interleaved level): Start again after Stop, and the
// histogram goes on from where it was.
func (p *Probe) Start() {
	p.epoch = time.Now()
	p.stopAt.Store(math.MaxInt64)
	p.done = make(chan struct{})
	go p.loop(p.done)
}

func (p *Probe) loop(done chan<- struct{}) {
	defer close(done)
	for {
		t0 := time.Since(p.epoch)
		time.Sleep(p.interval)
		t1 := time.Since(p.epoch)
		if t1 > time.Duration(p.stopAt.Load()) {
			return // the sleep in flight at Stop is dropped, like a round trip at a window's end
		}
		p.rec.Record(t1 - t0 - p.interval) // the histogram's floor turns an exact wake into 1ns
		if p.timeline != nil {
			p.timeline.Record(SinceUnix(p.epoch)+t1, t1-t0-p.interval)
		}
	}
}

// Stop ends the probe at this instant and returns its overshoots over
// every interval it watched. It waits
// for the sleep in flight, so it returns within one interval plus however
// late that sleep wakes.
func (p *Probe) Stop() *hdrhistogram.Histogram {
	p.stopAt.Store(int64(time.Since(p.epoch)))
	<-p.done
	return p.rec.h
}
