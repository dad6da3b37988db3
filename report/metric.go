package report

import (
	"fmt"
	"math"
	"time"

	"pingpong/results"
)

// worse is the direction in which a figure regresses.
type worse int

const (
	higherIsWorse worse = iota + 1 // the zero value, a name not in the table, never regresses
	lowerIsWorse
)

// metric is one figure a scenario has in each repeat, named as the console
// prints it on a row: how to read it from a result, which way it gets
// worse, and how it prints.
type metric struct {
	name  string
	worse worse
	value func(results.Result) float64
	// applies says whether a result has the figure at all (baseline has
	// no MB/s, a run without -probe no probe.*); nil: every result has it.
	applies func(results.Result) bool
	format  func(float64) string
	// shown: compare prints it for every scenario that has it; the others
	// only when -fail names them.
	shown bool
}

// metrics is the one table of figures: compare prints and tests them, and
// -fail names them. Its order is compare's.
var metrics = []metric{
	// the original's columns and throughput
	{"n", lowerIsWorse, func(r results.Result) float64 { return float64(r.N) }, nil, whole, true},
	{"p50", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.Latency.P50 }), nil, durationOf, true},
	{"p95", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.Latency.P95 }), nil, durationOf, false},
	{"p99", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.Latency.P99 }), nil, durationOf, true},
	{"max", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.Latency.Max }), nil, durationOf, true},
	{"rt/s", lowerIsWorse, results.Result.RoundTripsPerSec, results.Result.IsEncdec, fmtRate, true},
	{"ops/s", lowerIsWorse, results.Result.OpsPerSec, isProbePass, fmtRate, true},
	{"docs/s", lowerIsWorse, results.Result.DocsPerSec, results.Result.IsEncdec, fmtRate, false},
	{"MB/s", lowerIsWorse, results.Result.MBPerSec, func(r results.Result) bool { return r.Bytes > 0 }, fmtThroughput, true},
	// responsiveness; a probe pass's latency is already the probe's
	{"probe.p99", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.Probe.P99 }), hasProbe, durationOf, true},
	{"probe.max", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.Probe.Max }), hasProbe, durationOf, false},
	{"stw.p99", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.STW.P99 }), hasSTW, durationOf, true},
	{"stw.max", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.STW.Max }), hasSTW, durationOf, false},
	{"sched.p50", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.Runtime.SchedLatency.P50 }), hasRuntime, durationOf, false},
	{"sched.p99", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.Runtime.SchedLatency.P99 }), hasRuntime, durationOf, true},
	{"sched.max", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.Runtime.SchedLatency.Max }), hasRuntime, durationOf, false},
	// garbage collection and memory; gc is cycles per window, alloc and
	// allocs per round trip (per operation in a probe pass)
	{"gc", higherIsWorse, func(r results.Result) float64 { return float64(r.Runtime.GCCycles) }, hasRuntime, whole, false},
	{"gc.pauses", higherIsWorse, func(r results.Result) float64 { return float64(r.Runtime.GCPauses.Count) }, hasRuntime, whole, false},
	{"gc.pause.total", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.Runtime.GCPauses.Total }), hasRuntime, durationOf, false},
	{"gc.pause.max", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.Runtime.GCPauses.Max }), hasRuntime, durationOf, false},
	{"gc.cpu", higherIsWorse, func(r results.Result) float64 { return r.Runtime.GCCPUFraction }, hasRuntime, asPercent, false},
	{"alloc", higherIsWorse, func(r results.Result) float64 { return r.AllocBytesPerOp }, hasRuntime, compactSize, false},
	{"allocs", higherIsWorse, func(r results.Result) float64 { return r.AllocsPerOp }, hasRuntime, whole, false},
	{"heap.peak", higherIsWorse, func(r results.Result) float64 { return float64(r.Runtime.PeakHeap) }, hasRuntime, compactSize, false},
	// open loop
	{"late", higherIsWorse, func(r results.Result) float64 { return float64(r.Late) }, isOpenLoop, whole, false},
	{"uncorr.p50", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.Uncorrected.P50 }), isOpenLoop, durationOf, false},
	{"uncorr.p99", higherIsWorse, latencyOf(func(r results.Result) time.Duration { return r.Uncorrected.P99 }), isOpenLoop, durationOf, false},
}

// metricNamed is the metric the console prints as name.
func metricNamed(name string) (metric, bool) {
	for _, m := range metrics {
		if m.name == name {
			return m, true
		}
	}
	return metric{}, false
}

// figures is each metric's value in every repeat of rs, by name. A metric
// that some repeat lacks is left out, so that a median never mixes repeats
// that measured different things. The map is never nil: empty, it says
// the scenario ran but measured nothing.
func figures(rs []results.Result) map[string][]float64 {
	out := map[string][]float64{}
	if len(rs) == 0 {
		return out
	}
	for _, m := range metrics {
		if m.applies == nil || all(rs, m.applies) {
			out[m.name] = values(rs, m.value)
		}
	}
	return out
}

func latencyOf(f func(results.Result) time.Duration) func(results.Result) float64 {
	return func(r results.Result) float64 { return float64(f(r)) }
}

func isProbePass(r results.Result) bool { return !r.IsEncdec() }
func hasProbe(r results.Result) bool    { return r.Probe != nil && r.IsEncdec() }
func hasSTW(r results.Result) bool      { return r.STW != nil }
func hasRuntime(r results.Result) bool  { return r.Runtime != nil }
func isOpenLoop(r results.Result) bool  { return r.RequestedRate > 0 }

func durationOf(v float64) string { return fmtDuration(time.Duration(math.Round(v))) }
func whole(v float64) string      { return fmt.Sprintf("%.0f", v) }
func asPercent(v float64) string  { return fmt.Sprintf("%.1f%%", 100*v) }

// The figures a row's first line shows of how the program froze, which
// the charts draw and repeated rows take the medians of: the longest stop
// of the world, how late the sleep probe woke, how long goroutines sat
// runnable.
var (
	stwMax   = metricOf("stw.max")
	probeP99 = metricOf("probe.p99")
	schedP99 = metricOf("sched.p99")
)

// metricOf is the table's metric named name: a name not in it is a bug.
func metricOf(name string) metric {
	m, ok := metricNamed(name)
	if !ok {
		panic("report: no metric " + name)
	}
	return m
}

// of is m's value in r as a duration, and whether r has it at all.
func (m metric) of(r results.Result) (time.Duration, bool) {
	if m.applies != nil && !m.applies(r) {
		return 0, false
	}
	return time.Duration(math.Round(m.value(r))), true
}
