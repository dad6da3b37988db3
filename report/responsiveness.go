package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// rowIndent puts a row's -v lines under its first line's n= column.
var rowIndent = strings.Repeat(" ", 2+28+1)

// rowWidth is the widest a row's first line gets with the figures of any
// real run, and the width its -v lines wrap at: a terminal split in two
// still shows a row whole.
const rowWidth = 160

// responsivenessColumns are the columns a row's first line gains after the
// original's, each the tail of one way the program froze: how late the
// sleep probe woke (in an encdec row; in a probe pass it is the row's
// latency already), the longest stop of the world, how long goroutines sat
// runnable. NOISY says other processes took the CPU the row needed; the
// figures are on the -v line.
func responsivenessColumns(r results.Result) string {
	var b strings.Builder
	for _, m := range []results.Metric{results.ProbeP99, results.STWMax, results.SchedP99} {
		if m.Has(r) {
			b.WriteString(" " + figure(m, r, ""))
		}
	}
	if s := r.InFlightNote(); s != "" {
		b.WriteString(" " + s)
	}
	if r.Noise.Noisy() {
		b.WriteString(" NOISY")
	}
	return b.String()
}

// responsivenessDetails are the row's figures that only -v prints, in the
// order of the first line's: the stops and where a round trip's time
// went, then what the runtime and the kernel saw over the window.
// Allocation is per round trip (/rt) in an encdec row, per decode or
// encode (/op) in a probe pass.
func responsivenessDetails(r results.Result) []string {
	var cols []string
	add := func(format string, args ...any) { cols = append(cols, fmt.Sprintf(format, args...)) }
	// figures adds the named figures of the table as one column, when r
	// has them.
	figures := func(suffix string, names ...string) {
		var fs []string
		for _, name := range names {
			if m := results.MetricOf(name); m.Has(r) {
				fs = append(fs, figure(m, r, suffix))
			}
		}
		if len(fs) > 0 {
			cols = append(cols, strings.Join(fs, " "))
		}
	}
	figures("", "probe.max")
	if r.STW != nil {
		figures("", "stw.p50", "stw.p99")
		if r.Window > 0 {
			add("stw.waiting=%s", format.Percent(r.STWWaited.Seconds()/r.Window.Seconds()))
		}
	}
	figures("", "stw.wall.p99")
	rt := r.Runtime
	if rt != nil && (r.STW != nil || rt.OtherStopping.Count+rt.GCStopping.Count > 0) {
		add("stopping.other.p99=%s stopping.gc.p99=%s", format.Duration(rt.OtherStopping.P99), format.Duration(rt.GCStopping.P99))
	}
	if r.Warmup > 0 {
		add("warmup=%s turns=%d", format.Duration(r.Warmup), r.Slices)
	}
	if s := r.Split; s != nil {
		add("dec=%s enc=%s rest=%s", format.Duration(s.Decode.P50), format.Duration(s.Encode.P50), format.Duration(s.Rest.P50))
	}
	if rt != nil {
		per := "/op"
		if r.IsEncdec() {
			per = "/rt"
		}
		figures("", "sched.p50", "sched.max")
		figures("", "gc", "gc.pauses", "gc.pause.total", "gc.pause.max", "gc.cpu")
		if r.Mode != results.ModeIdle {
			figures(per, "alloc", "allocs")
		}
		figures("", "heap.peak")
		// As top shows it: 100% is one core busy for the whole window.
		if w := rt.Window; w > 0 {
			add("cpu.user=%s cpu.sys=%s", coreShare(rt.UserCPU, w), coreShare(rt.SysCPU, w))
		}
	}
	if n := r.Noise; n != nil {
		// In the same unit as cpu.user: percent of one core.
		add("cpu.others=%.0f%% cpu.steal=%.0f%%", 100*n.OthersCores, 100*n.StealCores)
	}
	return cols
}

// figure is m's value in r as a row prints it: "stw.max=1.2ms", with
// suffix after the value ("alloc=48.0kB/rt").
func figure(m results.Metric, r results.Result, suffix string) string {
	return m.Name + "=" + m.Unit.Format(m.Value(r)) + suffix
}

// coreShare is CPU time over a window as top shows it, in percent of one
// core.
func coreShare(cpu, window time.Duration) string {
	return fmt.Sprintf("%.0f%%", 100*cpu.Seconds()/window.Seconds())
}

