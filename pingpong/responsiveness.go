package pingpong

import (
	"context"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"pingpong/latency"
)

// Responsiveness is how a scenario treated the rest of the program: how
// late the sleep probe woke, and what the runtime saw over the window.
type Responsiveness struct {
	Probe   *latency.Summary `json:"probe,omitempty"` // sleep overshoot; nil when the probe is off
	Runtime *latency.Runtime `json:"runtime,omitempty"`
	// Per round trip (encdec) or per decode or encode (probe passes).
	AllocBytesPerOp float64 `json:"alloc_bytes_per_op"`
	AllocsPerOp     float64 `json:"allocs_per_op"`

	ProbeHist *hdrhistogram.Histogram `json:"-"`
}

func responsiveness(rt *latency.Runtime, probe *hdrhistogram.Histogram, ops int64) Responsiveness {
	r := Responsiveness{Runtime: rt, ProbeHist: probe}
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

// OpsPerSec is a probe pass's worker throughput over the exact window.
func (r Result) OpsPerSec() float64 {
	if r.Window <= 0 {
		return 0
	}
	return float64(r.Ops) / r.Window.Seconds()
}

// runPassScenario runs a probe pass for a codec ready on its input. The
// probe's overshoot is the row's latency.
func runPassScenario(ctx context.Context, cfg Config, r Result, p prepared) Result {
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
func runIdle(ctx context.Context, cfg Config, procs int) Result {
	r := Result{Scenario: Scenario{Mode: ModeIdle, Procs: procs}}
	pr, err := RunPass(ctx, nil, nil, ModeIdle, 0, cfg.Warmup, cfg.Duration, cfg.Probe)
	fillPass(&r, pr)
	if err != nil {
		r.Err = err.Error()
	}
	return r
}

func fillPass(r *Result, pr PassResult) {
	r.Ops, r.Bytes, r.Window, r.Partial, r.Hist = pr.Ops, pr.Bytes, pr.Window, pr.Partial, pr.Probe
	r.Responsiveness = responsiveness(pr.Runtime, pr.Probe, pr.Ops)
	if r.Probe != nil {
		r.Latency = *r.Probe
		r.N = r.Latency.N
	}
}
