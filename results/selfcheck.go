package results

import (
	"fmt"
	"math"
	"time"

	"pingpong/latency"
)

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
