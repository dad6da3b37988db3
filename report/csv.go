package report

import (
	"encoding/csv"
	"io"
	"strconv"

	"pingpong/results"
)

// csvHeader names each column with its unit, so a spreadsheet needs no
// legend.
var csvHeader = []string{
	"input", "impl", "build", "impl_version", "mode", "target", "pairs", "procs", "gogc", "memlimit", "repeat",
	"n", "window_ns", "bytes", "round_trips_per_s", "ops_per_s", "mb_per_s",
	"min_ns", "mean_ns", "p50_ns", "p95_ns", "p99_ns", "p999_ns", "max_ns",
	"probe_p50_ns", "probe_p99_ns", "probe_max_ns",
	"sched_p99_ns", "gc_cycles", "gc_pause_max_ns", "gc_cpu_fraction",
	"alloc_bytes_per_op", "allocs_per_op", "peak_heap_bytes",
	"stw_p50_ns", "stw_p99_ns", "stw_max_ns", "stw_wall_p99_ns",
	"culprit_stall_ns", "culprit_kind", "culprit_frame",
	"noise_others_cores", "noise_steal_cores",
	"split_decode_p50_ns", "split_encode_p50_ns", "split_rest_p50_ns",
	"in_flight_ns", "partial", "mismatch", "error",
}

// WriteCSV writes one row per scenario and repeat, errors included (n=0
// and the error), after a header row. Figures that were not measured (the
// probe when it was off) are empty cells, not zeros.
func WriteCSV(w io.Writer, run *results.Run) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	i64 := func(v int64) string { return strconv.FormatInt(v, 10) }
	f64 := func(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
	for _, r := range run.Results {
		l := r.Latency
		row := []string{
			r.Input, r.Impl, r.Build, run.ImplVersion(r.Key()), r.Mode, r.Target,
			strconv.Itoa(r.Pairs), strconv.Itoa(r.Procs), r.GOGC, r.MemLimit, strconv.Itoa(r.Repeat),
			i64(r.N), i64(r.Window.Nanoseconds()), i64(r.Bytes), f64(r.RoundTripsPerSec()), f64(r.OpsPerSec()), f64(r.MBPerSec()),
			i64(l.Min.Nanoseconds()), i64(l.Mean.Nanoseconds()), i64(l.P50.Nanoseconds()), i64(l.P95.Nanoseconds()),
			i64(l.P99.Nanoseconds()), i64(l.P999.Nanoseconds()), i64(l.Max.Nanoseconds()),
		}
		if p := r.Probe; p != nil {
			row = append(row, i64(p.P50.Nanoseconds()), i64(p.P99.Nanoseconds()), i64(p.Max.Nanoseconds()))
		} else {
			row = append(row, "", "", "")
		}
		if rt := r.Runtime; rt != nil {
			row = append(row, i64(rt.SchedLatency.P99.Nanoseconds()), strconv.FormatUint(rt.GCCycles, 10), i64(rt.GCPauses.Max.Nanoseconds()),
				strconv.FormatFloat(rt.GCCPUFraction, 'f', 6, 64), f64(r.AllocBytesPerOp), f64(r.AllocsPerOp), strconv.FormatUint(rt.PeakHeap, 10))
		} else {
			row = append(row, "", "", "", "", "", "", "")
		}
		if s := r.STW; s != nil {
			row = append(row, i64(s.P50.Nanoseconds()), i64(s.P99.Nanoseconds()), i64(s.Max.Nanoseconds()))
		} else {
			row = append(row, "", "", "")
		}
		if s := r.STWWall; s != nil {
			row = append(row, i64(s.P99.Nanoseconds()))
		} else {
			row = append(row, "")
		}
		if c := r.Culprit; c != nil {
			row = append(row, i64(c.Stall.Nanoseconds()), c.Kind, c.Frame)
		} else {
			row = append(row, "", "", "")
		}
		if n := r.Noise; n != nil {
			row = append(row, f64(n.OthersCores), f64(n.StealCores))
		} else {
			row = append(row, "", "")
		}
		if s := r.Split; s != nil {
			row = append(row, i64(s.Decode.P50.Nanoseconds()), i64(s.Encode.P50.Nanoseconds()), i64(s.Rest.P50.Nanoseconds()))
		} else {
			row = append(row, "", "", "")
		}
		row = append(row, i64(r.InFlight.Nanoseconds()), strconv.FormatBool(r.Partial), r.Mismatch, r.Err)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
