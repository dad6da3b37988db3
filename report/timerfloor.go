package report

import (
	"fmt"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// probeFloorColumns show the idle pass's probe overshoot next to a probe
// pass's row, whose latencies are the probe's. Go's timers are not exact:
// with no load at all a sleep already wakes this late, so only what a row
// shows above it is the load's doing. Shown, never subtracted: a floor is a
// distribution, not a constant. Encdec rows leave it to the header's
// "probe:" line, once, rather than repeat it on every row.
func probeFloorColumns(r results.Result, floor *results.Result) string {
	if floor == nil || floor.Err != "" || floor.Latency.N == 0 || r.IsEncdec() {
		return ""
	}
	return fmt.Sprintf(" (idle floor p50=%s p99=%s)", format.Duration(floor.Latency.P50), format.Duration(floor.Latency.P99))
}
