package report

import (
	"fmt"

	"pingpong/pingpong"
)

// probeFloorColumns show the idle pass's probe overshoot next to a row's
// probe figures. Go's timers are not exact: with no load at all a sleep
// already wakes this late, so only what a row shows above it is the load's
// doing. Shown, never subtracted: a floor is a distribution, not a constant.
func probeFloorColumns(r pingpong.Result, floor *pingpong.Result) string {
	if floor == nil || floor.Err != "" || floor.Latency.N == 0 {
		return ""
	}
	if r.Mode == pingpong.ModeEncdec {
		return fmt.Sprintf(" (idle floor p99=%s)", Duration(floor.Latency.P99))
	}
	return fmt.Sprintf(" (idle floor p50=%s p99=%s)", Duration(floor.Latency.P50), Duration(floor.Latency.P99))
}
