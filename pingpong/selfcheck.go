package pingpong

import (
	"context"
	"flag"
	"fmt"
	"testing"
	"time"

	"pingpong/datasets"
	"pingpong/results"
)

// The self-check asks whether the harness measures the codec: a 1x round
// trip is the echo's one decode and one encode plus two channel hops and a
// wake-up, so its p50 should be close to the same decode and encode timed
// on one goroutine by testing.Benchmark, which knows nothing of pairs,
// channels or windows. It also measures how much a figure moves from one
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
			r.SelfCheckFigures = results.AssessSelfCheck(r.Repeats, r.NoJSON, run.Calibration.Channel.P50)
		}
	}
	return run, nil
}

func selfCheckOnce(ctx context.Context, cfg results.SelfCheckConfig, p prepared) (results.SelfCheckRepeat, error) {
	lr, err := RunLevelWatched(ctx, p.codec, p.bin, p.newTarget, 1, Watch{Warmup: cfg.Warmup, Duration: cfg.Duration}, false)
	if err != nil {
		return results.SelfCheckRepeat{}, fmt.Errorf("encdec: %w", err)
	}
	if lr.N == 0 {
		return results.SelfCheckRepeat{}, fmt.Errorf("encdec: no round trip completed in %v", cfg.Duration)
	}
	sr := results.SelfCheckRepeat{P50: time.Duration(lr.Hist.ValueAtPercentile(50)), Rate: float64(lr.N) / lr.Window.Seconds()}
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

// benchDecodeEncode times decodeEncode with testing.Benchmark for about d.
func benchDecodeEncode(c Codec, bin []byte, newTarget func() any, d time.Duration) (single time.Duration, err error) {
	defer recoverInto(&err, "benchmark")
	op := decodeEncode(c, bin, newTarget)
	var opErr error
	var res testing.BenchmarkResult
	withBenchTime(d, func() {
		res = testing.Benchmark(func(b *testing.B) {
			for b.Loop() {
				if err := op(); err != nil {
					opErr = err
					b.SkipNow()
				}
			}
		})
	})
	if opErr != nil {
		return 0, opErr
	}
	if res.N == 0 {
		return 0, fmt.Errorf("testing.Benchmark ran no iteration")
	}
	return time.Duration(res.NsPerOp()), nil
}

// withBenchTime runs f with testing.Benchmark's time set to d. The
// benchmark time is only a flag of package testing, which testing.Init
// registers on the command line's flag set; outside a test binary that set
// is not the CLI's, so setting it there changes nothing else.
func withBenchTime(d time.Duration, f func()) {
	testing.Init()
	fl := flag.Lookup("test.benchtime")
	if fl == nil {
		f()
		return
	}
	old := fl.Value.String()
	if err := fl.Value.Set(d.String()); err != nil {
		f()
		return
	}
	defer fl.Value.Set(old)
	f()
}
