package report

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/pingpong-bench/pingpong/results"
)

// gabEntry is one benchmark of github-action-benchmark's custom tools.
type gabEntry struct {
	Name  string  `json:"name"`
	Unit  string  `json:"unit"`
	Value float64 `json:"value"`
	Range string  `json:"range,omitempty"`
	Extra string  `json:"extra,omitempty"`
}

// WriteGABSmaller writes the measures where smaller is better (latency,
// stops, waiting, allocations) as github-action-benchmark's
// customSmallerIsBetter JSON (-gab).
func WriteGABSmaller(w io.Writer, run *results.Run) error { return writeGAB(w, run, false) }

// WriteGABBigger writes round trips/s, where bigger is better, as
// customBiggerIsBetter JSON (-gab-bigger): the action takes one direction
// per file.
func WriteGABBigger(w io.Writer, run *results.Run) error { return writeGAB(w, run, true) }

// writeGAB writes one entry per scenario and measure of one direction,
// named "BENCHMARK MEASURE"; with repeats, the range is half the spread
// between the least and the most of them, and extra says how many there
// were.
func writeGAB(w io.Writer, run *results.Run, bigger bool) error {
	bs, err := trackedBenchmarks(run)
	if err != nil {
		return err
	}
	out := []gabEntry{}
	for _, b := range bs {
		for i, m := range b.Measures {
			if m.Bigger != bigger {
				continue
			}
			f := b.Figures[i]
			e := gabEntry{Name: b.Name + " " + m.Name, Unit: m.Unit, Value: f.Value}
			if f.Repeats > 1 {
				e.Range = "± " + plain((f.Upper-f.Lower)/2)
				e.Extra = fmt.Sprintf("median of %d repeats, %s to %s", f.Repeats, plain(f.Lower), plain(f.Upper))
			}
			out = append(out, e)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// plain prints v as people read a range: nanoseconds and rates whole,
// shares and small counts with four significant digits, no exponent
// for either.
func plain(v float64) string {
	if math.Abs(v) >= 100 {
		return strconv.FormatFloat(math.Round(v), 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}
