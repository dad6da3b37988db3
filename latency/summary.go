package latency

import (
	"slices"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

// Summary is the handful of figures a report row shows.
type Summary struct {
	N    int64         `json:"n"`
	Min  time.Duration `json:"min_ns"`
	Mean time.Duration `json:"mean_ns"`
	P50  time.Duration `json:"p50_ns"`
	P95  time.Duration `json:"p95_ns"`
	P99  time.Duration `json:"p99_ns"`
	P999 time.Duration `json:"p999_ns"`
	Max  time.Duration `json:"max_ns"`
}

// Summarize reads a histogram's quantiles. hdrhistogram-go v1.4 takes
// percentiles in 0..100.
func Summarize(h *hdrhistogram.Histogram) Summary {
	if h == nil || h.TotalCount() == 0 {
		return Summary{}
	}
	q := h.ValueAtPercentilesSlice([]float64{50, 95, 99, 99.9})
	return Summary{
		N:    h.TotalCount(),
		Min:  time.Duration(h.Min()),
		Mean: time.Duration(h.Mean()),
		P50:  time.Duration(q[0]),
		P95:  time.Duration(q[1]),
		P99:  time.Duration(q[2]),
		P999: time.Duration(q[3]),
		Max:  time.Duration(h.Max()),
	}
}

// Median of xs (0 for none): the figure repeats are summarised by.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
