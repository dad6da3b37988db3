package load

import (
	"context"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// responsiveness is what the instruments saw, as a row holds it; ops are
// the row's round trips or operations, for the allocation figures.
func responsiveness(seen watched, ops int64) results.Responsiveness {
	rt := seen.Runtime
	r := results.Responsiveness{Runtime: rt, ProbeHist: seen.Probe, STWHist: seen.STW, STWWaited: seen.STWWaited, Noise: seen.Noise,
		Culprit: seen.Culprit, CulpritErr: seen.CulpritErr,
		STWStops: seen.STWStops, STWTurns: seen.STWTurns, STWPrioritized: seen.STWPrioritized, MMU: results.MMUOf(seen.STWStops, seen.STWTurns)}
	r.Probe = summaryOf(seen.Probe)
	r.STW, r.STWWall = summaryOf(seen.STW), summaryOf(seen.STWWall)
	if rt != nil && ops > 0 {
		r.AllocBytesPerOp = float64(rt.AllocBytes) / float64(ops)
		r.AllocsPerOp = float64(rt.AllocObjects) / float64(ops)
	}
	return r
}

func summaryOf(h *hdrhistogram.Histogram) *latency.Summary {
	if h == nil {
		return nil
	}
	s := latency.Summarize(h)
	return &s
}

// runPassScenario runs a probe pass for a codec ready on its input. The
// probe's overshoot is the row's latency.
func runPassScenario(ctx context.Context, sp Spec, r results.Result, p codecs.Prepared) (results.Result, Kept) {
	pr, err := RunPass(ctx, p.Codec, p.Bin, r.Mode, r.Pairs, sp.WatchOf(r.Scenario))
	fillPass(&r, pr)
	if p.Entry.Reference {
		r.Bytes = 0 // it moved bytes but processed none
	}
	if err != nil {
		r.Err = err.Error()
	}
	return r, Kept{Trace: pr.Snapshot}
}

// idleWindow bounds the idle pass: 300 wakes of the 1ms sleep probe and
// 30 stops of the 10ms stop-the-world probe tell the floor, and the pass
// is part of every run's fixed cost.
const idleWindow = 300 * time.Millisecond

// RunIdle is the probes' floor: the probes alone, no load, for one short
// window (nothing to warm up). Its flight recorder stays off: there is
// nothing to blame.
func RunIdle(ctx context.Context, sp Spec, procs int) results.Result {
	r := results.Result{Scenario: results.Scenario{Mode: results.ModeIdle, Procs: procs}}
	w := sp.WatchOf(r.Scenario)
	w.Warmup, w.Duration = 0, min(sp.Duration, idleWindow)
	w.Culprits = false
	pr, err := RunPass(ctx, nil, nil, results.ModeIdle, 0, w)
	fillPass(&r, pr)
	if err != nil {
		r.Err = err.Error()
	}
	return r
}

func fillPass(r *results.Result, pr PassResult) {
	r.Ops, r.Bytes, r.Window, r.Partial, r.Hist = pr.Ops, pr.Bytes, pr.Window, pr.Partial, pr.Probe
	r.Responsiveness = responsiveness(pr.watched, pr.Ops)
	if r.Probe != nil {
		r.Latency = *r.Probe
		r.N = r.Latency.N
	}
}

// MinStall is the least a stall can be: below it a stop, a probe wake or a
// round trip is within what a busy 2-core machine does with no codec at all.
const MinStall = 10 * time.Millisecond

// DefaultStall is -stall when not given: 10ms, or 10 times the idle pass's
// p99 stopping latency, whichever is larger, so that a machine whose stops
// are slow even at rest does not blame every codec.
func DefaultStall(idle results.Result) time.Duration {
	if idle.STW == nil {
		return MinStall
	}
	return max(MinStall, 10*idle.STW.P99)
}
