package latency

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"
)

// Stop is one stop of the world as the rest of the program lived it: asked
// for At, every goroutine stopped Begin later, the world started again Last
// after that. At is on the watcher's own clock: the probe's turns laid end
// to end (STWProbe.Turns), so that a codec's stops over a window cut into
// turns read as one stretch of time.
//
// Hold is how much of Begin a thread of the program kept running through
// the stop (code that would not stop), the rest being the machine's: the
// last P's thread waiting for a CPU. Queued is the longest any thread of
// the program waited on a run queue in the gap before the stop was asked
// for, the machine's share of a probe kept from asking. Where the kernel
// does not say (STWProbe.Split), Hold is Begin and Queued 0.
type Stop struct {
	At     time.Duration
	Begin  time.Duration
	Last   time.Duration
	Hold   time.Duration
	Queued time.Duration
}

// Held is the stop's hold where its turn was split (Turn.Split), else
// its whole wait.
func (s Stop) Held(split bool) time.Duration {
	if split {
		return s.Hold
	}
	return s.Begin
}

// End is when the world started again.
func (s Stop) End() time.Duration { return s.At + s.Begin + s.Last }

// MarshalJSON writes a stop as [at, begin, last, hold, queued] in
// nanoseconds, or [at, begin, last] when its hold is all of its wait and
// nothing queued: a row holds a couple of hundred, and the field names
// would triple their size.
func (s Stop) MarshalJSON() ([]byte, error) {
	if s.Hold == s.Begin && s.Queued == 0 { // all of it the program's, or not split
		return json.Marshal([3]int64{int64(s.At), int64(s.Begin), int64(s.Last)})
	}
	return json.Marshal([5]int64{int64(s.At), int64(s.Begin), int64(s.Last), int64(s.Hold), int64(s.Queued)})
}

// UnmarshalJSON reads what MarshalJSON wrote, and the [at, begin, last] of
// files written before a stop's wait was split (its hold is then all of
// it).
func (s *Stop) UnmarshalJSON(b []byte) error {
	v, err := numbers(b, "a stop is [at, begin, last, hold, queued] in ns", 3, 5)
	if err != nil {
		return err
	}
	s.At, s.Begin, s.Last = time.Duration(v[0]), time.Duration(v[1]), time.Duration(v[2])
	s.Hold, s.Queued = s.Begin, 0
	if len(v) == 5 {
		s.Hold, s.Queued = time.Duration(v[3]), time.Duration(v[4])
	}
	return nil
}

