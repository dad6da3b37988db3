package latency

import "time"

// Threads reads the kernel's accounting of every thread of this process:
// how long each has run on a CPU, and how long it has waited on a run
// queue, runnable but not running. A stop of the world waits for the last
// P to stop; the first says how long a thread kept running through it
// (code that would not stop: the hold, what pingpong measures), the second
// how long the machine kept a thread that wanted to run from running (its
// other processes, other tests, the hypervisor's scheduling of this
// guest). NewThreads returns nil where the kernel does not say (not
// Linux, no readable /proc): there a stop's wait cannot be split.
//
// CPU time comes from each thread's CPU clock (clock_gettime of
// CPUCLOCK_SCHED), which the kernel brings up to date for a thread running
// on another CPU at the instant of the read; /proc's schedstat does not
// (its first field is as of the thread's last tick or switch), so it
// gives only the run-queue wait, which the kernel adds up when a waiting
// thread gets a CPU: a wait still going on at a read counts at the next.
//
// A reading allocates nothing unless the process's threads changed since
// the last one (a new thread is found by the runtime's count of them).
type Threads struct {
	os threadsOS
}

// ThreadTimes is one reading: for each thread (by its id, ascending), the
// CPU time and run-queue wait it had had at that instant.
type ThreadTimes struct {
	TIDs []int
	CPU  []time.Duration
	Wait []time.Duration
}

// ThreadDelta is what a thread did between two readings.
type ThreadDelta struct {
	TID       int
	CPU, Wait time.Duration
}

// Deltas calls fn with what each thread present in both readings did
// from a to b.
func Deltas(a, b *ThreadTimes, fn func(ThreadDelta)) {
	i := 0
	for j, tid := range b.TIDs {
		for i < len(a.TIDs) && a.TIDs[i] < tid {
			i++
		}
		if i < len(a.TIDs) && a.TIDs[i] == tid {
			fn(ThreadDelta{TID: tid, CPU: b.CPU[j] - a.CPU[i], Wait: b.Wait[j] - a.Wait[i]})
		}
	}
}

// Read fills r with every thread's times now.
func (t *Threads) Read(r *ThreadTimes) error { return t.os.read(r) }

// Self is the id of the calling thread; the caller keeps its goroutine on
// it (runtime.LockOSThread) for as long as the id must hold.
func Self() int { return gettid() }

// ReadMemStatsOutside is how long ReadMemStats runs on its own thread
// outside the stop it forces (taking the stop's locks, starting the world
// again): microseconds; the bound is generous.
const ReadMemStatsOutside = 50 * time.Microsecond

// holdOf is how long a thread of the process kept running through one
// stop of the world: the hold, the part of the stop's wait (stopping)
// that code which would not stop took, the rest being the machine's.
// The threads were read (pre, pos) just before and just after the call
// that forced the stop, span apart; self is the thread that made the
// call, call how long it lasted.
//
// While the world is stopped, a thread that has stopped runs nothing; so
// whatever a thread ran between the two readings beyond the time outside
// the stop (free: span less the stop's whole length) it ran during the
// stop, before it stopped. The longest of those, at most the stop's wait,
// is the stop's hold: the last P to stop is the one the wait was for. A
// hold is never read too long: the stop's length is the lower edge of the
// runtime's bucket of it (stopped), or, when this was the only stop
// between the readings (alone: no GC's, no other's, which the call could
// have waited on before it asked for its own), the call's length less the
// time self waited on a run queue in it and ReadMemStatsOutside. A thread
// that ran less than all of the free time (the machine kept it waiting
// there too) makes the hold read short, never long.
func holdOf(pre, pos *ThreadTimes, self int, span, call, stopping, stopped time.Duration, alone bool) time.Duration {
	var selfWait time.Duration
	Deltas(pre, pos, func(d ThreadDelta) {
		if d.TID == self {
			selfWait = d.Wait
		}
	})
	if alone {
		stopped = max(stopped, call-selfWait-ReadMemStatsOutside)
	}
	free := span - stopped
	var hold time.Duration
	Deltas(pre, pos, func(d ThreadDelta) {
		if d.TID != self {
			hold = max(hold, min(stopping, d.CPU-free))
		}
	})
	return hold
}
