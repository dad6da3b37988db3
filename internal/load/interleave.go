package load

import (
	"context"
	"time"

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
// slice, and returns their rows in the same order. With one
// slice per window the codecs run one after the other, each warmed up just
// before its window. Cancelling ctx stops the turns: every row of an
// interleaved level is then partial, holding what its turns so far
// measured; a level run one codec after the other stops before its next.
func RunTurns(ctx context.Context, slice, duration time.Duration, level []results.Scenario, rs []Runner) []results.Result {
	out := make([]results.Result, len(level))
	k, slice := slicesOf(slice, duration)
	if k == 1 {
		for i, s := range level {
			if ctx.Err() != nil {
				return out[:i] // as a run stops before its next scenario
			}
			if rs[i].Open(ctx, s) == nil {
				_, _ = rs[i].Slice(ctx, duration) // Finish's row holds any error
			}
			out[i] = rs[i].Finish()
		}
		return out
	}
	turning := make([]bool, len(level))
	for i, s := range level {
		turning[i] = rs[i].Open(ctx, s) == nil
	}
	measured := make([]time.Duration, len(level))
	for round := 0; ctx.Err() == nil; round++ {
		ran := false
		for j := range level {
			i := (round + j) % len(level)
			if !turning[i] || measured[i] >= duration || ctx.Err() != nil {
				continue
			}
			w, err := rs[i].Slice(ctx, min(slice, duration-measured[i]))
			measured[i] += w
			turning[i] = err == nil
			ran = true
		}
		if !ran {
			break
		}
	}
	for i := range level {
		out[i] = rs[i].Finish()
		if ctx.Err() != nil && out[i].Window < duration {
			out[i].Partial = true // its turns were cut short with the level's
		}
	}
	return out
}

// Runner runs one codec's scenarios on one input: in this process, or in
// a worker process of its own (package worker has both). A scenario runs whole (Run), or, for a
// closed-loop level, in turns: Open warms it up and parks it, each Slice
// runs one turn of its window, Finish ends it and returns its row. One
// level at a time is open.
type Runner interface {
	Info() results.ImplInfo
	Run(ctx context.Context, s results.Scenario) results.Result
	// Open readies s; an error means it cannot run (the row Finish
	// returns says why) and gets no slices.
	Open(ctx context.Context, s results.Scenario) error
	// Slice runs a turn of at least d; it returns how long the turn was,
	// and an error once the level has failed (no more turns then).
	Slice(ctx context.Context, d time.Duration) (time.Duration, error)
	Finish() results.Result
	Close()
}
