// The answer of a codec at a level: its stops judged against the
// reference's (Judge), one of three answers (Answer), and what the
// judgement rests on (Against).

package verdict

import (
	"time"

	"github.com/aclements/go-moremath/stats"

	"github.com/pingpong-bench/pingpong/latency"
)

// Answer is what the verdict says of a codec at a level.
type Answer int

const (
	// NotJudged: there was no reference, or no stops, to judge it by.
	NotJudged Answer = iota
	// DoesNot: its effect lies below both bars, on a machine quiet enough.
	DoesNot
	// CannotTell: an interval straddles its bar, or the machine was too
	// busy to say "does not".
	CannotTell
	// StandsOut: significantly longer stops, and an interval above its bar.
	StandsOut
)

func (a Answer) String() string {
	return [...]string{"-", "does not", "cannot tell", "stands out"}[a]
}

// Against is a codec's stops tested against the reference's.
type Against struct {
	P float64 // the one-sided test's p that the codec's stops waited longer
	// Samples is how many stretches (or, for an old file, stops) of both
	// the test had.
	Samples int
	// ByStops: the file had no stop records, and the test ran over single
	// stops (StopAlpha).
	ByStops bool
	More    bool // P reached the test's alpha: its stops waited longer
	// Effect is the codec's effect over the reference with its intervals;
	// HasEffect is false for a file without stop records, whose answer is
	// then read from the estimates alone (stands out, or does not).
	Effect    Effect
	HasEffect bool
	// Late: the time the probe could not run counts as frozen (the
	// reference is as busy as a codec, and neither program was Starved).
	Late bool
	// Busy: the machine was too busy to judge "does not": the reference's
	// own stops waited as much of the window as the bar, or others took
	// BusyShare of the cores.
	Busy bool
	// Short: the codec's program, or the reference's, ran less than
	// RanEnough of the window (the machine had the rest): too little of
	// its own work for "does not".
	Short bool
	// Starved: the codec's program, or the reference's, got less than
	// MinRanShare of the CPU its goroutines wanted: too starved for the
	// split to keep a freeze's size, so "does not" is not said, and the
	// time the probe could not run is not counted (Late is false).
	Starved bool
	// Plain: the codec's least frozen stretch was frozen more than the
	// reference's most frozen one by the bar (Plain), which decides it
	// however few stretches there were.
	Plain  bool
	Answer Answer
}

// StandsOut says whether the answer is "stands out".
func (a Against) StandsOut() bool { return a.Answer == StandsOut }

// BusyShare is the share of the machine that others must take in a window
// before the verdict warns that it may be the machine's: on the project's
// 2-core VM, with other processes taking 1.5-1.9 of its 2 cores, every
// CPU-bound codec on citm-catalog "stood out" at 11-16% of the window
// frozen against baseline's 3% (docs/notes-verdict.md). A thread the
// system has descheduled cannot reach a safe point either, and a codec
// that keeps its P busy has a thread there far more often than baseline,
// whose goroutines mostly wait on channels.
const BusyShare = 0.5

// RanEnough is the share of its window (-duration, each repeat's) that a
// codec's program, and the reference's, must have run, added up over the
// stretches (Stops.Ran), before the verdict says "does not": the window's
// length is what the user asked to be sure over, and beside other work
// the program runs only part of it. Beside four CPU hogs at nice -5 on
// two cores the program ran 10-26% of a 1s window: a codec that holds its
// stops a few times a second of its own running time then held none in
// most windows, and a bootstrap over stretches that hold nothing says
// "does not" with a narrow interval (a freezer of +5 points quiet read
// +0.2 (0.0 to 0.6)). A codec short of it is "cannot tell", and the
// level takes more turns within -until (More). Quiet a program runs
// 94-100% of its window; three quarters leaves room for that.
const RanEnough = 0.75

