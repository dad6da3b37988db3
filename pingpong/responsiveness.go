package pingpong

import (
	"context"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"pingpong/latency"
	"pingpong/results"
)

func responsiveness(rt *latency.Runtime, probe *hdrhistogram.Histogram, ops int64) results.Responsiveness {
	r := results.Responsiveness{Runtime: rt, ProbeHist: probe}
	if probe != nil {
		s := latency.Summarize(probe)
		r.Probe = &s
	}
	if rt != nil && ops > 0 {
		r.AllocBytesPerOp = float64(rt.AllocBytes) / float64(ops)
		r.AllocsPerOp = float64(rt.AllocObjects) / float64(ops)
	}
	return r
}

// runPassScenario runs a probe pass for a codec ready on its input. The
// probe's overshoot is the row's latency.
func runPassScenario(ctx context.Context, cfg results.Config, r results.Result, p prepared) results.Result {
	pr, err := RunPass(ctx, p.codec, p.bin, r.Mode, r.Pairs, cfg.Warmup, cfg.Duration, cfg.Probe)
	fillPass(&r, pr)
	if p.impl.NoJSON {
		r.Bytes = 0 // it moved bytes but processed none
	}
	if err != nil {
		r.Err = err.Error()
	}
	return r
}

// runIdle is the probe's floor: the probe alone, no load, for one window.
func runIdle(ctx context.Context, cfg results.Config, procs int) results.Result {
	r := results.Result{Scenario: results.Scenario{Mode: results.ModeIdle, Procs: procs}}
	pr, err := RunPass(ctx, nil, nil, results.ModeIdle, 0, cfg.Warmup, cfg.Duration, cfg.Probe)
	fillPass(&r, pr)
	if err != nil {
		r.Err = err.Error()
	}
	return r
}

func fillPass(r *results.Result, pr PassResult) {
	r.Ops, r.Bytes, r.Window, r.Partial, r.Hist = pr.Ops, pr.Bytes, pr.Window, pr.Partial, pr.Probe
	r.Responsiveness = responsiveness(pr.Runtime, pr.Probe, pr.Ops)
	if r.Probe != nil {
		r.Latency = *r.Probe
		r.N = r.Latency.N
	}
}
