package load

import (
	"context"
	"runtime"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// The codecs of a level take turns within its window. Each is warmed up
// and parked in turn (Runner.Open, an OpenLevel); then, round after round,
// each runs a slice of about -slice while the others stay parked, the order
// rotating every round, until each has had its -duration. Whatever the
// machine does in the meantime (steal, another process, a drifting
// clock) then falls on every codec of the level, baseline included, in
// shares as equal as the slices: the verdict compares a codec with
// baseline through it rather than blaming whichever codec ran while it
// happened. A slice ends at a round-trip boundary (level.go), so a codec
// whose round trip is longer than a slice takes fewer, longer turns.

// slicesOf is how many slices of how long a window of duration is cut
// into: slice evened out, or the whole window as one when slice (-slice) is
// 0 or longer than it.
func slicesOf(slice, duration time.Duration) (int, time.Duration) {
	if slice <= 0 || slice >= duration {
		return 1, duration
	}
	k := int((duration + slice - 1) / slice)
	return k, duration / time.Duration(k)
}

// RunTurns runs one level's scenarios, one per codec, on their runners
// (rs[i] runs level[i]), each for a window of duration in turns of about
// slice, and returns their rows in the same order. With one slice per
// window the codecs run one after the other, each warmed up just before
// its window. until may then keep some of them taking turns past
// duration (Until). Cancelling ctx stops the turns: every row of an
// interleaved or extended level is then partial, holding what its turns so
// far measured; a level run one codec after the other stops before its
// next.
func RunTurns(ctx context.Context, slice, duration time.Duration, level []results.Scenario, rs []Runner, until Until) []results.Result {
	k, slice := slicesOf(slice, duration)
	extends := until.More != nil && until.Cap > duration
	t := newTurns(level, rs, duration)
	if k == 1 {
		for i := range level {
			if ctx.Err() != nil { // as a run stops before its next scenario
				if !extends {
					return t.rows[:i]
				}
				return t.finish(ctx, i)
			}
			if t.open(ctx, i) {
				t.slice(ctx, i, duration)
			}
			if !extends {
				t.finishOne(i)
			}
		}
		if !extends {
			return t.rows
		}
	} else {
		for i := range level {
			t.open(ctx, i)
		}
		t.rounds(ctx, slice)
	}
	for extends && ctx.Err() == nil {
		more, extended := until.More(t.sofar()), false
		for i, m := range more {
			if m && i < len(level) && t.turning[i] && t.want[i] < until.Cap {
				t.want[i], extended = min(until.Cap, t.want[i]+duration/2), true
			}
		}
		if !extended {
			break
		}
		// the verdict's garbage (its histograms, its bootstrap) is
		// collected now, with every pair and the probe parked, not in
		// the next codec's measured turn (as OpenLevel does between
		// scenarios)
		runtime.GC()
		t.rounds(ctx, slice)
	}
	return t.finish(ctx, len(level))
}

// Until keeps a level's turns going past its window while some codec's
// answer is not yet settled.
type Until struct {
	// Cap is the most window a codec may get; at or under duration the
	// level ends at duration, as before.
	Cap time.Duration
	// More is asked once every codec has had its duration, and again after
	// every extension: from the rows so far (one per codec, in level order,
	// with Scenario, Window, STWStops and STWTurns filled as Finish would
	// fill them, At on the concatenated turns' clock; STWWaited and MMU
	// too, and Err for a codec that takes no more turns), which codecs
	// need more turns. nil, or all false: the level ends. Each codec
	// flagged gets another duration/2 (at most Cap), in rounds of slices as
	// the window's own; the others are parked.
	More func(sofar []results.Result) []bool
}

// TurnStops is one turn of a codec's level as the stop-the-world probe saw
// it.
type TurnStops struct {
	Window time.Duration `json:"window_ns"` // the turn's length
	// Stops are the stops forced in this turn, At on the turn's own clock
	// (0 = its start); empty when the probe is off.
	Stops []latency.Stop `json:"stops,omitempty"`
	// Queued, Split, Ran and Interval are the turn's (latency.Turn).
	Queued   time.Duration `json:"queued_ns,omitempty"`
	Split    bool          `json:"split,omitempty"`
	Ran      float64       `json:"ran,omitempty"`
	Interval time.Duration `json:"interval_ns,omitempty"`
}

// turns is a level's codecs taking turns: what each was given and has
// measured so far.
type turns struct {
	level    []results.Scenario
	rs       []Runner
	turning  []bool          // opened, and no error since
	errs     []error         // why a codec takes no more turns
	measured []time.Duration // its turns' lengths, added up
	want     []time.Duration // the window it is to get
	stops    [][]latency.Stop
	turns    [][]latency.Turn
	round    int // rounds so far: the order rotates with each
	rows     []results.Result
}

func newTurns(level []results.Scenario, rs []Runner, duration time.Duration) *turns {
	n := len(level)
	t := &turns{level: level, rs: rs, turning: make([]bool, n), errs: make([]error, n), measured: make([]time.Duration, n),
		want: make([]time.Duration, n), stops: make([][]latency.Stop, n), turns: make([][]latency.Turn, n), rows: make([]results.Result, n)}
	for i := range t.want {
		t.want[i] = duration
	}
	return t
}

func (t *turns) open(ctx context.Context, i int) bool {
	t.errs[i] = t.rs[i].Open(ctx, t.level[i])
	t.turning[i] = t.errs[i] == nil
	return t.turning[i]
}

// slice runs one turn of codec i and keeps its stops on the clock of its
// turns laid end to end.
func (t *turns) slice(ctx context.Context, i int, d time.Duration) {
	ts, err := t.rs[i].Slice(ctx, d)
	for _, s := range ts.Stops {
		s.At += t.measured[i]
		t.stops[i] = append(t.stops[i], s)
	}
	t.turns[i] = append(t.turns[i], latency.Turn{Window: ts.Window, Stops: len(ts.Stops), Queued: ts.Queued, Split: ts.Split, Ran: ts.Ran, Interval: ts.Interval})
	t.measured[i] += ts.Window
	t.turning[i], t.errs[i] = err == nil, err
}

// rounds runs rounds of turns, one slice per codec each, the order
// rotating, until every codec still turning has had the window it wants.
func (t *turns) rounds(ctx context.Context, slice time.Duration) {
	n := len(t.level)
	for ctx.Err() == nil {
		ran := false
		for j := range n {
			i := (t.round + j) % n
			if !t.turning[i] || t.measured[i] >= t.want[i] || ctx.Err() != nil {
				continue
			}
			t.slice(ctx, i, min(slice, t.want[i]-t.measured[i]))
			ran = true
		}
		if !ran {
			return
		}
		t.round++
	}
}

// sofar is the rows so far, as Until.More reads them.
func (t *turns) sofar() []results.Result {
	out := make([]results.Result, len(t.level))
	for i, s := range t.level {
		r := results.Result{Scenario: s, Window: t.measured[i]}
		r.STWStops, r.STWTurns, r.MMU = t.stops[i], t.turns[i], results.MMUOf(t.stops[i], t.turns[i])
		for _, st := range t.stops[i] {
			r.STWWaited += st.Begin
		}
		if t.errs[i] != nil {
			r.Err = t.errs[i].Error()
		}
		out[i] = r
	}
	return out
}

func (t *turns) finishOne(i int) { t.rows[i] = t.rs[i].Finish() }

// finish ends the first n codecs and returns their rows; once ctx is
// cancelled, a row whose turns fell short of its window is partial.
func (t *turns) finish(ctx context.Context, n int) []results.Result {
	for i := range n {
		t.finishOne(i)
		if ctx.Err() != nil && t.rows[i].Window < t.want[i] {
			t.rows[i].Partial = true // its turns were cut short with the level's
		}
	}
	return t.rows[:n]
}

// Runner runs one codec's scenarios on one input: in this process, or in
// a worker process of its own (package worker has both). A scenario runs whole (Run), or, for a
// closed-loop level, in turns: Open warms it up and parks it, each Slice
// runs one turn of its window, Finish ends it and returns its row. One
// level at a time is open.
type Runner interface {
	Info() results.CodecInfo
	Run(ctx context.Context, s results.Scenario) results.Result
	// Open readies s; an error means it cannot run (the row Finish
	// returns says why) and gets no slices.
	Open(ctx context.Context, s results.Scenario) error
	// Slice runs a turn of at least d; it returns how long the turn was
	// and the stops forced in it, and an error once the level has failed
	// (no more turns then).
	Slice(ctx context.Context, d time.Duration) (TurnStops, error)
	Finish() results.Result
	Close()
}
