package latency

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/internal/measurelock"
	"github.com/pingpong-bench/pingpong/internal/retry"
	"github.com/pingpong-bench/pingpong/internal/spin"
)

// holdOf counts what a thread ran beyond the time outside the stop, at
// most the stop's wait, leaves out the thread that asked for the stop,
// and never reads a hold longer than a thread ran.
func TestHoldOf(t *testing.T) {
	ms, out := time.Millisecond, ReadMemStatsOutside
	reading := func(cpu ...time.Duration) *ThreadTimes {
		r := &ThreadTimes{}
		for i, c := range cpu {
			r.TIDs = append(r.TIDs, 10+i)
			r.CPU = append(r.CPU, c)
			r.Wait = append(r.Wait, 0)
		}
		return r
	}
	pre := reading(0, 0, 0)
	cases := []struct {
		name                          string
		pos                           *ThreadTimes
		span, call, stopping, stopped time.Duration
		alone                         bool
		want                          time.Duration
	}{
		// thread 11 ran 21ms of a 22ms span around a 20ms stop: 1ms of
		// it was outside (and the call's own time outside the stop, out),
		// the rest held the stop
		{"held", reading(0, 21*ms, 0), 22 * ms, 21 * ms, 20 * ms, 16 * ms, true, 20*ms - out},
		// the same without the call's own length: only the bucket's
		// lower edge, 16ms, is sure, so 6ms may have been outside
		{"bucket only", reading(0, 21*ms, 0), 22 * ms, 21 * ms, 20 * ms, 16 * ms, false, 15 * ms},
		// a thread that ran 2ms of a 22ms span around a 20ms stop waited
		// for a CPU: the stop was the machine's
		{"descheduled", reading(0, 2*ms, 0), 22 * ms, 21 * ms, 20 * ms, 16 * ms, true, ms - out},
		// the asking thread (10) ran throughout: it holds nothing
		{"self", reading(22*ms, 0, 0), 22 * ms, 21 * ms, 20 * ms, 16 * ms, true, 0},
		// never more than the stop's wait
		{"capped", reading(0, 0, 30*ms), 22 * ms, 21 * ms, 2 * ms, 16 * ms, true, 2 * ms},
	}
	for _, c := range cases {
		if got := holdOf(pre, c.pos, 10, c.span, c.call, c.stopping, c.stopped, c.alone); got != c.want {
			t.Errorf("%s: hold %v, want %v", c.name, got, c.want)
		}
	}
}

// Deltas pairs threads by id: one that came or went between two readings
// is left out.
func TestDeltasPairThreadsByID(t *testing.T) {
	a := &ThreadTimes{TIDs: []int{1, 2, 4}, CPU: []time.Duration{1, 2, 4}, Wait: []time.Duration{0, 0, 0}}
	b := &ThreadTimes{TIDs: []int{2, 3, 4}, CPU: []time.Duration{5, 9, 10}, Wait: []time.Duration{1, 1, 1}}
	var got []ThreadDelta
	Deltas(a, b, func(d ThreadDelta) { got = append(got, d) })
	if len(got) != 2 || got[0] != (ThreadDelta{TID: 2, CPU: 3, Wait: 1}) || got[1] != (ThreadDelta{TID: 4, CPU: 6, Wait: 1}) {
		t.Errorf("deltas %+v", got)
	}
}

// A reading holds this process's threads, the calling one among them,
// and a thread's CPU time grows as it runs.
func TestThreadsRead(t *testing.T) {
	th := NewThreads()
	if th == nil {
		t.Skip("no per-thread accounting here")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	self := Self()
	var a, b ThreadTimes
	if err := th.Read(&a); err != nil {
		t.Fatal(err)
	}
	spin.SpinN(spin.Iterations(5 * time.Millisecond))
	if err := th.Read(&b); err != nil {
		t.Fatal(err)
	}
	found := false
	Deltas(&a, &b, func(d ThreadDelta) {
		if d.TID == self {
			found = true
			if d.CPU <= 0 {
				t.Errorf("the spinning thread ran %v", d.CPU)
			}
		}
		if d.CPU < 0 || d.Wait < 0 {
			t.Errorf("thread %d went back: %+v", d.TID, d)
		}
	})
	if !found {
		t.Errorf("thread %d not in %v", self, b.TIDs)
	}
}

// The hold is the time the program's threads ran through a stop, which
// the machine's other work does not change: goroutines that spin 30ms at
// a time where the runtime cannot preempt them hold stops for many
// milliseconds of CPU, however long the machine kept them waiting for
// one; goroutines that sleep hold none, however long their stops waited.
func TestSTWProbeSplitsEachStop(t *testing.T) {
	if NewThreads() == nil {
		t.Skip("no per-thread accounting here")
	}
	if !spin.NonPreemptible() {
		t.Skip("spin is preemptible here; run with GODEBUG=asyncpreemptoff=1")
	}
	measurelock.Take(t)
	run := func(work func()) []Stop {
		var stop atomic.Bool
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				for !stop.Load() {
					work()
				}
			})
		}
		p := NewSTWProbe(5*time.Millisecond, 0)
		p.Start()
		time.Sleep(400 * time.Millisecond)
		p.Stop()
		stop.Store(true)
		wg.Wait()
		if tn := p.Turns(); len(tn) != 1 || !tn[0].Split {
			t.Fatalf("turns %+v: want one, split", tn)
		}
		return p.Stops()
	}
	longest := func(stops []Stop) (hold time.Duration) {
		for _, s := range stops {
			if s.Hold < 0 || s.Hold > s.Begin {
				t.Errorf("stop %+v: a hold outside its wait", s)
			}
			hold = max(hold, s.Hold)
		}
		return hold
	}
	// A hold reads short where the machine kept the holder waiting outside
	// the stop too (holdOf): a window on a machine busy compiling other
	// packages may read none, so it is retried.
	retry.Three(t, func() error {
		if h := longest(run(func() { spin.Spin(30 * time.Millisecond) })); h < 5*time.Millisecond {
			return fmt.Errorf("spinning 30ms at a time, the longest hold was %v: want at least 5ms", h)
		}
		return nil
	})
	if h := longest(run(func() { time.Sleep(time.Millisecond) })); h > time.Millisecond {
		t.Errorf("sleeping, the longest hold was %v: want under 1ms", h)
	}
}
