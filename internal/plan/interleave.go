package plan

import (
	"context"
	"time"

	"github.com/pingpong-bench/pingpong/internal/worker"
	"github.com/pingpong-bench/pingpong/results"
)

// The codecs of a level take turns within its window. Each is warmed up
// and parked in turn (OpenLevel); then, round after round, each runs a
// slice of about cfg.Slice while the others stay parked, the order
// rotating every round, until each has had its -duration. Whatever the
// machine does in the meantime (steal, another process, a drifting
// clock) then falls on every codec of the level, baseline included, in
// shares as equal as the slices: the verdict compares a codec with
// baseline through it rather than blaming whichever codec ran while it
// happened. A slice ends at a round-trip boundary (load/level.go), so a codec
// whose round trip is longer than a slice takes fewer, longer turns.

// levelOf is what the scenarios of one level share: everything but the
// codec and its build, so that the builds of a run across builds take
// turns with each other as codecs do.
func levelOf(s results.Scenario) results.Scenario {
	s.Impl, s.Build = "", ""
	return s
}

// takesTurns says whether s is a closed-loop level, whose codecs take
// turns; an open-loop level and a probe pass run whole.
func takesTurns(cfg results.Config, s results.Scenario) bool {
	return s.IsEncdec() && !cfg.OpenLoop()
}

// slicesOf is how many slices of how long a window of cfg.Duration is cut
// into: cfg.Slice evened out, or the whole window as one when -slice is 0
// or longer than it.
func slicesOf(cfg results.Config) (int, time.Duration) {
	if cfg.Slice <= 0 || cfg.Slice >= cfg.Duration {
		return 1, cfg.Duration
	}
	k := int((cfg.Duration + cfg.Slice - 1) / cfg.Slice)
	return k, cfg.Duration / time.Duration(k)
}

// runTurns runs one level's scenarios, one per codec, on their runners
// (rs[i] runs level[i]) and returns their rows in the same order. With one
// slice per window the codecs run one after the other, each warmed up just
// before its window. Cancelling ctx stops the turns: every row of an
// interleaved level is then partial, holding what its turns so far
// measured; a level run one codec after the other stops before its next.
func runTurns(ctx context.Context, cfg results.Config, level []results.Scenario, rs []worker.Runner) []results.Result {
	out := make([]results.Result, len(level))
	k, slice := slicesOf(cfg)
	if k == 1 {
		for i, s := range level {
			if ctx.Err() != nil {
				return out[:i] // as a run stops before its next scenario
			}
			if rs[i].Open(ctx, s) == nil {
				_, _ = rs[i].Slice(ctx, cfg.Duration) // Finish's row holds any error
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
			if !turning[i] || measured[i] >= cfg.Duration || ctx.Err() != nil {
				continue
			}
			w, err := rs[i].Slice(ctx, min(slice, cfg.Duration-measured[i]))
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
		if ctx.Err() != nil && out[i].Window < cfg.Duration {
			out[i].Partial = true // its turns were cut short with the level's
		}
	}
	return out
}
