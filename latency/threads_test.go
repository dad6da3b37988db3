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
	pre := at(reading(0, 0, 0), 0)
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
		r := stopReading{pre: pre, pos: at(c.pos, c.span), self: 10, call: c.call, stopping: c.stopping, stopped: c.stopped, alone: c.alone}
		if got := holdOf(r); got != c.want {
			t.Errorf("%s: hold %v, want %v", c.name, got, c.want)
		}
	}
	// Each thread's free time is from its own readings: thread 11, read
	// 1ms after the first of the pre reading and 1ms before the last of
	// the post one, had 2ms less outside the stop than the whole span.
	late := at(reading(0, 0, 0), 0)
	late.At[1] = ms
	pos := at(reading(0, 21*ms, 0), 22*ms)
	pos.At[1] = 21 * ms
	r := stopReading{pre: late, pos: pos, self: 10, call: 21 * ms, stopping: 20 * ms, stopped: 16 * ms, alone: true}
	if got, want := holdOf(r), 20*ms; got != want {
		t.Errorf("read late: hold %v, want %v", got, want)
	}
	// The call's length stands for the stop's only up to the bucket's
	// upper edge: a call that queued behind a GC lasted longer than its stop.
	r = stopReading{pre: pre, pos: at(reading(0, 40*ms, 0), 42*ms), self: 10, call: 41 * ms, stopping: 20 * ms, stopped: 16 * ms, stoppedMax: 20 * ms, alone: true}
	if got, want := holdOf(r), 20*ms-22*ms+20*ms; got != want {
		t.Errorf("queued call: hold %v, want %v (the stop's length at most its bucket's edge)", got, want)
	}
	// The asking thread waited 5ms for a CPU after it had woken the Ps
	// again, and thread 11, woken, ran those 5ms: the runtime's total
	// pause (8.4ms at least, it ends after the wake) holds that wait, its
	// stopping phase (at least 3.67ms, at most 4.19ms) does not. Read
	// from the stopping phase, thread 11 ran outside the stop and holds
	// nothing; the total's lower edge would have read a hold of 4.19ms
	// (beside four CPU hogs at nice -5: issue 51's fifth look).
	asked := at(reading(0, 5*ms, 0), 9160*time.Microsecond)
	asked.Wait[0] = 5 * ms
	r = stopReading{pre: pre, pos: asked, self: 10, call: 9100 * time.Microsecond, stopping: 4190 * time.Microsecond,
		stopped: 3670 * time.Microsecond, stoppedMax: 10490 * time.Microsecond, alone: true}
	if got := holdOf(r); got != 0 {
		t.Errorf("woken while the asker waited: hold %v, want 0", got)
	}
	// Beside four CPU hogs at nice -5, without the probe's priority: a
	// spin ran 19.6ms of CPU into a stop whose call lasted 140.9ms, its
	// thread ready throughout (122.6ms of it waiting); the asker waited
	// 50.7ms in the call, so only the bucket's lower edge (134.2ms) is
	// sure, and 6.7ms free. Read as if it had run all of that, the hold
	// was 12.9ms; at its pace (19.6 of 142.2) it ran 0.9ms of it. A
	// thread that ran less than the free time in all (4.2ms of a 38.9ms
	// free time, waiting 64ms) may have run it all outside: no hold.
	spun := at(reading(0, 19600*time.Microsecond, 4200*time.Microsecond), 140900*time.Microsecond)
	spun.Wait = []time.Duration{50700 * time.Microsecond, 122600 * time.Microsecond, 0}
	r = stopReading{pre: pre, pos: spun, self: 10, call: 140900 * time.Microsecond, stopping: 167800 * time.Microsecond,
		stopped: 134200 * time.Microsecond, stoppedMax: 167800 * time.Microsecond, alone: true}
	free, pace := 6700*time.Microsecond, 19.6/142.2
	want := 19600*time.Microsecond - time.Duration(float64(free)*pace)
	if got := holdOf(r); got < want-time.Microsecond || got > want+time.Microsecond {
		t.Errorf("a starved holder: hold %v, want %v (its CPU less the free time at its pace)", got, want)
	}
	r.pos = at(reading(0, 0, 4200*time.Microsecond), 173100*time.Microsecond)
	r.pos.Wait = []time.Duration{50700 * time.Microsecond, 0, 64 * ms}
	if got := holdOf(r); got != 0 {
		t.Errorf("a thread that ran less than the free time: hold %v, want 0", got)
	}
}

// at stamps every thread of r as read at d.
func at(r *ThreadTimes, d time.Duration) *ThreadTimes {
	r.At = r.At[:0]
	for range r.TIDs {
		r.At = append(r.At, d)
	}
	return r
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
	th, self := lockedThreads(t)
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

// lockedThreads is a reader of this process's threads and the id of the
// calling thread, to which the test's goroutine stays locked; it skips
// where the kernel does not say.
func lockedThreads(t *testing.T) (*Threads, int) {
	th := NewThreads()
	if th == nil {
		t.Skip("no per-thread accounting here")
	}
	runtime.LockOSThread()
	t.Cleanup(runtime.UnlockOSThread)
	return th, Self()
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
		calls := make([]atomic.Int64, runtime.GOMAXPROCS(0))
		var wg sync.WaitGroup
		for i := range calls {
			wg.Go(func() {
				for !stop.Load() {
					work()
					calls[i].Add(1)
				}
			})
		}
		p := NewSTWProbe(5*time.Millisecond, 0)
		p.Start()
		// The window holds 400ms and every worker's call through it: on a
		// starved machine (a twentieth of a CPU beside four nice -5 hogs,
		// run as an unprivileged user) a 30ms spin outlasts 400ms, and the
		// stop in flight at Stop is dropped. Two calls of a worker ending
		// after Start mean it ran one whole inside the window. The minute
		// bounds a machine that runs nothing; it is not a measure.
		from := make([]int64, len(calls))
		for i := range calls {
			from[i] = calls[i].Load()
		}
		until := time.Now().Add(time.Minute)
		time.Sleep(400 * time.Millisecond)
		for i := range calls {
			for calls[i].Load() < from[i]+2 && time.Now().Before(until) {
				time.Sleep(10 * time.Millisecond)
			}
		}
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
	// Retried too: once, in .ci/run's suite from empty caches (the machine
	// compiling other packages), sleepers read a 2.1ms hold. Not found why;
	// suspected: the asking thread blocked in the call on a page fault of
	// a fresh binary, which is neither running nor waiting, so that the
	// call's length overstated the stop (docs/notes-verdict.md, the tenth
	// look). Three windows that all read a hold still fail.
	retry.Three(t, func() error {
		if h := longest(run(func() { time.Sleep(time.Millisecond) })); h > time.Millisecond {
			return fmt.Errorf("sleeping, the longest hold was %v: want under 1ms", h)
		}
		return nil
	})
}

// BenchmarkThreadsRead is one reading of every thread of the process:
// its cost is paid twice around every stop the probe forces.
func BenchmarkThreadsRead(b *testing.B) {
	th := NewThreads()
	if th == nil {
		b.Skip("no per-thread accounting here")
	}
	var r ThreadTimes
	for b.Loop() {
		if err := th.Read(&r); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(r.TIDs)), "threads")
}
