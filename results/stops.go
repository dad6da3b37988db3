package results

import (
	"time"

	"github.com/pingpong-bench/pingpong/latency"
)

// MMUPoint is the minimum mutator utilization at one window size: over
// every window that long in the row's measured time (its turns laid end to
// end), the least share in which no stop of the world held the program.
type MMUPoint struct {
	Window      time.Duration `json:"window_ns"`
	Utilization float64       `json:"utilization"`
}

// MMUOf is the MMU at latency.MMUCurveWindows of stops watched over
// turns; nil when there are no turns (the probe was off).
func MMUOf(stops []latency.Stop, turns []latency.Turn) []MMUPoint {
	span := Watched(turns)
	if span <= 0 {
		return nil
	}
	out := make([]MMUPoint, len(latency.MMUCurveWindows))
	for i, w := range latency.MMUCurveWindows {
		out[i] = MMUPoint{Window: w, Utilization: latency.MMU(stops, span, w)}
	}
	return out
}

// Watched is how long turns lasted, added up.
func Watched(turns []latency.Turn) time.Duration {
	var sum time.Duration
	for _, t := range turns {
		sum += t.Window
	}
	return sum
}

// MMUAt is r's MMU at window w, and whether r has it.
func (r Result) MMUAt(w time.Duration) (float64, bool) {
	for _, p := range r.MMU {
		if p.Window == w {
			return p.Utilization, true
		}
	}
	return 0, false
}