// detailLines are a row's -v lines: its figures that the first line does
// not show, wrapped at rowWidth under the first line's n= column.
func detailLines(r results.Result) []string {
	var cols []string
	cols = append(cols, responsivenessDetails(r)...)
	cols = append(cols, openLoopDetails(r)...)
	return wrapColumns(rowIndent, rowIndent, cols, rowWidth)
}

// wrapColumns sets cols out on lines of at most width columns, the first
// line starting with indent, the others with cont; a column wider than a
// line gets a line of its own.
func wrapColumns(indent, cont string, cols []string, width int) []string {
	var lines []string
	line := ""
	for _, c := range cols {
		if line != "" && len(line)+1+len(c) > width {
			lines = append(lines, line)
			line = ""
		}
		switch {
		case line == "" && len(lines) == 0:
			line = indent + c
		case line == "":
			line = cont + c
		default:
			line += " " + c
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// culpritLines go under a row: what its worst stall waited on, when the
// flight recorder named it; with -v also the trace snapshot it was read
// from, and why the recorder named nothing: it failed, or the row's worst
// stop of the world was under the stall (a culprit is named for a stop; a
// long round trip or a late probe wake alone names none).
func culpritLines(r results.Result, cfg results.Config, verbose bool) []string {
	const indent = "      "
	var lines []string
	switch {
	case r.Culprit != nil:
		lines = append(lines, indent+"culprit: "+culpritText(*r.Culprit))
	case r.CulpritErr != "" && verbose:
		lines = append(lines, indent+"culprit: none ("+r.CulpritErr+")")
	case verbose && cfg.Culprits && r.STW != nil && r.STW.Max < cfg.Stall:
		lines = append(lines, indent+"culprit: none ("+results.UnderStall(r.STW.Max, cfg.Stall)+")") // a file from before -json said why
	}
	if r.Trace != "" && verbose {
		lines = append(lines, indent+"trace:   "+r.Trace)
	}
	return lines
}

// floorLine is the header's line for the idle pass, which ran with no load
// when either probe was on: the sleep probe's overshoot and the stops'
// stopping latency at rest, which every row's figures are read against.
func floorLine(cfg results.Config, idle *results.Result) string {
	head := "  probe:       off (-probe 0)"
	if cfg.Probe > 0 {
		head = fmt.Sprintf("  probe:       time.Sleep(%v) overshoot", cfg.Probe)
	}
	if idle == nil {
		return head
	}
	if idle.Err != "" {
		return head + "; idle floor: error: " + idle.Err
	}
	s := head + "; idle floor"
	if idle.Probe != nil {
		l := idle.Latency
		s += fmt.Sprintf(" n=%d p50=%s p95=%s p99=%s max=%s", l.N, format.Duration(l.P50), format.Duration(l.P95), format.Duration(l.P99), format.Duration(l.Max))
	}
	if rt := idle.Runtime; rt != nil {
		s += fmt.Sprintf(" sched.p99=%s", format.Duration(rt.SchedLatency.P99))
	}
	if st := idle.STW; st != nil {
		s += fmt.Sprintf(" stw.p99=%s stw.max=%s", format.Duration(st.P99), format.Duration(st.Max))
	}
	if idle.Partial {
		s += " PARTIAL"
	}
	return s
}

// stwLine is the header's line for the stop-the-world probe: how often it
// stops the world, what counts as a stall, and whether the flight
// recorder names what a stall waited on.
func stwLine(cfg results.Config) string {
	s := fmt.Sprintf("  stw:         runtime.ReadMemStats every %v, each stop timed to its start", cfg.STW)
	if cfg.Stall > 0 {
		s += fmt.Sprintf("; a stall from %s", format.Duration(cfg.Stall))
	}
	switch {
	case cfg.TraceDir != "":
		s += "; culprits named (snapshots in " + cfg.TraceDir + ")"
	case cfg.Culprits:
		s += "; culprits named"
	default:
		s += "; culprits not named (-culprits)"
	}
	return s
}

// culpritText is a culprit as one line of a report, e.g. "58.7ms stop
// waited on goroutine 23 in github.com/goccy/go-json/... (non-preemptible)".
func culpritText(c latency.Culprit) string {
	if c.Goroutine != 0 {
		where := c.Frame
		if where == "" {
			where = "an unknown function"
		}
		return fmt.Sprintf("%s stop waited on goroutine %d in %s (%s)", format.Duration(c.Stall), c.Goroutine, where, c.Kind)
	}
	return fmt.Sprintf("%s %s (%s)", format.Duration(c.Stall), c.What, c.Kind)
}
