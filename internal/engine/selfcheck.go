package engine

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// The self-check asks whether the harness measures the codec: a 1x round
// trip is the echo's one decode and one encode plus two channel hops and a
// wake-up, so its p50 should be close to the same decode and encode timed
// in a plain loop on one goroutine, which knows nothing of pairs, channels
// or windows. It also measures how much a figure moves from one
// repeat to the next, which is the least difference a comparison can trust.

// SelfCheck runs the self-check: the harness floor first, then Count
// repeats, each running every codec on every input once (interleaved, so
// drift hits every codec alike). progress, if not nil, hears of each
// measurement as it finishes.
func SelfCheck(ctx context.Context, cfg results.SelfCheckConfig, env results.Environment, inputs []*datasets.Input, progress func(input, impl string, repeat int)) (*results.SelfCheckRun, error) {
	impls, err := LookupImpls(cfg.Impls)
	if err != nil {
		return nil, err
	}
	cfg.Count = max(cfg.Count, 1)
	run := &results.SelfCheckRun{Env: env, Config: cfg}
	run.Calibration = Calibrate(ctx, min(cfg.Duration, 300*time.Millisecond))
	// What the stop-the-world probe costs is a figure within a shared
	// machine's noise (a few percent either way from one start-up to the
	// next), so it is measured here and in BenchmarkSTWProbeCost, never in
	// an ordinary run's header.
	if cost, err := STWCost(ctx, min(cfg.Duration, time.Second), stwCostInterval); err != nil {
		run.Calibration.Err = err.Error()
	} else {
		run.Calibration.STWCost = cost
	}
	ready := make([]prepared, 0, len(inputs)*len(impls))
	for _, in := range inputs {
		run.Inputs = append(run.Inputs, infoOf(in))
		for _, im := range impls {
			p, info := prepare(im, in)
			ready = append(ready, p)
			run.Results = append(run.Results, results.SelfCheckResult{Input: in.Name, Impl: im.Name, NoJSON: im.NoJSON, Err: info.Err})
		}
	}
	for rep := 0; rep < cfg.Count; rep++ {
		for i, p := range ready {
			if ctx.Err() != nil {
				return run, ctx.Err()
			}
			r := &run.Results[i]
			if p.codec == nil || r.Err != "" {
				continue
			}
			sr, err := selfCheckOnce(ctx, cfg, p)
			if err != nil {
				r.Err = err.Error()
				continue
			}
			r.Repeats = append(r.Repeats, sr)
			if progress != nil {
				progress(r.Input, r.Impl, rep)
			}
		}
	}
	for i := range run.Results {
		r := &run.Results[i]
		if len(r.Repeats) > 0 {
			r.SelfCheckFigures = AssessSelfCheck(r.Repeats, r.NoJSON, run.Calibration.Channel.P50)
		}
	}
	return run, nil
}

// stwCostInterval is the stop-the-world probe's default interval (-stw),
// whose cost the self-check measures.
const stwCostInterval = 10 * time.Millisecond

func selfCheckOnce(ctx context.Context, cfg results.SelfCheckConfig, p prepared) (results.SelfCheckRepeat, error) {
	lr, err := RunLevelWatched(ctx, p.codec, p.bin, p.newTarget, 1, Watch{Warmup: cfg.Warmup, Duration: cfg.Duration}, false)
	if err != nil {
		return results.SelfCheckRepeat{}, fmt.Errorf("encdec: %w", err)
	}
	if lr.N == 0 {
		return results.SelfCheckRepeat{}, fmt.Errorf("encdec: no round trip completed in %v", cfg.Duration)
	}
	sr := results.SelfCheckRepeat{P50: latency.Summarize(lr.Hist).P50, Rate: float64(lr.N) / lr.Window.Seconds()}
	if rt := lr.Runtime; rt != nil {
		sr.GCCycles, sr.GCCPUFraction, sr.SchedP50 = rt.GCCycles, rt.GCCPUFraction, rt.SchedLatency.P50
	}
	if sr.Single, err = benchDecodeEncode(p.codec, p.bin, p.newTarget, cfg.Duration); err != nil {
		return sr, fmt.Errorf("single goroutine: %w", err)
	}
	return sr, nil
}

// decodeEncode is the benchmark's op: what the echo does with one message,
// one decode of bin and one encode of the result, into the same kind of
// target.
func decodeEncode(c Codec, bin []byte, newTarget func() any) func() error {
	dec := decoder{new: newTarget}
	return func() error {
		v, err := dec.decode(c, bin)
		if err != nil {
			return fmt.Errorf("decode: %w", err)
		}
		if _, err := c.Marshal(v); err != nil {
			return fmt.Errorf("encode: %w", err)
		}
		return nil
	}
}

// benchDecodeEncode times decodeEncode on this goroutine for about d and
// returns the mean time per op: a plain loop, as a Go benchmark times it,
// in batches that grow towards d so that the clock is read once per batch
// rather than once per op.
func benchDecodeEncode(c Codec, bin []byte, newTarget func() any, d time.Duration) (single time.Duration, err error) {
	defer recoverInto(&err, "benchmark")
	op := decodeEncode(c, bin, newTarget)
	runtime.GC() // the encdec window's garbage is not charged to the loop
	var ops int64
	var elapsed time.Duration
	start := time.Now()
	for batch := int64(1); elapsed < d; {
		for range batch {
			if err := op(); err != nil {
				return 0, err
			}
		}
		ops += batch
		elapsed = time.Since(start)
		// The next batch ends near d at the rate so far, and at most
		// doubles the ops run, so that a slow start cannot overshoot.
		perOp := max(elapsed/time.Duration(ops), 1)
		batch = max(1, min(ops, int64((d-elapsed)/perOp)))
	}
	return elapsed / time.Duration(ops), nil
}

// AssessSelfCheck draws the verdict from a codec's repeats: the ratio of
// the medians (a median, since one repeat disturbed by a busy machine must
// not move it), the spread of p50 and throughput, and when the two
// measurements are apart the likely cause. floor is the bare channel round
// trip's p50 (0: unknown).
func AssessSelfCheck(reps []results.SelfCheckRepeat, noJSON bool, floor time.Duration) results.SelfCheckFigures {
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
		f.Cause = selfCheckCause(f, reps, noJSON, floor)
	}
	return f
}

// selfCheckCause names the likeliest reason a round trip's p50 is not the
// single-goroutine decode+encode, from the evidence the repeats carry.
func selfCheckCause(f results.SelfCheckFigures, reps []results.SelfCheckRepeat, noJSON bool, floor time.Duration) string {
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
	case noJSON:
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
