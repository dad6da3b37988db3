package verdict

import (
	"fmt"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// WarmRemedyFactor is how close to its steady state a first call after a
// warm-up must come for the warm-up to count as its remedy: within 3x, the
// issue's bar (a first call's own cache misses stay).
const WarmRemedyFactor = 3

// ColdAnswer is the run's answer: the slowest first call, the first call
// furthest above its own steady state, and whether a warm-up remedies it
// (its first call after the warm-up within WarmRemedyFactor of steady).
func ColdAnswer(run *results.ColdRun) []string {
	type call struct {
		codec         results.ColdCodec
		what          string
		first, steady time.Duration
	}
	var slowest, coldest *call
	for _, c := range run.Codecs {
		if c.Reference {
			continue
		}
		for _, what := range results.ColdCalls {
			first, steady := results.SpreadOf(c.Samples, results.FirstTime(what)), results.SpreadOf(c.Samples, results.SteadyTime(what))
			if first.N == 0 {
				continue
			}
			k := &call{c, what, first.Median, steady.Median}
			if slowest == nil || k.first > slowest.first {
				slowest = k
			}
			if coldest == nil || k.first-k.steady > coldest.first-coldest.steady {
				coldest = k
			}
		}
	}
	out := []string{"answer: the slowest first call, the one furthest above its steady state, and whether a first call froze the program:"}
	if slowest == nil {
		return append(out, "  no codec completed a first call")
	}
	out = append(out, fmt.Sprintf("  slowest first call: %s first %s %s (%s its steady %s)", slowest.codec.Name, slowest.what,
		format.Duration(slowest.first), ColdRatio(slowest.first, slowest.steady), format.Duration(slowest.steady)))
	line := fmt.Sprintf("  coldest: %s first %s %s, %s over its steady %s", coldest.codec.Name, coldest.what,
		format.Duration(coldest.first), format.Duration(coldest.first-coldest.steady), format.Duration(coldest.steady))
	out = append(out, line+"; "+remedyWords(coldest.codec, coldest.what, coldest.steady))
	return append(out, coldFreezes(run))
}

// A first call froze the program, in the answer's words, when the median
// over the processes of its longest stop of the world is over
// ColdFreezeFloor and over ColdFreezeFactor times control's: a plain
// comparison of medians, not the main verdict's interval (ten processes
// are ten stops, not a window's hundreds).
const (
	ColdFreezeFloor  = time.Millisecond
	ColdFreezeFactor = 3
)

// ColdBar is what a first call's longest stop (the median over the
// processes) must pass to have frozen the program: the floor, and
// ColdFreezeFactor times control's.
func ColdBar(floor, control time.Duration) time.Duration {
	return max(floor, ColdFreezeFactor*control)
}

// coldFreezes is the answer's line on the stops the first calls held.
func coldFreezes(run *results.ColdRun) string {
	var control results.ColdCodec
	for _, c := range run.Codecs {
		if c.Reference {
			control = c
		}
	}
	longest := func(what string) func(results.ColdSample) time.Duration {
		return func(s results.ColdSample) time.Duration { return s.First(what).Stops.Longest }
	}
	var worst, worstWhat string
	var worstStop, worstControl time.Duration
	for _, c := range run.Codecs {
		if c.Reference {
			continue
		}
		for _, what := range results.ColdCalls {
			if l := results.SpreadOf(c.Samples, longest(what)); l.N > 0 && l.Median > worstStop {
				worst, worstWhat, worstStop = c.Name, what, l.Median
				worstControl = results.SpreadOf(control.Samples, longest(what)).Median
			}
		}
	}
	switch {
	case worst == "":
		return "  freezes: no stops of the world were forced beside the first calls (-stw 0?)"
	case worstStop > ColdBar(ColdFreezeFloor, worstControl):
		return fmt.Sprintf("  freezes: %s's first %s held stops of the world up to %s (median of the processes; control %s)",
			worst, worstWhat, format.Duration(worstStop), format.Duration(worstControl))
	}
	return fmt.Sprintf("  freezes: no first call held a stop of the world over %s and %dx control's (the longest: %s's first %s, %s; control %s)",
		format.Duration(ColdFreezeFloor), ColdFreezeFactor, worst, worstWhat, format.Duration(worstStop), format.Duration(worstControl))
}

// remedyWords says whether c's warm-up brings its first call of what
// within WarmRemedyFactor of steady.
func remedyWords(c results.ColdCodec, what string, steady time.Duration) string {
	switch {
	case c.WarmUp == "":
		return "it has no warm-up API"
	case len(c.Warmed) == 0:
		return c.WarmUp + " not measured"
	}
	warm := results.SpreadOf(c.Warmed, func(s results.ColdSample) time.Duration { return s.WarmUp })
	first := results.SpreadOf(c.Warmed, results.FirstTime(what))
	if first.N == 0 {
		return c.WarmUp + " failed"
	}
	verb := "remedies it"
	if first.Median > WarmRemedyFactor*steady {
		verb = fmt.Sprintf("does not remedy it (over %dx steady)", WarmRemedyFactor)
	}
	return fmt.Sprintf("after %s (%s) %s: %s", c.WarmUp, format.Duration(warm.Median), format.Duration(first.Median), verb)
}

// ColdRatio is a first call against the steady state, "5.2x".
func ColdRatio(first, steady time.Duration) string {
	if steady <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1fx", float64(first)/float64(steady))
}
