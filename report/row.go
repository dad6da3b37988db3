// A console row: the first line a scenario prints, the Erlang original's
// columns byte for byte, then pingpong's headline figures.

package report

import (
	"fmt"
	"strings"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// row is a console row's first line: the Erlang original's columns byte
// for byte, then pingpong's own headline figures, with the idle probe
// floor (nil: none) next to a probe pass's figures, so that timer
// granularity is not read as the codec's harm. It stays within rowWidth
// columns; every other figure is on the -v lines.
func row(r results.Result, floor *results.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  %-28s ", r.Label())
	if r.Err != "" && r.N == 0 {
		b.WriteString("error: " + r.Err)
		return b.String()
	}
	if r.N == 0 && r.IsEncdec() {
		fmt.Fprintf(&b, "n=0 (%s)", r.WhyNoRoundTrip())
	} else {
		l := r.Latency
		fmt.Fprintf(&b, "n=%d p50=%s p95=%s p99=%s max=%s", l.N, format.Duration(l.P50), format.Duration(l.P95), format.Duration(l.P99), format.Duration(l.Max))
		if r.Mode == results.ModeDecode || r.Mode == results.ModeEncode {
			b.WriteString(probeFloorColumns(r, floor)) // a probe pass's latency is the probe's
		}
		if r.IsEncdec() {
			fmt.Fprintf(&b, "  %s", format.Rate(r.RoundTripsPerSec()))
			b.WriteString(docsColumn(r))
			b.WriteString(requestedRate(r))
		} else {
			fmt.Fprintf(&b, "  ops=%s", format.Rate(r.OpsPerSec()))
		}
		if r.Bytes > 0 {
			b.WriteString(" " + format.Throughput(r.MBPerSec()))
		}
		b.WriteString(openLoopColumns(r))
	}
	b.WriteString(responsivenessColumns(r))
	if r.Partial {
		b.WriteString(" PARTIAL")
	}
	if r.Mismatch != "" {
		b.WriteString(" MISMATCH")
	}
	if r.Err != "" {
		b.WriteString(" error: " + r.Err)
	}
	return b.String()
}