// numbers reads a record written as an array of integers, of one of the
// lengths given; what says what the record is, for the error.
func numbers(b []byte, what string, lengths ...int) ([]int64, error) {
	var v []int64
	if err := json.Unmarshal(b, &v); err != nil || !slices.Contains(lengths, len(v)) {
		if err == nil {
			err = fmt.Errorf("%d numbers", len(v))
		}
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return v, nil
}

// Turn is one stretch the probe watched (a codec's turn in its level's
// window): how long it lasted and how many of the stops it holds, in
// order, so that the stops of turn i follow those of turns 0..i-1.
type Turn struct {
	Window time.Duration `json:"window_ns"`
	Stops  int           `json:"stops"`
	// Queued is the longest any thread waited on a run queue after the
	// turn's last stop (Stop.Queued).
	Queued time.Duration `json:"queued_ns,omitempty"`
	// Split: the kernel's accounting of each thread split the stops'
	// waits (Stop.Hold, Stop.Queued); without it Hold is the whole wait.
	Split bool `json:"split,omitempty"`
	// Ran is the share of the CPU time the program's goroutines wanted in
	// the turn (the Ps they kept busy) that the process got, of what the
	// machine's other work could have kept from it (RanShare,
	// STWProbe.Account). Beside other work a program gets a part of the
	// CPU it wants, and does that much less of its work in the turn's wall
	// clock: a codec that holds stops for a share of its own running time
	// holds them for Ran of that share of the window. 0 where not measured
	// (RanShare reads it as 1).
	Ran float64 `json:"ran,omitempty"`
	// Interval is how often the probe asked for a stop in the turn, on the
	// wall clock: its interval stretched by the share of its CPU the
	// program got in the turn before (STWProbe, askEvery). 0: the probe's
	// own interval.
	Interval time.Duration `json:"interval_ns,omitempty"`
}

// every is how often the probe asked in the turn: Interval, or interval
// (the probe's own) where the turn does not say.
func (t Turn) every(interval time.Duration) time.Duration {
	if t.Interval > 0 {
		return t.Interval
	}
	return interval
}

// RanShare is the turn's Ran, or 1 (all of it) where it was not measured.
func (t Turn) RanShare() float64 {
	if t.Ran <= 0 || t.Ran > 1 {
		return 1
	}
	return t.Ran
}

// Ran is how long the program's threads ran of turns (each turn's window
// by its RanShare): the time its holds and lateness are counted against.
func Ran(turns []Turn) time.Duration {
	var out time.Duration
	for _, t := range turns {
		out += t.ranOf(t.Window)
	}
	return out
}

// ranOf is the part of d, a stretch of the turn, that the program ran.
func (t Turn) ranOf(d time.Duration) time.Duration {
	return time.Duration(float64(d) * t.RanShare())
}

// Split says whether every turn's stops had their waits split.
func Split(turns []Turn) bool {
	for _, t := range turns {
		if !t.Split {
			return false
		}
	}
	return len(turns) > 0
}

// KeptOut is how long the probe, asking for a stop every interval, could
// not ask at all: for each gap between one stop's end (or its turn's
// start) and the next stop's request (or the turn's end), what the gap
// lasted beyond interval and slack. A probe that asks late was itself a
// goroutine of the program that could not run: a codec in code the
// runtime cannot preempt holds its P until it returns, and when it holds
// every P the probe waits for one as long, asks for no stop meanwhile,
// and so leaves the stops' waits short of the freeze. slack is what a
// runnable goroutine may wait on a busy but preemptible program: the
// scheduler's 10ms slices of the goroutines ahead of it.
func KeptOut(turns []Turn, stops []Stop, interval, slack time.Duration) time.Duration {
	var out time.Duration
	walk(turns, stops, interval, slack, func(_ int, l late, _ *Stop) { out += l.held })
	return out
}

// Machine is how long the machine, not the program, took of the stops'
// waits (Begin less Hold) and of the probe's lateness beyond interval and
// slack: what Stretches adds up as Machine, over the whole turns.
func Machine(turns []Turn, stops []Stop, interval, slack time.Duration) time.Duration {
	var out time.Duration
	walk(turns, stops, interval, slack, func(turn int, l late, s *Stop) {
		out += l.machine
		if s != nil {
			out += s.Begin - s.Held(turns[turn].Split)
		}
	})
	return out
}

// LateGaps are the gaps KeptOut adds up, one by one: how long the probe
// could not ask for a stop, beyond interval and slack, each time it could
// not. A quantile of the stops' waits that counts them (as stops that
// waited that long) sees a freeze that starved the probe of the very
// stops that would show it.
func LateGaps(turns []Turn, stops []Stop, interval, slack time.Duration) []time.Duration {
	var out []time.Duration
	walk(turns, stops, interval, slack, func(_ int, l late, _ *Stop) {
		if l.held > 0 {
			out = append(out, l.held)
		}
	})
	return out
}

// late is how long past interval and slack the probe could not ask for a
// stop in one gap, split into the program's (held) and the machine's: as
// long as a thread of the program waited on a run queue in the gap
// (Stop.Queued of the stop that ends it, or the turn's own Queued for its
// last gap), the machine, not the program, kept the probe out. due is
// when the probe should have asked: one interval into the gap.
type late struct{ due, held, machine time.Duration }

// walk is the one walk over the gaps between stops that every figure of
// the probe's lateness reads (KeptOut, LateGaps, Machine, Stretches): for
// each gap in which the probe asked for nothing, in turn order, it calls
// fn with the turn, the gap's lateness and the stop that ends it (nil for
// a turn's last gap, which its end closes).
func walk(turns []Turn, stops []Stop, interval, slack time.Duration, fn func(turn int, l late, s *Stop)) {
	var from time.Duration // the turn's start on the stops' clock
	i := 0
	gap := func(turn int, last, next time.Duration, queued time.Duration, s *Stop) {
		every := turns[turn].every(interval)
		l := late{due: last + every, held: max(0, next-last-every-slack)}
		if turns[turn].Split {
			l.machine = min(l.held, queued)
			l.held -= l.machine
		}
		fn(turn, l, s)
	}
	for ti, t := range turns {
		last := from
		for end := i + t.Stops; i < end && i < len(stops); i++ {
			gap(ti, last, stops[i].At, stops[i].Queued, &stops[i])
			last = max(last, stops[i].End())
		}
		gap(ti, last, from+t.Window, t.Queued, nil)
		from += t.Window
	}
}
