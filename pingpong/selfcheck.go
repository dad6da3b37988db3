package pingpong

import (
	"context"
	"flag"
	"fmt"
	"math"
	"testing"
	"time"

	"pingpong/datasets"
	"pingpong/latency"
)

// The self-check asks whether the harness measures the codec: a 1x round
// trip is the echo's one decode and one encode plus two channel hops and a
// wake-up, so its p50 should be close to the same decode and encode timed
// on one goroutine by testing.Benchmark, which knows nothing of pairs,
// channels or windows. It also measures how much a figure moves from one
// repeat to the next, which is the least difference a comparison can trust.

// SelfCheckTolerance is how far apart the two measurements may be before
// the self-check flags them: 15%.
const SelfCheckTolerance = 0.15

// SelfCheckConfig is what `pingpong selfcheck` was asked to do.
type SelfCheckConfig struct {
	Impls    []string      `json:"impls"`
	Count    int           `json:"count"`
	Duration time.Duration `json:"duration_ns"` // the encdec window, and the benchmark's time
	Warmup   time.Duration `json:"warmup_ns"`
}

// SelfCheckRepeat is one repeat's two measurements of one codec.
type SelfCheckRepeat struct {
	P50    time.Duration `json:"p50_ns"`    // the 1x encdec round trip's p50
	Rate   float64       `json:"rate"`      // its round trips per second
	Single time.Duration `json:"single_ns"` // one decode plus one encode on one goroutine, ns/op
	// What the runtime saw over the encdec window, the evidence for a cause.
	GCCycles      uint64        `json:"gc_cycles"`
	GCCPUFraction float64       `json:"gc_cpu_fraction"`
	SchedP50      time.Duration `json:"sched_p50_ns"`
}

// SelfCheckFigures is the verdict drawn from a codec's repeats.
type SelfCheckFigures struct {
	P50    time.Duration `json:"p50_ns"`    // median of the repeats' encdec p50
	Single time.Duration `json:"single_ns"` // median of the repeats' decode+encode
	Ratio  float64       `json:"ratio"`     // P50 / Single
	// Coefficients of variation (stddev / mean) over the repeats; 0 with
	// fewer than two.
	CVP50  float64 `json:"cv_p50"`
	CVRate float64 `json:"cv_rate"`
	Apart  bool    `json:"apart"`           // Ratio more than SelfCheckTolerance away from 1
	Cause  string  `json:"cause,omitempty"` // the likely cause, when Apart
}

// SelfCheckResult is one codec on one input.
type SelfCheckResult struct {
	Input   string            `json:"input"`
	Impl    string            `json:"impl"`
	NoJSON  bool              `json:"no_json,omitempty"`
	Err     string            `json:"error,omitempty"`
	Repeats []SelfCheckRepeat `json:"repeats"`
	SelfCheckFigures
}

// SelfCheckRun is a whole self-check.
type SelfCheckRun struct {
	Env         Environment       `json:"env"`
	Config      SelfCheckConfig   `json:"config"`
	Calibration Calibration       `json:"calibration"`
	Inputs      []InputInfo       `json:"inputs"`
	Results     []SelfCheckResult `json:"results"`
}

// SelfCheck runs the self-check: the harness floor first, then Count
// repeats, each running every codec on every input once (interleaved, so
// drift hits every codec alike). progress, if not nil, hears of each
// measurement as it finishes.
func SelfCheck(ctx context.Context, cfg SelfCheckConfig, env Environment, inputs []*datasets.Input, progress func(input, impl string, repeat int)) (*SelfCheckRun, error) {
	impls, err := LookupImpls(cfg.Impls)
	if err != nil {
		return nil, err
	}
	cfg.Count = max(cfg.Count, 1)
	run := &SelfCheckRun{Env: env, Config: cfg}
	run.Calibration = Calibrate(ctx, min(cfg.Duration, 300*time.Millisecond))
	ready := make([]prepared, 0, len(inputs)*len(impls))
	for _, in := range inputs {
		run.Inputs = append(run.Inputs, infoOf(in))
		for _, im := range impls {
			p, info := prepare(im, in)
			ready = append(ready, p)
			run.Results = append(run.Results, SelfCheckResult{Input: in.Name, Impl: im.Name, NoJSON: im.NoJSON, Err: info.Err})
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

func selfCheckOnce(ctx context.Context, cfg SelfCheckConfig, p prepared) (SelfCheckRepeat, error) {
	lr, err := RunLevelProbed(ctx, p.codec, p.bin, p.newTarget, 1, cfg.Warmup, cfg.Duration, 0)
	if err != nil {
		return SelfCheckRepeat{}, fmt.Errorf("encdec: %w", err)
	}
	if lr.N == 0 {
		return SelfCheckRepeat{}, fmt.Errorf("encdec: no round trip completed in %v", cfg.Duration)
	}
	sr := SelfCheckRepeat{P50: time.Duration(lr.Hist.ValueAtPercentile(50)), Rate: float64(lr.N) / lr.Window.Seconds()}
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

// AssessSelfCheck draws the verdict from a codec's repeats: the ratio of
// the medians (a median, since one repeat disturbed by a busy machine must
// not move it), the spread of p50 and throughput, and when the two
// measurements are apart the likely cause. floor is the bare channel round
// trip's p50 (0: unknown).
func AssessSelfCheck(reps []SelfCheckRepeat, noJSON bool, floor time.Duration) SelfCheckFigures {
	var f SelfCheckFigures
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
	f.Apart = f.Single > 0 && math.Abs(f.Ratio-1) > SelfCheckTolerance
	if f.Apart {
		f.Cause = selfCheckCause(f, reps, noJSON, floor)
	}
	return f
}

// selfCheckCause names the likeliest reason a round trip's p50 is not the
// single-goroutine decode+encode, from the evidence the repeats carry.
func selfCheckCause(f SelfCheckFigures, reps []SelfCheckRepeat, noJSON bool, floor time.Duration) string {
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
	case floor > 0 && float64(floor) > SelfCheckTolerance*float64(f.Single):
		return fmt.Sprintf("harness floor: the bare channel round trip (p50 %v) is a large part of so short an op", floor)
	case f.CVP50 > SelfCheckTolerance:
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
