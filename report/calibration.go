package report

import (
	"fmt"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// SetCalibration gives the console the harness floor measured at start, for
// the header and the floor multiples; call it before the first Input.
func (c *Console) SetCalibration(cal *results.Calibration) { c.cal = cal }

// calibrationLines are the header's lines for the harness floor: the bare
// channel and the baseline codec's round trips, what the stop-the-world
// probe costs them, and in an open-loop run the schedule's own floor.
func calibrationLines(cal *results.Calibration) []string {
	if cal.Err != "" {
		return []string{"  floor:       error: " + cal.Err}
	}
	l := fmt.Sprintf("  floor:       channel p50=%s p99=%s, baseline p50=%s p99=%s",
		format.Duration(cal.Channel.P50), format.Duration(cal.Channel.P99), format.Duration(cal.Baseline.P50), format.Duration(cal.Baseline.P99))
	if cal.STWCost != 0 { // 0: not measured, the probe was off
		// Measured back to back, so within the machine's noise: a small
		// negative cost is that noise, printed as measured.
		l += "; stw probe costs " + format.Percent(cal.STWCost) + " of baseline round trips"
	}
	lines := []string{l}
	if o := cal.OpenLoop; o != nil {
		lines = append(lines, fmt.Sprintf("  open floor:  baseline at %s on %d pairs: p50=%s p99=%s, send delay p99=%s",
			format.Rate(o.Rate), o.Pairs, format.Duration(o.Latency.P50), format.Duration(o.Latency.P99), format.Duration(o.SendDelay.P99)))
	}
	return lines
}

// floorMultiples prints each codec's 1x p50 as a multiple of the harness
// floor: a codec near 1x baseline is measuring the harness, not itself.
func (c *Console) floorMultiples() {
	if c.cal == nil || c.cal.Err != "" {
		return
	}
	var rows []results.Result
	for _, r := range c.rows {
		if r.IsEncdec() && r.Pairs == 1 && r.N > 0 {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return
	}
	c.printf("\n1x p50 over the harness floor (channel p50=%s, baseline p50=%s):\n", format.Duration(c.cal.Channel.P50), format.Duration(c.cal.Baseline.P50))
	for _, r := range rows {
		p50 := r.Latency.P50
		if r.RequestedRate > 0 {
			p50 = r.Uncorrected.P50 // the floor is a round trip timed from its send
		}
		ch, base := c.cal.Multiples(p50)
		name := r.CodecLabel() + r.Variant()
		c.printf("  %-16s %10s  %s x channel  %s x baseline\n", name, format.Duration(p50), multiple(ch), multiple(base))
	}
}

// multiple prints a ratio to the floor with three significant figures.
func multiple(x float64) string {
	if x <= 0 {
		return "-"
	}
	if x < 1 {
		return fmt.Sprintf("%.2f", x)
	}
	return format.Sig3(x)
}
