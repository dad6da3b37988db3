package latency

import (
	"math"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

// STWProbe stops the world every interval of the time the program runs
// (askEvery: on a quiet machine, of the wall clock) and records how long
// each stop took to begin: the time from the request until every goroutine had
// reached a safe point. A goroutine of its own asks for each stop, or,
// when the load's goroutines ask through AskIfDue between their round
// trips, whichever of them runs first when one falls due (so that a stop
// need not wait for a P the load holds, as a GC started by a running
// goroutine does not). Goroutines stop within
// microseconds when they can be preempted; a goroutine in code the runtime
// cannot preempt (assembly, JIT code, a huge memmove) holds every stop, and
// so every goroutine of the program, until it returns.
//
// The stop is runtime.ReadMemStats, the cheapest call that really stops the
// world in Go 1.26: its work under the stop is flushing each P's allocation
// cache and summing counters, microseconds. The others do more (a
// goroutine profile walks every goroutine, starting a trace writes every
// goroutine's state), wait for a whole GC cycle to end first (GOMAXPROCS and
// SetDefaultGOMAXPROCS take gcsema), or do not stop at all
// (runtime.GOMAXPROCS of the current value returns early, and as a side
// effect turns off the runtime's automatic GOMAXPROCS updates).
//
// Each stop is timed twice:
//   - Stopping (the headline, returned by Stop): the runtime's own
//     measurement, read from /sched/pauses/stopping/other:seconds just before
//     and just after the call; the delta holds the one new event. The
//     runtime's time buckets are four per power of two, so up to 25% wide;
//     the probe records a bucket's upper bound, as Distribution does for the
//     passive histograms, so its figures are at most 25% above the truth,
//     never below it, and line up with Runtime.OtherStopping of the same
//     window.
//   - Wall (Wall): the call's whole duration by the clock. It also includes
//     waiting for worldsema, which a GC holds through its own stops and its
//     mark-termination handshake with every P, and the tracer holds while it
//     switches generations (about every second while a flight recorder
//     runs, and at each snapshot), plus the stop's own work and restarting
//     the world.
//
// Its cost is one stop of the world per interval: on a bare channel
// ping-pong, the cheapest round trip there is, a 10ms interval costs a few
// percent of throughput at most (BenchmarkSTWProbeCost in latency/flight
// measures it).
type STWProbe struct {
	interval time.Duration
	// every is the current turn's interval on the wall clock: interval
	// stretched by the share of the CPU its goroutines wanted that the
	// program got in its last turn (askEvery, Turn.Ran).
	every atomic.Int64
	// phase is what was left of the interval when the last turn ended, as
	// a share of it: the next turn's first ask comes after that share of
	// its own interval (1 before the first turn).
	phase          float64
	stopping, wall Recorder
	before, after  []metrics.Sample // the stopping and pause histograms around each call
	ms             runtime.MemStats // ReadMemStats' output, ignored; 6 KB, so allocated once
	ambiguous      int64            // written by the probe goroutine, read after Stop
	epoch          time.Time
	stopAt         atomic.Int64 // offset from epoch; stops that end after it are dropped
	quit, done     chan struct{}
	// clock is the epoch of the clock asks fall due on (Clock), due the
	// next one's instant on it; asking is held by the goroutine asking for
	// a stop, the probe's own or one of the load's (AskIfDue), and guards
	// everything below it and the recorders; closed is set by Stop under it.
	clock    time.Time
	due      atomic.Int64
	asking   sync.Mutex
	closed   bool
	timeline *Timeline // nil unless Follow gave one
	// stops and turns are every stop and every Start-to-Stop stretch, on
	// the clock of the stretches laid end to end (Stop.At); watched is how
	// long the stretches before the current one lasted.
	stops   []Stop
	turns   []Turn
	watched time.Duration
	// threads reads the kernel's accounting of each thread around every
	// stop (nil where it cannot: then a stop's Hold is its whole wait);
	// last is the reading that ended the previous stop, or began the turn.
	threads        *Threads
	last, pre, pos *ThreadTimes
	// demand samples the Ps the program wanted at each stop; cpuAt is the
	// process's CPU time when the turn began; cpu and wanted are what the
	// process ran and its goroutines wanted over the last turn, for
	// Account (Turn.Ran).
	demand             *demand
	cpuAt, cpu, wanted time.Duration
	// prioritized: the probe's thread got the kernel's priority (nice
	// -20) in its last turn; set by the probe goroutine before its first
	// tick, read after Stop.
	prioritized atomic.Bool
	deltas      []ThreadDelta // mostWaited's, kept so that a tick allocates nothing
}

// Follow has the probe also record each stop's plain stopping latency,
// uncorrected, into t by the instant the stop ended. Call it before Start;
// read t after Stop.
func (p *STWProbe) Follow(t *Timeline) { p.timeline = t }

// NewSTWProbe prepares a probe that stops the world every interval,
// over windows of up to window in all (0: 5s). Histograms, metric buffers
// and the stops' records are allocated here, so that a tick allocates
// nothing inside the window it watches.
func NewSTWProbe(interval, window time.Duration) *STWProbe {
	// The stops' records: a window's stops at the interval, and slack for
	// the stops a GC or another ReadMemStats adds (events.event) and for a
	// window that runs a little past its length while it closes.
	const slack = 64
	n := 512 // a 5s window at the default 10ms
	if interval > 0 {
		n = max(n, int(window/interval)+slack)
	}
	p := &STWProbe{
		interval: interval,
		stopping: Recorder{h: NewHistogram()},
		wall:     Recorder{h: NewHistogram()},
		before:   []metrics.Sample{{Name: otherStopping}, {Name: otherPauses}, {Name: gcPauses}},
		after:    []metrics.Sample{{Name: otherStopping}, {Name: otherPauses}, {Name: gcPauses}},
		stops:    make([]Stop, 0, n),
		threads:  NewThreads(),
		last:     new(ThreadTimes),
		pre:      new(ThreadTimes),
		pos:      new(ThreadTimes),
		demand:   newDemand(),
		closed:   true, // until Start
		phase:    1,
	}
	p.due.Store(math.MaxInt64)
	metrics.Read(p.before) // the first read allocates the bucket slices
	metrics.Read(p.after)
	return p
}

// Clock has the probe's asks fall due on the clock of goroutines that read
// their time as time.Since(epoch): those may ask for a stop themselves
// (AskIfDue). Call it before Start; without it the probe's own goroutine
// asks every stop.
func (p *STWProbe) Clock(epoch time.Time) { p.clock = epoch }

// Start launches the probe goroutine. Like Probe, it can watch several
// intervals: Start again after Stop, and the histograms go on.
func (p *STWProbe) Start() {
	p.cpuAt = cpuNow() // a system call, before the window's clock starts
	p.epoch = time.Now()
	if p.clock.IsZero() {
		p.clock = p.epoch
	}
	if p.threads != nil && p.threads.Read(p.last) != nil {
		p.threads = nil
	}
	p.stopAt.Store(math.MaxInt64)
	p.closed = false
	var ran float64 // the last turn's, 0 before the first
	if n := len(p.turns); n > 0 {
		ran = p.turns[n-1].Ran
	}
	every := askEvery(p.interval, ran)
	p.every.Store(int64(every))
	p.due.Store(int64(time.Since(p.clock) + time.Duration(p.phase*float64(every))))
	p.quit, p.done = make(chan struct{}), make(chan struct{})
	go p.loop(p.quit, p.done)
}

// force forces one stop from thread self and records it.
func (p *STWProbe) force(self int) {
	metrics.Read(p.before)
	split := p.threads != nil && p.threads.ReadFor(p.pre, self) == nil
	t0 := time.Since(p.epoch)
	runtime.ReadMemStats(&p.ms)
	t1 := time.Since(p.epoch)
	split = split && p.threads.ReadFor(p.pos, self) == nil
	metrics.Read(p.after)
	if t1 > time.Duration(p.stopAt.Load()) {
		return // the stop in flight at Stop is dropped, like a round trip at a window's end
	}
	// each histogram's new events, read once: the stop's stopping phase,
	// its total pause, and a GC's pauses between the readings
	stop, total, gc := p.newEvents(0), p.newEvents(1), p.newEvents(2)
	stopping, ok := stop.event()
	if !ok {
		p.ambiguous++
		if stopping == 0 {
			stopping = t1 - t0
		}
	}
	// A bucket's upper bound can pass the call's own length, which
	// the stop took place within: the tighter bound keeps the stop's
	// record inside the window it was watched in.
	stopping = min(stopping, t1-t0)
	s := p.stopRecord(t0, t1, stopping, total)
	s.Hold, s.Queued = s.Begin, 0
	if split {
		// the least the stop lasted is its stopping phase, the most its
		// total pause (stopReading); alone: no other stop between the readings
		s.Hold = holdOf(stopReading{pre: p.pre, pos: p.pos, self: self, call: t1 - t0, stopping: stopping,
			stopped: stop.lo, stoppedMax: total.hi, alone: total.n == 1 && gc.n == 0})
		s.Queued = mostWaited(p.last, p.pre)
		p.last, p.pos = p.pos, p.last
	}
	p.stops = append(p.stops, s)
	p.stopping.RecordCorrected(stopping, time.Duration(p.every.Load()))
	if p.timeline != nil {
		p.timeline.Record(SinceUnix(p.epoch)+t1, stopping)
	}
	p.wall.Record(t1 - t0)
}

// mostWaited is the longest any thread waited on a run queue from a to
// b: the time the machine kept the program from running a goroutine
// that was ready, at most. Every thread counts, not only those that may
// have held a P: a probe that a preemptible program kept waiting for a P
// gets one when sysmon, on a thread that holds none, has preempted a
// goroutine, so sysmon's wait is part of the chain; counted only the
// probe's own thread and the GOMAXPROCS busiest, a preemptible loop beside
// other work and without the probe's priority read kept out 8.1% of the
// window (docs/notes-verdict.md, "Issue 51").
func mostWaited(a, b *ThreadTimes) time.Duration {
	var w time.Duration
	Deltas(a, b, func(d ThreadDelta) { w = max(w, d.Wait) })
	return w
}

// stopRecord is the stop that ReadMemStats, called at t0 and returning at
// t1, forced and waited stopping for, its total pause's new events total:
// the runtime's pause figure is its
// whole length, from the request to the restart, so it was asked for that
// long before it ended (not before the call: the call may first have
// waited out a GC's own stop, which the GC's figures hold).
func (p *STWProbe) stopRecord(t0, t1, stopping time.Duration, total events) Stop {
	length, ok := total.event()
	if !ok && length == 0 {
		length = t1 - t0
	}
	length = max(length, stopping) // each is a bucket's upper bound, 25% wide
	at := max(t0, t1-length)
	return Stop{At: p.watched + at, Begin: stopping, Last: max(0, min(length, t1-at)-stopping)}
}

// newEvents is what the i-th histogram read around a stop has over its
// reading before it.
func (p *STWProbe) newEvents(i int) events { return eventRange(p.before[i].Value, p.after[i].Value) }

// events is the bucket of the largest event one histogram reading has
// over an earlier one, from lo to hi, and how many events it has (0 when
// the metric is missing).
type events struct {
	lo, hi time.Duration
	n      uint64
}

// event reads the single event of e. ok is false when e does not hold
// exactly one event:
//   - more than one: another stop of the same class (a profile, another
//     ReadMemStats, the tracer) slipped in between the two reads. The
//     largest new event is returned: ours is one of them, so the figure is
//     never below ours, and each is a real stop of this program that took
//     that long to begin.
//   - none: the runtime does not have the metric (a Go that renamed it);
//     0 is returned and the caller falls back to the wall time, an upper
//     bound.
func (e events) event() (d time.Duration, ok bool) { return e.hi, e.n == 1 }

// eventRange is the new events one histogram reading has over an earlier
// one.
func eventRange(before, after metrics.Value) (e events) {
	if before.Kind() != metrics.KindFloat64Histogram || after.Kind() != metrics.KindFloat64Histogram {
		return e
	}
	b, a := before.Float64Histogram(), after.Float64Histogram()
	if len(b.Counts) != len(a.Counts) || len(a.Buckets) != len(a.Counts)+1 {
		return e
	}
	for i := range a.Counts {
		if c := sub(a.Counts[i], b.Counts[i]); c > 0 {
			e.n += c
			// buckets ascend: the last one seen is the largest
			e.hi = bucketValue(a.Buckets, i)
			e.lo = bucketFloor(a.Buckets, i)
		}
	}
	return e
}

// Stop ends the probe at this instant and returns the stopping latencies
// of every interval it watched. A stop stuck for longer than the probe's
// interval also kept it from asking for the next ones: it is recorded
// corrected for that (Recorder.RecordCorrected), as the stops a program
// asking every interval would have waited for, so a window whose stops
// stick holds as many as one whose stops do not. Waited has the plain sum.
// It waits for the stop in flight, if any, so it returns within however
// long that stop takes.
func (p *STWProbe) Stop() *hdrhistogram.Histogram {
	at := time.Since(p.epoch)
	p.stopAt.Store(int64(at))
	close(p.quit)
	<-p.done
	p.asking.Lock() // a goroutine of the load may be asking: wait for its stop
	p.closed = true
	every := time.Duration(p.every.Load())
	// the next turn asks first after what is left of this one's interval,
	// in the program's time: the stops keep their rate across turns
	p.phase = min(1, max(0, float64(time.Duration(p.due.Load())-time.Since(p.clock))/float64(every)))
	p.due.Store(math.MaxInt64)
	p.asking.Unlock()
	n := len(p.stops)
	for _, t := range p.turns {
		n -= t.Stops
	}
	turn := Turn{Window: at, Stops: n, Split: p.threads != nil, Interval: every}
	p.cpu, p.wanted = cpuNow()-p.cpuAt, p.demand.wanted(at)
	if turn.Split && p.threads.Read(p.pre) == nil {
		turn.Queued = mostWaited(p.last, p.pre)
	}
	p.turns = append(p.turns, turn)
	p.watched += at
	return p.stopping.h
}

// Account gives the last turn, which Stop ended, its Ran: machine is how
// long the machine's other work ran on the CPUs over it (others' CPU
// time, steal, a quota's throttling), the most of the program's shortfall
// RanShare counts. Without it (no noise meter) a turn's Ran is 0, read as
// all of it.
func (p *STWProbe) Account(machine time.Duration) {
	if n := len(p.turns); n > 0 && p.turns[n-1].Split {
		p.turns[n-1].Ran = RanShare(p.cpu, p.wanted, machine)
	}
}

// Stops is every stop the probe forced, in order, and Turns the stretches
// it watched (one per Start), which hold them in turn. Read them after
// Stop.
func (p *STWProbe) Stops() []Stop { return p.stops }

// Turns: see Stops.
func (p *STWProbe) Turns() []Turn { return p.turns }

// Prioritized says whether the probe's thread got the kernel's priority
// (nice -20, which takes CAP_SYS_NICE) in its last turn. Without it the
// probe's own thread waits on a run queue beside other work as any
// thread does, and the split of a stop's wait reads the machine's share
// of it less sharply. Read it after Stop.
func (p *STWProbe) Prioritized() bool { return p.prioritized.Load() }

// Waited is how long the program waited for the probe's stops to begin,
// all told: the time-weighted view, which counts a stuck stop for its
// whole length. Read it after Stop.
func (p *STWProbe) Waited() time.Duration {
	var w time.Duration
	for _, s := range p.stops {
		w += s.Begin
	}
	return w
}

// Wall returns each forced stop's wall time, ReadMemStats from call to
// return. Read it after Stop.
func (p *STWProbe) Wall() *hdrhistogram.Histogram { return p.wall.h }

// Ambiguous is how many of the recorded stops could not be told apart from
// another stop that began between the same two histogram reads (see
// events.event). Read it after Stop.
func (p *STWProbe) Ambiguous() int64 { return p.ambiguous }
