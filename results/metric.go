package results

import (
	"fmt"
	"math"
	"time"
)

// Worse is the direction in which a figure regresses.
type Worse int

const (
	HigherIsWorse Worse = iota + 1 // the zero value, a name not in the table, never regresses
	LowerIsWorse
)

// Metric is one figure a scenario has in each repeat, named as the console
// prints it on a row: how to read it from a result, which way it gets
// worse, and how it prints.
type Metric struct {
	Name  string
	Worse Worse
	Value func(Result) float64
	// applies says whether a result has the figure at all (baseline has
	// no MB/s, a run without -probe no probe.*); nil: every result has it.
	Applies func(Result) bool
	Format  func(float64) string
	// shown: compare prints it for every scenario that has it; the others
	// only when -fail names them.
	Shown bool
}

// Metrics is the one table of figures: compare prints and tests them, and
// -fail names them. Its order is compare's.
var Metrics = []Metric{
	// the original's columns and throughput
	{"n", LowerIsWorse, func(r Result) float64 { return float64(r.N) }, nil, whole, true},
	{"p50", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.Latency.P50 }), nil, durationOf, true},
	{"p95", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.Latency.P95 }), nil, durationOf, false},
	{"p99", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.Latency.P99 }), nil, durationOf, true},
	{"max", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.Latency.Max }), nil, durationOf, true},
	{"rt/s", LowerIsWorse, Result.RoundTripsPerSec, Result.IsEncdec, FormatRate, true},
	{"ops/s", LowerIsWorse, Result.OpsPerSec, isProbePass, FormatRate, true},
	{"docs/s", LowerIsWorse, Result.DocsPerSec, Result.IsEncdec, FormatRate, false},
	{"MB/s", LowerIsWorse, Result.MBPerSec, func(r Result) bool { return r.Bytes > 0 }, FormatThroughput, true},
	// responsiveness; a probe pass's latency is already the probe's
	{"probe.p99", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.Probe.P99 }), hasProbe, durationOf, true},
	{"probe.max", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.Probe.Max }), hasProbe, durationOf, false},
	{"stw.p99", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.STW.P99 }), hasSTW, durationOf, true},
	{"stw.max", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.STW.Max }), hasSTW, durationOf, false},
	{"sched.p50", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.Runtime.SchedLatency.P50 }), hasRuntime, durationOf, false},
	{"sched.p99", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.Runtime.SchedLatency.P99 }), hasRuntime, durationOf, true},
	{"sched.max", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.Runtime.SchedLatency.Max }), hasRuntime, durationOf, false},
	// garbage collection and memory; gc is cycles per window, alloc and
	// allocs per round trip (per operation in a probe pass)
	{"gc", HigherIsWorse, func(r Result) float64 { return float64(r.Runtime.GCCycles) }, hasRuntime, whole, false},
	{"gc.pauses", HigherIsWorse, func(r Result) float64 { return float64(r.Runtime.GCPauses.Count) }, hasRuntime, whole, false},
	{"gc.pause.total", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.Runtime.GCPauses.Total }), hasRuntime, durationOf, false},
	{"gc.pause.max", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.Runtime.GCPauses.Max }), hasRuntime, durationOf, false},
	{"gc.cpu", HigherIsWorse, func(r Result) float64 { return r.Runtime.GCCPUFraction }, hasRuntime, FormatPercent, false},
	{"alloc", HigherIsWorse, func(r Result) float64 { return r.AllocBytesPerOp }, hasRuntime, FormatSize, false},
	{"allocs", HigherIsWorse, func(r Result) float64 { return r.AllocsPerOp }, hasRuntime, whole, false},
	{"heap.peak", HigherIsWorse, func(r Result) float64 { return float64(r.Runtime.PeakHeap) }, hasRuntime, FormatSize, false},
	// open loop
	{"late", HigherIsWorse, func(r Result) float64 { return float64(r.Late) }, isOpenLoop, whole, false},
	{"uncorr.p50", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.Uncorrected.P50 }), isOpenLoop, durationOf, false},
	{"uncorr.p99", HigherIsWorse, latencyOf(func(r Result) time.Duration { return r.Uncorrected.P99 }), isOpenLoop, durationOf, false},
}

// MetricNamed is the metric the console prints as name.
func MetricNamed(name string) (Metric, bool) {
	for _, m := range Metrics {
		if m.Name == name {
			return m, true
		}
	}
	return Metric{}, false
}

// Figures is each metric's value in every repeat of rs, by name. A metric
// that some repeat lacks is left out, so that a median never mixes repeats
// that measured different things. The map is never nil: empty, it says
// the scenario ran but measured nothing.
func Figures(rs []Result) map[string][]float64 {
	out := map[string][]float64{}
	if len(rs) == 0 {
		return out
	}
	for _, m := range Metrics {
		if m.Applies == nil || all(rs, m.Applies) {
			out[m.Name] = Values(rs, m.Value)
		}
	}
	return out
}

func latencyOf(f func(Result) time.Duration) func(Result) float64 {
	return func(r Result) float64 { return float64(f(r)) }
}

func isProbePass(r Result) bool { return !r.IsEncdec() }
func hasProbe(r Result) bool    { return r.Probe != nil && r.IsEncdec() }
func hasSTW(r Result) bool      { return r.STW != nil }
func hasRuntime(r Result) bool  { return r.Runtime != nil }
func isOpenLoop(r Result) bool  { return r.RequestedRate > 0 }

func durationOf(v float64) string { return FormatDuration(time.Duration(math.Round(v))) }
func whole(v float64) string      { return fmt.Sprintf("%.0f", v) }

// The figures a row's first line shows of how the program froze, which
// the charts draw and repeated rows take the medians of: the longest stop
// of the world, how late the sleep probe woke, how long goroutines sat
// runnable.
var (
	STWMax   = MetricOf("stw.max")
	ProbeP99 = MetricOf("probe.p99")
	SchedP99 = MetricOf("sched.p99")
)

// MetricOf is the table's metric named name: a name not in it is a bug.
func MetricOf(name string) Metric {
	m, ok := MetricNamed(name)
	if !ok {
		panic("results: no metric " + name)
	}
	return m
}

// Of is m's value in r as a duration, and whether r has it at all.
func (m Metric) Of(r Result) (time.Duration, bool) {
	if m.Applies != nil && !m.Applies(r) {
		return 0, false
	}
	return time.Duration(math.Round(m.Value(r))), true
}
