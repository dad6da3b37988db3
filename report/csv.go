package report

import (
	"encoding/csv"
	"io"
	"math"
	"strconv"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// csvHeader names each column with its unit, so a spreadsheet needs no
// legend: the scenario, then every figure of results.Metrics in its order,
// then what a row says beyond figures.
func csvHeader() []string {
	h := []string{"input", "impl", "build", "impl_version", "mode", "target", "pairs", "procs", "gogc", "memlimit", "repeat", "window_ns", "bytes"}
	for _, m := range results.Metrics {
		if m.CSV != "" {
			h = append(h, m.CSV)
		}
	}
	return append(h, "culprit_stall_ns", "culprit_kind", "culprit_frame",
		"noise_others_cores", "noise_steal_cores",
		"split_decode_p50_ns", "split_encode_p50_ns", "split_rest_p50_ns",
		"in_flight_ns", "partial", "mismatch", "error", "testbed")
}

// WriteCSV writes one row per scenario and repeat, errors included (n=0
// and the error), after a header row. Figures that were not measured (the
// probe when it was off) are empty cells, not zeros.
func WriteCSV(w io.Writer, run *results.Run) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader()); err != nil {
		return err
	}
	i64 := func(v int64) string { return strconv.FormatInt(v, 10) }
	f64 := func(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
	for _, r := range run.Results {
		row := []string{
			r.Input, r.Codec, r.Build, run.CodecVersion(r.Key()), r.Mode, r.Target,
			strconv.Itoa(r.Pairs), strconv.Itoa(r.Procs), r.GOGC, r.MemLimit, strconv.Itoa(r.Repeat),
			i64(r.Window.Nanoseconds()), i64(r.Bytes),
		}
		for _, m := range results.Metrics {
			switch {
			case m.CSV == "":
			case m.Has(r):
				row = append(row, csvCell(m.Unit, m.Value(r)))
			default:
				row = append(row, "")
			}
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
		// The testbed, last: empty but in a file merged from several.
		row = append(row, i64(r.InFlight.Nanoseconds()), strconv.FormatBool(r.Partial), r.Mismatch, r.Err, r.Testbed)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvCell prints v, a figure in unit u, as a CSV cell: nanoseconds,
// counts and bytes whole, rates and per-operation figures with three
// decimals, fractions with six.
func csvCell(u format.Unit, v float64) string {
	switch u {
	case format.CountPerOp, format.BytesPerOp, format.PerSecond, format.MBPerSecond:
		return strconv.FormatFloat(v, 'f', 3, 64)
	case format.Fraction:
		return strconv.FormatFloat(v, 'f', 6, 64)
	}
	return strconv.FormatFloat(math.Round(v), 'f', 0, 64)
}
