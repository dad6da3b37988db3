package latency

import (
	"math"
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

// Summarize reads a histogram's figures, its percentiles by nearest rank
// (see Quantiles).
func Summarize(h *hdrhistogram.Histogram) Summary {
	if h == nil || h.TotalCount() == 0 {
		return Summary{}
	}
	q := Quantiles(h, 0.50, 0.95, 0.99, 0.999)
	return Summary{
		N:    h.TotalCount(),
		Min:  time.Duration(h.Min()),
		Mean: time.Duration(h.Mean()),
		P50:  q[0],
		P95:  q[1],
		P99:  q[2],
		P999: q[3],
		Max:  time.Duration(h.Max()),
	}
}

// Quantiles are h's values at the quantiles qs (each from 0 to 1, in any
// order) by nearest rank, the one rule of every percentile pingpong
// prints: the value of the sample of rank ceil(q*n), the smallest value
// with at least a fraction q of the n samples at or below it. A histogram
// keeps buckets, not samples, so the value is that sample's bucket's
// highest equivalent value, as hdrhistogram reports values: at most 0.1%
// above the sample with 3 significant digits. hdrhistogram's own
// ValueAtQuantile rounds q*n to the nearest rank instead, which can be one
// sample lower.
func Quantiles(h *hdrhistogram.Histogram, qs ...float64) []time.Duration {
	out := make([]time.Duration, len(qs))
	if h == nil || h.TotalCount() == 0 {
		return out
	}
	n := h.TotalCount()
	// hdrhistogram's ValueAtPercentilesSlice takes the rank of percentile
	// p as p/100*n + 0.5, truncated: the percentile of rank r less a
	// quarter is rank r itself. It answers every quantile in one pass over
	// the counts, where a walk of h.Distribution() built a bar per bucket
	// first (1 ms and 2 MB of garbage a call, measured, for round trips
	// up to 50ms).
	ps := make([]float64, len(qs))
	for i, q := range qs {
		ps[i] = 100 * (float64(nearestRank(q, n)) - 0.25) / float64(n)
	}
	for i, v := range h.ValueAtPercentilesSlice(ps) {
		out[i] = time.Duration(v)
	}
	return out
}

// nearestRank is the rank of quantile q among n samples: ceil(q*n), from 1
// to n.
func nearestRank(q float64, n int64) int64 {
	x := q * float64(n)
	// q*n can come out a rounding error above a whole number (0.07*100 is
	// 7.000000000000001), which ceil would take to the next rank.
	if r := math.Round(x); math.Abs(x-r) <= 4*0x1p-52*x {
		x = r
	}
	return min(max(int64(math.Ceil(x)), 1), n)
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

// Values are h's samples one by one, each as its bucket's highest
// equivalent value (the rule of Quantiles), in ascending order: what a
// rank test over every recorded value needs.
func Values(h *hdrhistogram.Histogram) []float64 {
	if h == nil {
		return nil
	}
	out := make([]float64, 0, h.TotalCount())
	for _, b := range h.Distribution() {
		for range b.Count {
			out = append(out, float64(b.To))
		}
	}
	return out
}
