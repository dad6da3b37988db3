package report

import (
	"encoding/json"
	"io"

	"github.com/pingpong-bench/pingpong/results"
)

// bmfMetric is one measure of a benchmark in Bencher Metric Format: the
// value, and the bounds when there are any.
type bmfMetric struct {
	Value      float64  `json:"value"`
	LowerValue *float64 `json:"lower_value,omitempty"`
	UpperValue *float64 `json:"upper_value,omitempty"`
}

// WriteBMF writes run in Bencher Metric Format (-bmf), for `bencher run
// --adapter json`: one benchmark per scenario, named the same on every
// testbed (Bencher keeps testbeds apart itself), each with its measures
// (trackedMeasures) as the median of the repeats, and with two repeats or
// more the least and the most of them as lower_value and upper_value.
func WriteBMF(w io.Writer, run *results.Run) error {
	bs, err := trackedBenchmarks(run)
	if err != nil {
		return err
	}
	doc := map[string]map[string]bmfMetric{}
	for _, b := range bs {
		ms := map[string]bmfMetric{}
		for i, m := range b.Measures {
			f := b.Figures[i]
			bm := bmfMetric{Value: f.Value}
			if f.Repeats > 1 {
				bm.LowerValue, bm.UpperValue = &f.Lower, &f.Upper
			}
			ms[m.Slug] = bm
		}
		doc[b.Name] = ms
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
