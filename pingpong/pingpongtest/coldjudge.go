package pingpongtest

import (
	"time"

	"github.com/pingpong-bench/pingpong/pingpong"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// A firstCall is one call of a guard's subject (its first decode, its
// first encode, a function's first call) over the fresh processes,
// against control's first call, with the guard's answer on it.
//
// The answer is `pingpong cold`'s (verdict/cold.go): a first call froze
// the program when the median over the processes of its longest stop is
// over the floor (verdict.ColdFreezeFloor, or LongStop) and over
// verdict.ColdFreezeFactor times control's. Two things the command's
// answer leaves alone a guard cannot: it judges each stop's hold, the
// time a thread kept running through it, where the kernel splits the
// wait (a busy machine is not a frozen program), and it never passes
// what it did not see: a median above the floor that control's own stops
// reach too, or fewer than leastProcesses first calls the probe saw, is
// "cannot tell".
type firstCall struct {
	what    string // a ColdCalls name; a function's call is its decode
	n, seen int    // fresh processes, and those whose first call the probe saw
	// held is the longest hold of a stop beside the first call, over the
	// processes seen; wait the longest whole wait; refHeld control's held.
	held, wait, refHeld  results.Spread
	time, second, steady results.Spread
	late, refLate        results.Spread // the sleep probe's latest wake
	floor, bar           time.Duration
	split                bool // the kernel split every wait seen
	// ran is the median share of the CPU its goroutines wanted that the
	// program got over the first call, of the processes seen (0: not measured).
	ran    float64
	answer pingpong.Answer
}

// starved says the program got less than verdict.MinRanShare of the CPU
// its goroutines wanted over the first call: there a hold reads short
// (the probe, waiting for a CPU itself, asks after the call has ended),
// and "does not" is not said.
func (f firstCall) starved() bool { return f.ran > 0 && f.ran < verdict.MinRanShare }

// seen says whether the probe saw a first call: it forced a stop beside
// it, or the call was too short to hold one over the floor.
func seen(c results.ColdCall, floor time.Duration) bool { return c.Stops.Count > 0 || c.Time <= floor }

// judgeFirst is the answer on the first call what of the subject's
// samples against control's.
func judgeFirst(what string, codec, control []results.ColdSample, floor time.Duration) firstCall {
	first := func(f func(results.ColdCall) time.Duration) func(results.ColdSample) time.Duration {
		return func(s results.ColdSample) time.Duration { return f(s.First(what)) }
	}
	split := true
	seenOf := func(samples []results.ColdSample) []results.ColdSample {
		var out []results.ColdSample
		for _, s := range samples {
			if seen(s.First(what), floor) {
				out = append(out, s)
				split = split && (s.First(what).Stops.Split || s.First(what).Stops.Count == 0)
			}
		}
		return out
	}
	mine, ref := seenOf(codec), seenOf(control)
	held := first(func(c results.ColdCall) time.Duration { return c.Stops.Held })
	late := first(func(c results.ColdCall) time.Duration { return c.Late.Longest })
	f := firstCall{what: what, n: len(codec), seen: len(mine), floor: floor, split: split,
		held: results.SpreadOf(mine, held), refHeld: results.SpreadOf(ref, held),
		wait:   results.SpreadOf(mine, first(func(c results.ColdCall) time.Duration { return c.Stops.Longest })),
		time:   results.SpreadOf(codec, results.FirstTime(what)),
		second: results.SpreadOf(codec, func(s results.ColdSample) time.Duration { return s.Second(what) }),
		steady: results.SpreadOf(codec, results.SteadyTime(what)),
		late:   results.SpreadOf(codec, late), refLate: results.SpreadOf(control, late),
		ran: results.RanOf(mine, what, floor),
	}
	f.bar = verdict.ColdBar(floor, f.refHeld.Median)
	switch {
	case f.seen < leastProcesses:
		f.answer = pingpong.CannotTell
	case f.held.Median > f.bar:
		f.answer = pingpong.StandsOut
	case f.held.Median <= floor && !f.starved():
		f.answer = pingpong.DoesNot
	default: // over the floor, but control's held as long; or starved
		f.answer = pingpong.CannotTell
	}
	return f
}

// decisive is the call the guard's answer names: the one that froze the
// program the longest, else one it cannot tell, else the longest held.
func decisive(calls []firstCall) firstCall {
	best := calls[0]
	rank := map[pingpong.Answer]int{pingpong.StandsOut: 2, pingpong.CannotTell: 1}
	for _, c := range calls[1:] {
		if rank[c.answer] > rank[best.answer] || rank[c.answer] == rank[best.answer] && c.held.Median > best.held.Median {
			best = c
		}
	}
	return best
}
