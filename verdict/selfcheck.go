package verdict

import (
	"fmt"
	"math"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// The self-check's judgement: whether a 1x round trip's p50 is the
// codec's decode and encode timed in a plain loop (load.SelfCheck
// measures both), and when the two are apart, the likeliest cause.

// AssessSelfCheck fills in the figures of every codec of run that has
// repeats, against the run's bare channel round trip.
func AssessSelfCheck(run *results.SelfCheckRun) {
	for i := range run.Results {
		r := &run.Results[i]
		if len(r.Repeats) > 0 {
			// control does no JSON work either, but its round trip is a
			// codec's length of work, not the harness floor
			floorOnly := r.Reference && r.Codec != results.Control
			r.SelfCheckFigures = SelfCheckFigures(r.Repeats, floorOnly, run.Calibration.Channel.P50)
		}
	}
}

// SelfCheckFigures draws a codec's self-check figures from its repeats:
// the ratio of the medians (a median, since one repeat disturbed by a busy machine must
// not move it), the spread of p50 and throughput, and when the two
// measurements are apart the likely cause. floor is the bare channel round
// trip's p50 (0: unknown); floorOnly: the round trip is the harness floor
// itself (baseline, which does no work), not a codec's.
func SelfCheckFigures(reps []results.SelfCheckRepeat, floorOnly bool, floor time.Duration) results.SelfCheckFigures {
	var f results.SelfCheckFigures
	if len(reps) == 0 {
		return f
	}
	p50s, singles, rates := make([]float64, len(reps)), make([]float64, len(reps)), make([]float64, len(reps))
	for i, r := range reps {
		p50s[i], singles[i], rates[i] = float64(r.P50), float64(r.Single), r.Rate
	}
	f.P50 = time.Duration(math.Round(latency.Median(p50s)))
	f.Single = time.Duration(math.Round(latency.Median(singles)))
	if f.Single > 0 {
		f.Ratio = float64(f.P50) / float64(f.Single)
	}
	f.CVP50, f.CVRate = cv(p50s), cv(rates)
	f.Apart = f.Single > 0 && math.Abs(f.Ratio-1) > results.SelfCheckTolerance
	if f.Apart {
		f.Cause = selfCheckCause(f, reps, floorOnly, floor)
	}
	return f
}

// selfCheckCause names the likeliest reason a round trip's p50 is not the
// single-goroutine decode+encode, from the evidence the repeats carry.
func selfCheckCause(f results.SelfCheckFigures, reps []results.SelfCheckRepeat, floorOnly bool, floor time.Duration) string {
	var gc uint64
	var gcCPU float64
	var sched []float64
	for _, r := range reps {
		gc += r.GCCycles
		gcCPU = max(gcCPU, r.GCCPUFraction)
		sched = append(sched, float64(r.SchedP50))
	}
	schedP50 := time.Duration(latency.Median(sched))
	switch {
	case floorOnly:
		return "no JSON work: the round trip is the harness floor itself (channel hops, a wake-up), expected"
	case floor > 0 && float64(floor) > results.SelfCheckTolerance*float64(f.Single):
		return fmt.Sprintf("harness floor: the bare channel round trip (p50 %v) is a large part of so short an op", floor)
	case f.CVP50 > results.SelfCheckTolerance:
		// the repeats disagree more than the two measurements can be trusted to
		return fmt.Sprintf("noise: p50 varies %.0f%% between repeats (a busy machine, CPU frequency)", 100*f.CVP50)
	case f.Ratio > 1 && float64(schedP50) > 0.1*float64(f.P50):
		return fmt.Sprintf("scheduler wake-ups: goroutines sat runnable p50 %v per wake-up", schedP50)
	case f.Ratio > 1 && gc > 0:
		return fmt.Sprintf("GC: %d cycles in the windows, up to %.0f%% of CPU; the pinger's garbage is marked while the echo works", gc, 100*gcCPU)
	case f.Ratio < 1 && gc > 0:
		return "GC in the benchmark's mean: ns/op spreads GC and the rare slow op over every op, a p50 skips them"
	case f.Ratio > 1:
		return "cache and CPU migration: the document changes goroutine, and often core, twice per round trip"
	default:
		return "noise or CPU frequency: the two measurements ran at different times; try a longer -duration or more -count"
	}
}

// cv is the coefficient of variation: the sample standard deviation over
// the mean. 0 for fewer than two values or a zero mean.
func cv(xs []float64) float64 {
	if len(xs) < 2 {
		return 0
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(len(xs))
	if mean == 0 {
		return 0
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return math.Sqrt(ss/float64(len(xs)-1)) / mean
}
