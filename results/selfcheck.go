package results

import "time"

// SelfCheckTolerance is how far apart the two measurements may be before
// the self-check flags them: 15%.
const SelfCheckTolerance = 0.15

// SelfCheckConfig is what `pingpong selfcheck` was asked to do.
type SelfCheckConfig struct {
	Codecs   []string      `json:"impls"`
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

// SelfCheckFigures is the verdict drawn from a codec's repeats
// (pingpong.AssessSelfCheck).
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

// SelfCheckResult is one codec, or a reference (Reference), on one input.
type SelfCheckResult struct {
	Input     string            `json:"input"`
	Codec     string            `json:"impl"`
	Reference bool              `json:"no_json,omitempty"`
	Err       string            `json:"error,omitempty"`
	Repeats   []SelfCheckRepeat `json:"repeats"`
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
