package report

import (
	"fmt"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// loadLine is the header's line for an open-loop run: the schedule, and
// what the row's latencies are measured from.
func loadLine(cfg results.Config) string {
	per := "per pair"
	if cfg.RateTotal {
		per = "in total across a level's pairs"
	}
	return fmt.Sprintf("  load:        open loop, %s %s; latency from each round trip's intended start (coordinated omission corrected), uncorr.* from its actual send",
		format.Rate(cfg.Rate), per)
}

// requestedRate follows an open-loop row's achieved rate: "54/s of 100/s".
func requestedRate(r results.Result) string {
	if r.RequestedRate <= 0 {
		return ""
	}
	return " of " + format.Rate(r.RequestedRate)
}

// openLoopColumns follow an open-loop row's throughput on its first line:
// whether the codec kept the schedule at all.
func openLoopColumns(r results.Result) string {
	if r.Saturated() {
		return " RATE NOT SUSTAINED"
	}
	return ""
}

// openLoopDetails are an open-loop row's -v columns: how many round trips
// started late, the uncorrected latencies a closed loop would have
// reported, and the harness's own pacing error (how late a round trip
// whose pinger was ready was sent), which the corrected latency includes.
func openLoopDetails(r results.Result) []string {
	if r.RequestedRate <= 0 {
		return nil
	}
	u := r.Uncorrected
	cols := []string{fmt.Sprintf("late=%d uncorr.p50=%s uncorr.p99=%s", r.Late, format.Duration(u.P50), format.Duration(u.P99))}
	if r.Overslept > 0 {
		cols = append(cols, fmt.Sprintf("overslept=%d", r.Overslept))
	}
	if r.SendDelay.N > 0 {
		cols = append(cols, "harness.delay.p99="+format.Duration(r.SendDelay.P99))
	}
	return cols
}
