package load

import (
	"context"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// RunScenario runs scenario s whole for a codec readied on its input (p),
// as sp says, and returns its row: a probe pass, an open-loop level, or a
// closed-loop level in one slice. A codec that cannot run the input gets
// the row that says why, and what its runner keeps as files.
func RunScenario(ctx context.Context, sp Spec, s results.Scenario, p codecs.Prepared) (results.Result, Kept) {
	r := results.Result{Scenario: s, Mismatch: p.Info.Mismatch, Err: p.Info.Err}
	if p.Codec == nil {
		return r, Kept{}
	}
	if k := s.Docs(); k > 1 && s.Mode == results.ModeEncdec {
		p = p.Batched(k)
	}
	if s.Mode != results.ModeEncdec {
		return runPassScenario(ctx, sp, r, p)
	}
	if sp.OpenLoop() {
		return runOpenScenario(ctx, sp, r, p)
	}
	lr, err := RunLevelWatched(ctx, p.Codec, p.Bin, p.NewTarget, s.Pairs, sp.WatchOf(s), !p.Entry.Reference)
	FillLevel(&r, lr, err, p.Entry.Reference)
	return r, lr.Kept()
}

// Kept is what a scenario measured that its runner keeps as files, beside
// its row: none of it is in the row.
type Kept struct {
	Log   *latency.IntervalLog // the interval log (-hlog); nil: none
	Trace []byte               // the flight recorder's snapshot (-trace); nil: none
}

// Kept is what of lr its runner keeps as files.
func (lr LevelResult) Kept() Kept { return Kept{Log: lr.Log, Trace: lr.Snapshot} }

// FillLevel puts what a ping-pong level measured into its row, closed or
// open loop alike; a codec that failed mid-window keeps what completed.
// The row's interval log (lr.Log) is its runner's to keep.
func FillLevel(r *results.Result, lr LevelResult, err error, reference bool) {
	r.N, r.Bytes, r.Window, r.Partial, r.InFlight, r.Hist = lr.N, lr.Bytes, lr.Window, lr.Partial, lr.InFlight, lr.Hist
	r.Warmup, r.Slices, r.Intervals = lr.Warmup, lr.Slices, lr.Intervals
	r.Responsiveness = responsiveness(lr.watched, lr.N)
	if lr.Decode != nil {
		r.Split = &results.Split{Decode: latency.Summarize(lr.Decode), Encode: latency.Summarize(lr.Encode), Rest: latency.Summarize(lr.Rest),
			DecodeHist: lr.Decode, EncodeHist: lr.Encode, RestHist: lr.Rest}
	}
	if reference {
		r.Bytes = 0 // it moved bytes but processed none
	}
	r.Latency = latency.Summarize(lr.Hist)
	if err != nil {
		r.Err = err.Error()
	}
}
