package results

import (
	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/latency"
)

// OpenLoop reports whether round trips follow a fixed schedule.
func (c Config) OpenLoop() bool { return c.Rate > 0 }

// PairRate is the schedule of one pinger at a level of pairs pairs.
func (c Config) PairRate(pairs int) float64 {
	if c.RateTotal && pairs > 0 {
		return c.Rate / float64(pairs)
	}
	return c.Rate
}

// OpenLoopResult is what an open-loop scenario adds to its Result. The
// main Latency and Hist are then corrected: timed from each round trip's
// intended start, which is what a caller on that schedule would see.
type OpenLoopResult struct {
	// RequestedRate and AchievedRate are round trips per second across
	// the level's pairs; 0 in a closed-loop row.
	RequestedRate float64 `json:"requested_rate,omitempty"`
	AchievedRate  float64 `json:"achieved_rate,omitempty"`
	// Uncorrected is the same round trips timed from their actual send, as
	// the closed loop times them.
	Uncorrected latency.Summary `json:"uncorrected,omitzero"`
	// Late counts round trips whose intended start passed while their
	// pinger was still busy with the one before: the round trips a closed
	// loop would have started late and timed short.
	Late int64 `json:"late,omitempty"`
	// Overslept counts round trips sent late because the pinger's own
	// timer woke it after the round trip was due: pacing error, which the
	// corrected latency includes. Zero means the schedule was kept.
	Overslept int64 `json:"overslept,omitempty"`
	// SendDelay is how long after its due time each round trip whose
	// pinger was ready in time was sent: the harness's pacing error.
	SendDelay latency.Summary `json:"send_delay,omitzero"`

	UncorrectedHist *hdrhistogram.Histogram `json:"-"`
}

// sustainedFraction is how much of the requested rate must be achieved for
// the rate to count as sustained: one round trip per pair may be in flight
// at the window's end and dropped, which costs well under this at any
// window long enough to measure.
const sustainedFraction = 0.95

// Saturated reports an open-loop row whose codec could not keep up with
// the schedule: its latency then grows with the window, and its achieved
// rate, not the requested one, is what it can do.
func (o OpenLoopResult) Saturated() bool {
	return o.RequestedRate > 0 && o.AchievedRate < sustainedFraction*o.RequestedRate
}
