package latency

import (
	"runtime"
	"time"
)

// When the stop probe asks, and who: its own goroutine on its own clock,
// or a goroutine of the load between round trips; every interval of the
// time the program ran.

// AskIfDue asks for the stop that is due, if one is, on the calling
// goroutine: now is its clock (Clock's epoch). A goroutine of the load
// calls it between round trips, where it reads its clock anyway, and it
// costs one atomic load when no stop is due.
//
// Why the load asks: at as many busy goroutines as Ps, the probe's own
// goroutine waits for a P, and gets one when a goroutine of the load
// hands its P over: up to the 10ms scheduling slice that a ping-pong pair
// passes between its two goroutines. A stop asked then misses the part of
// a freeze that passed meanwhile, more of it the less the machine's
// other work takes the load's threads off their CPUs: the probe read a
// freezer 40% of its size on a quiet machine, where it read it whole with
// a P to spare (docs/notes-verdict.md, issue 51). A GC starts on a
// goroutine that is running, at any moment of another P's freeze; so does
// a stop asked by the goroutine that is running when it falls due.
func (p *STWProbe) AskIfDue(now time.Duration) {
	if now >= time.Duration(p.due.Load())+time.Duration(p.every.Load())/loadAsksPast {
		p.ask(0)
	}
}

// loadAsksPast: the load asks for a stop once it is overdue by a
// loadAsksPast-th of the interval, and leaves it to the probe's own
// goroutine before: that one samples the program's time evenly (its timer
// does not care what the load is doing), from a thread of its own.
const loadAsksPast = 4

func (p *STWProbe) loop(quit <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	// The probe keeps a thread of its own, which stops the world and is
	// no holder of it, and asks the kernel to run that thread first: a
	// probe's thread left waiting for a CPU around a stop blurs the split
	// of its wait (see holdOf). It never unlocks: the thread ends with the
	// probe, so that no goroutine of the program runs on it at that
	// priority.
	runtime.LockOSThread()
	self := Self()
	p.prioritized.Store(prioritize(self))
	untilDue := func() time.Duration { return max(time.Duration(p.due.Load())-time.Since(p.clock), 0) }
	wake := time.NewTimer(untilDue())
	defer wake.Stop()
	for {
		select {
		case <-quit:
			return
		case <-wake.C:
		}
		p.ask(self)
		wake.Reset(untilDue())
	}
}

// ask forces the stop that is due, unless another goroutine is asking for
// one now, and sets the next due at the next multiple of the interval: a
// stop stuck past the next due also keeps that one from being asked (it
// is dropped, not queued, as a ticker drops its ticks). self is the
// probe's own thread, or 0 for a goroutine of the load, whose thread is
// held and run first while it asks, as the probe's own is: the asker's
// thread is no holder (holdOf).
func (p *STWProbe) ask(self int) {
	if !p.asking.TryLock() {
		return
	}
	defer p.asking.Unlock()
	due := time.Duration(p.due.Load())
	if p.closed || time.Since(p.clock) < due {
		return // asked already, or the probe stopped meanwhile
	}
	byLoad := self == 0
	if byLoad {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		self = Self()
		if was, ok := raise(self); ok {
			defer lower(self, was)
		}
	}
	p.demand.sample(byLoad)
	p.force(self)
	now := time.Since(p.clock)
	every := time.Duration(p.every.Load())
	p.due.Store(int64(due + (now-due)/every*every + every))
}

// askEvery is how often, on the wall clock, a probe of interval asks in
// a turn after one where the program got ran of the CPU its goroutines
// wanted (Turn.Ran; 0, not measured, reads as all of it): every interval
// of the time the program runs, at most slowestAsk intervals apart.
//
// Why the program's clock: a stop asked inside a freeze waits for the
// rest of it, so how much of a freeze the stops hold depends on how often
// they are asked against the freeze's own length, which is the program's
// time. Asked every 10ms of the wall clock, a program that got a seventh
// of its CPU was asked every 1.5ms of its own time, met each 20ms spin
// near its start, and read it up to twice its quiet size
// (docs/notes-verdict.md, issue 51's ninth look).
func askEvery(interval time.Duration, ran float64) time.Duration {
	if ran <= 0 || ran >= 1 {
		return interval
	}
	return time.Duration(float64(interval) / max(ran, 1.0/slowestAsk))
}

// slowestAsk: a starved program is asked at most this many intervals
// apart, so that a turn of a slice (100ms) still holds a stop.
const slowestAsk = 8
