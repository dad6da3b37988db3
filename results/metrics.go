package results

import (
	"time"

	"github.com/pingpong-bench/pingpong/format"
)

// Metrics is the one table of figures: the console's columns and -v
// lines, -bench, CSV, compare, the gate and the charts read each figure's
// name, unit and direction here. Its order is compare's, -bench's and
// CSV's. Adding a figure is adding a line.
var Metrics = []Metric{
	// name, unit, worse, compare shows it, -bench unit, CSV column, value, applies
	// the original's columns and throughput
	{"n", format.Count, LowerIsWorse, true, "", "n", func(r Result) float64 { return float64(r.N) }, nil},
	{"min", format.Nanoseconds, HigherIsWorse, false, "", "min_ns", latencyOf(func(r Result) time.Duration { return r.Latency.Min }), nil},
	{"p50", format.Nanoseconds, HigherIsWorse, true, "ns/op", "p50_ns", latencyOf(func(r Result) time.Duration { return r.Latency.P50 }), nil},
	{"mean", format.Nanoseconds, HigherIsWorse, false, "mean-ns", "mean_ns", latencyOf(func(r Result) time.Duration { return r.Latency.Mean }), nil},
	{"p95", format.Nanoseconds, HigherIsWorse, false, "p95-ns", "p95_ns", latencyOf(func(r Result) time.Duration { return r.Latency.P95 }), nil},
	{"p99", format.Nanoseconds, HigherIsWorse, true, "p99-ns", "p99_ns", latencyOf(func(r Result) time.Duration { return r.Latency.P99 }), nil},
	{"p999", format.Nanoseconds, HigherIsWorse, false, "p999-ns", "p999_ns", latencyOf(func(r Result) time.Duration { return r.Latency.P999 }), nil},
	{"max", format.Nanoseconds, HigherIsWorse, true, "max-ns", "max_ns", latencyOf(func(r Result) time.Duration { return r.Latency.Max }), nil},
	{"rt/s", format.PerSecond, LowerIsWorse, true, "rt/s", "round_trips_per_s", Result.RoundTripsPerSec, Result.IsEncdec},
	{"ops/s", format.PerSecond, LowerIsWorse, true, "ops/s", "ops_per_s", Result.OpsPerSec, isProbePass},
	{"docs/s", format.PerSecond, LowerIsWorse, false, "docs/s", "docs_per_s", Result.DocsPerSec, isBatched},
	{"MB/s", format.MBPerSecond, LowerIsWorse, true, "MB/s", "mb_per_s", Result.MBPerSec, func(r Result) bool { return r.Bytes > 0 }},
	// responsiveness; a probe pass's latency is already the probe's
	{"probe.p50", format.Nanoseconds, HigherIsWorse, false, "", "probe_p50_ns", latencyOf(func(r Result) time.Duration { return r.Probe.P50 }), hasProbe},
	{"probe.p99", format.Nanoseconds, HigherIsWorse, true, "probe-p99-ns", "probe_p99_ns", latencyOf(func(r Result) time.Duration { return r.Probe.P99 }), hasProbe},
	{"probe.max", format.Nanoseconds, HigherIsWorse, false, "probe-max-ns", "probe_max_ns", latencyOf(func(r Result) time.Duration { return r.Probe.Max }), hasProbe},
	{"stw.p50", format.Nanoseconds, HigherIsWorse, false, "", "stw_p50_ns", latencyOf(func(r Result) time.Duration { return r.STW.P50 }), hasSTW},
	{"stw.p99", format.Nanoseconds, HigherIsWorse, true, "stw-p99-ns", "stw_p99_ns", latencyOf(func(r Result) time.Duration { return r.STW.P99 }), hasSTW},
	{"stw.max", format.Nanoseconds, HigherIsWorse, false, "stw-max-ns", "stw_max_ns", latencyOf(func(r Result) time.Duration { return r.STW.Max }), hasSTW},
	{"stw.wall.p99", format.Nanoseconds, HigherIsWorse, false, "", "stw_wall_p99_ns", latencyOf(func(r Result) time.Duration { return r.STWWall.P99 }), func(r Result) bool { return r.STWWall != nil }},
	{"sched.p50", format.Nanoseconds, HigherIsWorse, false, "", "sched_p50_ns", latencyOf(func(r Result) time.Duration { return r.Runtime.SchedLatency.P50 }), hasRuntime},
	{"sched.p99", format.Nanoseconds, HigherIsWorse, true, "sched-p99-ns", "sched_p99_ns", latencyOf(func(r Result) time.Duration { return r.Runtime.SchedLatency.P99 }), hasRuntime},
	{"sched.max", format.Nanoseconds, HigherIsWorse, false, "", "sched_max_ns", latencyOf(func(r Result) time.Duration { return r.Runtime.SchedLatency.Max }), hasRuntime},
	// garbage collection and memory; gc is cycles per window, alloc and
	// allocs per round trip (per operation in a probe pass)
	{"gc", format.Count, HigherIsWorse, false, "gc-cycles", "gc_cycles", func(r Result) float64 { return float64(r.Runtime.GCCycles) }, hasRuntime},
	{"gc.pauses", format.Count, HigherIsWorse, false, "", "gc_pauses", func(r Result) float64 { return float64(r.Runtime.GCPauses.Count) }, hasRuntime},
	{"gc.pause.total", format.Nanoseconds, HigherIsWorse, false, "", "gc_pause_total_ns", latencyOf(func(r Result) time.Duration { return r.Runtime.GCPauses.Total }), hasRuntime},
	{"gc.pause.max", format.Nanoseconds, HigherIsWorse, false, "gc-pause-max-ns", "gc_pause_max_ns", latencyOf(func(r Result) time.Duration { return r.Runtime.GCPauses.Max }), hasRuntime},
	{"gc.cpu", format.Fraction, HigherIsWorse, false, "", "gc_cpu_fraction", func(r Result) float64 { return r.Runtime.GCCPUFraction }, hasRuntime},
	{"alloc", format.BytesPerOp, HigherIsWorse, false, "B/op", "alloc_bytes_per_op", func(r Result) float64 { return r.AllocBytesPerOp }, hasRuntime},
	{"allocs", format.CountPerOp, HigherIsWorse, false, "allocs/op", "allocs_per_op", func(r Result) float64 { return r.AllocsPerOp }, hasRuntime},
	{"heap.peak", format.Bytes, HigherIsWorse, false, "", "peak_heap_bytes", func(r Result) float64 { return float64(r.Runtime.PeakHeap) }, hasRuntime},
	// open loop
	{"late", format.Count, HigherIsWorse, false, "", "late", func(r Result) float64 { return float64(r.Late) }, isOpenLoop},
	{"uncorr.p50", format.Nanoseconds, HigherIsWorse, false, "", "uncorrected_p50_ns", latencyOf(func(r Result) time.Duration { return r.Uncorrected.P50 }), isOpenLoop},
	{"uncorr.p99", format.Nanoseconds, HigherIsWorse, false, "", "uncorrected_p99_ns", latencyOf(func(r Result) time.Duration { return r.Uncorrected.P99 }), isOpenLoop},
}

func latencyOf(f func(Result) time.Duration) func(Result) float64 {
	return func(r Result) float64 { return float64(f(r)) }
}

func isProbePass(r Result) bool { return !r.IsEncdec() }
func isBatched(r Result) bool   { return r.IsEncdec() && r.Batch > 0 }
func hasProbe(r Result) bool    { return r.Probe != nil && r.IsEncdec() }
func hasSTW(r Result) bool      { return r.STW != nil }
func hasRuntime(r Result) bool  { return r.Runtime != nil }
func isOpenLoop(r Result) bool  { return r.RequestedRate > 0 }
