package latency

import (
	"runtime"
	"time"
)

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
	// At is when each thread was read, on the package's clock (since):
	// a reading of many threads takes a syscall or two each, and a thread
	// read last was read that much later than the first.
	At []time.Duration
}

// epoch is the clock of ThreadTimes.At.
var epoch = time.Now()

// since is the time on the package's clock.
func since() time.Duration { return time.Since(epoch) }

// ThreadDelta is what a thread did between two readings: its CPU time and
// run-queue wait, and how far apart its two readings were (Span).
type ThreadDelta struct {
	TID             int
	CPU, Wait, Span time.Duration
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
			d := ThreadDelta{TID: tid, CPU: b.CPU[j] - a.CPU[i], Wait: b.Wait[j] - a.Wait[i]}
			if len(a.At) == len(a.TIDs) && len(b.At) == len(b.TIDs) {
				d.Span = b.At[j] - a.At[i]
			}
			fn(d)
		}
	}
}

// Read fills r with every thread's times now.
func (t *Threads) Read(r *ThreadTimes) error { return t.os.read(r, 0) }

// ReadFor is Read for a reading thread self must be in (a stop's asker,
// whose id the caller has): a thread made since the last reading is
// found then, though the runtime's count of threads did not change.
func (t *Threads) ReadFor(r *ThreadTimes, self int) error { return t.os.read(r, self) }

// CanPrioritize says whether the stop-the-world probe's thread can get the
// kernel's priority here (nice -20, which takes root or CAP_SYS_NICE),
// tried on a thread of its own that ends with the try: its goroutine
// locks it and returns without unlocking.
func CanPrioritize() bool {
	ok := make(chan bool)
	go func() {
		runtime.LockOSThread()
		ok <- prioritize(Self())
	}()
	return <-ok
}

// Self is the id of the calling thread; the caller keeps its goroutine on
// it (runtime.LockOSThread) for as long as the id must hold.
func Self() int { return gettid() }

// ReadMemStatsOutside is how long ReadMemStats runs on its own thread
// outside the stop it forces (taking the stop's locks, starting the world
// again): microseconds; the bound is generous.
const ReadMemStatsOutside = 50 * time.Microsecond

// stopReading is what holdOf reads of one stop of the world that a call
// on thread self forced.
type stopReading struct {
	// pre and pos are every thread's times just before and just after the
	// call, each thread's with the instant it was read.
	pre, pos *ThreadTimes
	self     int
	call     time.Duration // how long the call lasted, by the clock
	stopping time.Duration // the stop's wait (its bucket's upper bound)
	// stopped is the least the stop lasted: the lower edge of the
	// runtime's bucket of its stopping phase (from the request until every
	// P stopped), which the world was stopped through. stoppedMax is the
	// most: the upper edge of the bucket of its total pause, which the
	// runtime ends only after it has woken the Ps again, so that it also
	// holds any wait of the asking thread there, while the woken threads
	// run (beside four CPU hogs at nice -5 a preemptible loop ran 4-5ms
	// of a call whose total pause read 8.4ms and whose stopping 4.2ms at
	// most: docs/notes-verdict.md, issue 51's fifth look).
	stopped, stoppedMax time.Duration
	// alone: the only stop between the readings (no GC's, no other's,
	// which the call could have waited on before it asked for its own).
	alone bool
}

// holdOf is how long a thread of the process kept running through one
// stop of the world: the hold, the part of the stop's wait (stopping)
// that code which would not stop took, the rest being the machine's.
//
// While the world is stopped, a thread that has stopped runs nothing; so
// whatever a thread ran between its two readings beyond what it could
// have run outside the stop (free: the readings' distance less the stop's
// whole length) it ran during the stop, before it stopped. The longest of
// those, at most the stop's wait, is the stop's hold: the last P to stop
// is the one the wait was for. The stop's length is the least the
// runtime's buckets allow (stopped), or, when this was the only stop
// between the readings, the call's length less the time self waited on a
// run queue in it and ReadMemStatsOutside, if that is longer, but never
// past the most they allow (the call may have queued for the stop's lock
// behind a GC that recorded no pause of its own).
//
// What a thread ran outside the stop (outside) is all of the free time
// at most, and a thread that ran no more than that holds nothing: a
// preemptible thread that ran up to the stop and after it is no holder,
// however the machine kept it waiting. A thread that ran more surely ran
// in the stop, and held it; it is taken to have run the free time at its
// own pace over the readings, not all of it: beside other work a holder
// runs a fraction of the time, and the free time (the asking thread's
// waits for a CPU, which the call's length holds and whose place in it
// two readings cannot tell, and the buckets' width) is long against the
// CPU time a starved holder runs in a stop of ten times its length. Read
// all of it, a freezer's holds read 0.65-0.73 of the CPU its spins ran
// into the stops beside four CPU hogs at nice -5 without the probe's
// priority, 0.79-0.98 with it; at its pace 0.97-1.15 (quiet 0.99 both
// ways: docs/notes-verdict.md, issue 51's sixth look).
func holdOf(r stopReading) time.Duration {
	var selfWait time.Duration
	Deltas(r.pre, r.pos, func(d ThreadDelta) {
		if d.TID == r.self {
			selfWait = d.Wait
		}
	})
	stopped := r.stopped
	if r.alone {
		byCall := r.call - selfWait - ReadMemStatsOutside
		if r.stoppedMax > 0 {
			byCall = min(byCall, r.stoppedMax)
		}
		stopped = max(stopped, byCall)
	}
	var hold time.Duration
	Deltas(r.pre, r.pos, func(d ThreadDelta) {
		if d.TID != r.self {
			hold = max(hold, min(r.stopping, d.CPU-outside(d, d.Span-stopped)))
		}
	})
	return hold
}

// outside is how much of free, the time outside a stop between its two
// readings, thread d is taken to have run (holdOf): all of it, unless it
// ran more than that in all, and so surely ran in the stop; then the
// share of it that d ran of the time it was ready over the readings.
func outside(d ThreadDelta, free time.Duration) time.Duration {
	if free <= 0 || d.CPU <= free || d.Wait <= 0 {
		return free
	}
	return time.Duration(float64(free) * d.CPU.Seconds() / (d.CPU + d.Wait).Seconds())
}
