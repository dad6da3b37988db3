package load

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// The self-check asks whether the harness measures the codec: a 1x round
// trip is the echo's one decode and one encode plus two channel hops and a
// wake-up, so its p50 should be close to the same decode and encode timed
// in a plain loop on one goroutine, which knows nothing of pairs, channels
// or windows. It also measures how much a figure moves from one
// repeat to the next, which is the least difference a comparison can trust.

// SelfCheck runs the self-check's measurements: the harness floor first,
// then Count repeats, each running every codec on every input once
// (interleaved, so drift hits every codec alike). progress, if not nil,
// hears of each measurement as it finishes. What they say of the harness
// is verdict.AssessSelfCheck's to judge.
func SelfCheck(ctx context.Context, cfg results.SelfCheckConfig, env results.Environment, inputs []*datasets.Input, progress func(input, codec string, repeat int)) (*results.SelfCheckRun, error) {
	entries, err := codecs.LookupAll(cfg.Codecs)
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
	ready := make([]codecs.Prepared, 0, len(inputs)*len(entries))
	for _, in := range inputs {
		run.Inputs = append(run.Inputs, codecs.InfoOf(in))
		for _, im := range entries {
			p, info := codecs.Prepare(im, in)
			ready = append(ready, p)
			run.Results = append(run.Results, results.SelfCheckResult{Input: in.Name, Codec: im.Name, Reference: im.Reference, Err: info.Err})
		}
	}
	for rep := 0; rep < cfg.Count; rep++ {
		for i, p := range ready {
			if ctx.Err() != nil {
				return run, ctx.Err()
			}
			r := &run.Results[i]
			if p.Codec == nil || r.Err != "" {
				continue
			}
			sr, err := selfCheckOnce(ctx, cfg, p)
			if err != nil {
				r.Err = err.Error()
				continue
			}
			r.Repeats = append(r.Repeats, sr)
			if progress != nil {
				progress(r.Input, r.Codec, rep)
			}
		}
	}
	return run, nil
}

// stwCostInterval is the stop-the-world probe's default interval (-stw),
// whose cost the self-check measures.
const stwCostInterval = 10 * time.Millisecond

func selfCheckOnce(ctx context.Context, cfg results.SelfCheckConfig, p codecs.Prepared) (results.SelfCheckRepeat, error) {
	lr, err := RunLevelWatched(ctx, p.Codec, p.Bin, p.NewTarget, 1, Watch{Warmup: cfg.Warmup, Duration: cfg.Duration}, false)
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
	if sr.Single, err = benchDecodeEncode(p.Codec, p.Bin, p.NewTarget, cfg.Duration); err != nil {
		return sr, fmt.Errorf("single goroutine: %w", err)
	}
	return sr, nil
}

// decodeEncode is the benchmark's op: what the echo does with one message,
// one decode of bin and one encode of the result, into the same kind of
// target.
func decodeEncode(c codecs.Codec, bin []byte, newTarget func() any) func() error {
	dec := codecs.Decoder{New: newTarget}
	return func() error {
		v, err := dec.Decode(c, bin)
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
func benchDecodeEncode(c codecs.Codec, bin []byte, newTarget func() any, d time.Duration) (single time.Duration, err error) {
	defer codecs.RecoverInto(&err, "benchmark")
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
