package report

import (
	"fmt"
	"pingpong/results"
	"strings"
)

// rowIndent puts a row's second line under its first line's n= column.
var rowIndent = strings.Repeat(" ", 2+28+1)

// responsivenessColumns are the columns a row's first line gains after the
// original's: the probe's tail (in an encdec row; in a probe pass it is the
// row's latency already), how long goroutines sat runnable, GC cycles.
// The idle floor (nil: not measured) sits next to the probe's figures:
// nothing is subtracted, but the timer's own lateness is in plain view.
func responsivenessColumns(r results.Result, floor *results.Result) string {
	var b strings.Builder
	if p := r.Probe; p != nil && r.IsEncdec() {
		fmt.Fprintf(&b, " probe.p99=%s probe.max=%s", fmtDuration(p.P99), fmtDuration(p.Max))
		b.WriteString(probeFloorColumns(r, floor))
	}
	if rt := r.Runtime; rt != nil {
		fmt.Fprintf(&b, " sched.p99=%s gc=%d", fmtDuration(rt.SchedLatency.P99), rt.GCCycles)
	}
	return b.String()
}

// runtimeLine is a row's second line: the rest of what the runtime and the
// kernel saw over the window. Allocation is per round trip (/rt) in an
// encdec row, per decode or encode (/op) in a probe pass.
func runtimeLine(r results.Result) string {
	rt := r.Runtime
	if rt == nil {
		return ""
	}
	per := "/op"
	if r.IsEncdec() {
		per = "/rt"
	}
	var b strings.Builder
	b.WriteString(rowIndent)
	fmt.Fprintf(&b, "sched.p50=%s sched.max=%s", fmtDuration(rt.SchedLatency.P50), fmtDuration(rt.SchedLatency.Max))
	fmt.Fprintf(&b, " gc.pauses=%d gc.pause.total=%s gc.pause.max=%s gc.cpu=%.1f%%",
		rt.GCPauses.Count, fmtDuration(rt.GCPauses.Total), fmtDuration(rt.GCPauses.Max), 100*rt.GCCPUFraction)
	if r.Mode != results.ModeIdle {
		fmt.Fprintf(&b, " alloc=%s%s allocs=%.0f%s", compactSize(r.AllocBytesPerOp), per, r.AllocsPerOp, per)
	}
	fmt.Fprintf(&b, " heap.peak=%s", compactSize(float64(rt.PeakHeap)))
	// As top shows it: 100% is one core busy for the whole window.
	if w := rt.Window.Seconds(); w > 0 {
		fmt.Fprintf(&b, " cpu.user=%.0f%% cpu.sys=%.0f%%", 100*rt.UserCPU.Seconds()/w, 100*rt.SysCPU.Seconds()/w)
	}
	return b.String()
}

// floorLine is the header's line for the idle pass: the probe's overshoot
// with no load, which every row's probe figures are read against.
func floorLine(cfg results.Config, idle *results.Result) string {
	head := fmt.Sprintf("  probe:       time.Sleep(%v) overshoot", cfg.Probe)
	if idle == nil {
		return head
	}
	if idle.Err != "" {
		return head + "; idle floor: error: " + idle.Err
	}
	l := idle.Latency
	s := fmt.Sprintf("%s; idle floor n=%d p50=%s p95=%s p99=%s max=%s", head, l.N, fmtDuration(l.P50), fmtDuration(l.P95), fmtDuration(l.P99), fmtDuration(l.Max))
	if rt := idle.Runtime; rt != nil {
		s += fmt.Sprintf(" sched.p99=%s", fmtDuration(rt.SchedLatency.P99))
	}
	if idle.Partial {
		s += " PARTIAL"
	}
	return s
}
