package report

import (
	"fmt"
	"pingpong/results"
)

// loadLine is the header's line for an open-loop run: the schedule, and
// what the row's latencies are measured from.
func loadLine(cfg results.Config) string {
	per := "per pair"
	if cfg.RateTotal {
		per = "in total across a level's pairs"
	}
	return fmt.Sprintf("  load:        open loop, %s %s; latency from each round trip's intended start (coordinated omission corrected), uncorr.* from its actual send",
		fmtRate(cfg.Rate), per)
}

// requestedRate follows an open-loop row's achieved rate: "54/s of 100/s".
func requestedRate(r results.Result) string {
	if r.RequestedRate <= 0 {
		return ""
	}
	return " of " + fmtRate(r.RequestedRate)
}

// openLoopColumns follow an open-loop row's throughput: how many round
// trips started late, and the uncorrected latencies a closed loop would
// have reported.
func openLoopColumns(r results.Result) string {
	if r.RequestedRate <= 0 {
		return ""
	}
	u := r.Uncorrected
	s := fmt.Sprintf(" late=%d uncorr.p50=%s uncorr.p99=%s", r.Late, fmtDuration(u.P50), fmtDuration(u.P99))
	if r.Overslept > 0 {
		s += fmt.Sprintf(" overslept=%d", r.Overslept)
	}
	if r.Saturated() {
		s += " RATE NOT SUSTAINED"
	}
	return s
}