// MinRanShare is the least share of the CPU its goroutines wanted that a
// codec's program, and the reference's, must have got for the verdict to
// say "does not" (latency.RanShare). Below it the split of a stop's wait
// into the codec's hold and the machine's share reads a freeze short:
// beside four CPU hogs at nice -5 on two cores the program got 13-20% of
// what it wanted, and a freezer at 2x the bar read 0.3-0.5 of its quiet
// size, at 5x 0.4-0.9 (root and not: docs/notes-verdict.md, issue 51's
// third to seventh looks); beside two CPU hogs (45-50%) the freezers kept
// their quiet size to 0.74-0.92 of it, and under a 1-CPU
// quota with a hog in it (32-36%) 0.72-1.17. A quarter lies between: the
// quota's program is not starved, the nice -5 hogs' is. It was a third
// while the share was the threads' run-queue waits weighed by their CPU,
// which read the quota's program at 35-36% and the nice -5 hogs' at
// 18-24%. More turns do not mend a starved reading (they are still
// taken: they may show the codec stands out, or decide a guard's
// budget); a quieter machine does.
//
// Below it the time the probe could not ask is not counted either: of a
// gap in which it asked nothing, the machine's share is the longest any
// one thread waited on a run queue, and a program that hands its work
// from thread to thread (pairs on channels) waits in a chain of such
// waits, one after another, which the longest of them leaves mostly to
// the program. Beside four CPU hogs at nice -5 and another test, as an
// ordinary user (the program ran 15-18% of its threads' ready time, the
// share as it was read then), std on a
// 49-byte document read kept out 36-100% of the window against control's
// 0-0.5% (a preemptible loop, whose threads wait on a run queue and never
// sleep) and failed the guard three times of three. There the stops the
// load asks for carry a freeze (every freezer and copy of that batch
// held its stops, kept out 0-4.6%).
const MinRanShare = 1.0 / 4

// starved says whether codec's program or ref's got less than MinRanShare
// of the CPU its goroutines wanted, where both were split (Starved).
func starved(codec, ref Stops) bool {
	return codec.Split && ref.Split && min(codec.RanShare(), ref.RanShare()) < MinRanShare
}

// Judge tests codec's stops against the reference's (both must hold
// stops) by bars; late counts the time the probe could not run as frozen,
// as it should only against a reference as busy as a codec, and where
// neither program was starved (Level.CountsLateFor decides it). window is the
// level's window (-duration), which a "does not" needs each side's
// program to have run RanEnough of (0: no such need).
func Judge(codec, ref Stops, bars Bars, late bool, window time.Duration) Against {
	a := Against{P: 1, Late: late, Starved: starved(codec, ref)}
	x, y, alpha := codec.typicalWaits(late), ref.typicalWaits(late), StretchAlpha
	if len(x) == 0 || len(y) == 0 {
		x, y, alpha, a.ByStops = latency.Values(codec.Hist), latency.Values(ref.Hist), StopAlpha, true
	}
	a.Samples = len(x) + len(y)
	res, err := stats.MannWhitneyUTest(x, y, stats.LocationGreater)
	if err == nil { // an error: every sample of both the same, nothing more
		a.P = res.P
	}
	a.More = a.P <= alpha
	cs, rs := codec.Stretches(bars.LongStop), ref.Stretches(bars.LongStop)
	a.Effect, a.HasEffect = EffectOf(cs, rs, late)
	if !a.HasEffect { // an old file: the estimates alone, an interval of none
		fc, fr := frozenOf(codec, late), frozenOf(ref, late)
		a.Effect.Frozen = Interval{Est: fc - fr, Lo: fc - fr, Hi: fc - fr}
		t := codec.Over(bars.LongStop) - ref.Over(bars.LongStop)
		a.Effect.Tail = Interval{Est: t, Lo: t, Hi: t}
	}
	// the reference's own waits, not the time its probe queued (at 2N it
	// queues behind the pairs, as on any busy program)
	a.Busy = !(codec.Split && ref.Split) && (ref.Waiting() >= bars.Frozen || max(codec.Busy, ref.Busy) >= BusyShare)
	a.Short = codec.ranShort(window) || ref.ranShort(window)
	f, t := a.Effect.Frozen, a.Effect.Tail
	a.Plain = !a.Busy && Plain(cs, rs, late, bars.Frozen)
	switch {
	case a.More && (f.Above(bars.Frozen) || t.Above(bars.Tail)), a.Plain:
		a.Answer = StandsOut
	case f.Below(bars.Frozen) && t.Below(bars.Tail) && !a.Busy && !a.Short && !a.Starved:
		a.Answer = DoesNot
	case !a.HasEffect:
		a.Answer = DoesNot // an old file's estimates under a bar, or not significant
	default:
		a.Answer = CannotTell
	}
	return a
}

// ranShort says whether the program ran less than RanEnough of window
// in each repeat pooled in s (where its turns said how much it ran).
func (s Stops) ranShort(window time.Duration) bool {
	if window <= 0 || s.Ran <= 0 {
		return false
	}
	return s.Ran < time.Duration(RanEnough*float64(window)*float64(max(1, len(s.records))))
}
