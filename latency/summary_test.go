package latency

import (
	"math/rand/v2"
	"testing"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

func histOf(vals ...time.Duration) *Recorders {
	rs := NewRecorders(1, 0)
	for _, v := range vals {
		rs.For(0).Record(v)
	}
	return rs
}

// Nearest rank: the value of the sample of rank ceil(P*n). Values below
// 2048ns sit in buckets one nanosecond wide, so these are exact.
func TestSummarizeNearestRank(t *testing.T) {
	seq := func(n int) []time.Duration {
		var out []time.Duration
		for i := 1; i <= n; i++ {
			out = append(out, time.Duration(i))
		}
		return out
	}
	for _, c := range []struct {
		name                string
		vals                []time.Duration
		p50, p95, p99, p999 time.Duration
	}{
		{"one", []time.Duration{7}, 7, 7, 7, 7},
		{"two", []time.Duration{1, 2}, 1, 2, 2, 2},
		{"three", []time.Duration{10, 20, 30}, 20, 30, 30, 30}, // ceil(1.5) = 2, ceil(2.85) = 3
		{"four", []time.Duration{10, 20, 30, 40}, 20, 40, 40, 40},
		// p95 of 12 is rank ceil(11.4) = 12; rounding 11.4 would give 11.
		{"twelve", seq(12), 6, 12, 12, 12},
		{"1..100", seq(100), 50, 95, 99, 100},
		{"1..1000", seq(1000), 500, 950, 990, 999},
		{"1..2000 reversed", func() []time.Duration {
			var out []time.Duration
			for i := 2000; i >= 1; i-- {
				out = append(out, time.Duration(i))
			}
			return out
		}(), 1000, 1900, 1980, 1998},
	} {
		s := Summarize(histOf(c.vals...).Merged())
		if s.P50 != c.p50 || s.P95 != c.p95 || s.P99 != c.p99 || s.P999 != c.p999 {
			t.Errorf("%s: p50 %d p95 %d p99 %d p999 %d; want %d %d %d %d", c.name, s.P50, s.P95, s.P99, s.P999, c.p50, c.p95, c.p99, c.p999)
		}
		if s.N != int64(len(c.vals)) {
			t.Errorf("%s: n %d, want %d", c.name, s.N, len(c.vals))
		}
	}
}

// Above 2048ns a bucket holds several values; a quantile reports its
// bucket's highest equivalent value, at most 0.1% above the sample.
func TestQuantileIsTheBucketsHighestValue(t *testing.T) {
	var vals []time.Duration
	for i := 1; i <= 100; i++ {
		vals = append(vals, time.Duration(i)*time.Millisecond)
	}
	h := histOf(vals...).Merged()
	q := Quantiles(h, 0.99, 0.5, 0, 1) // any order
	for i, want := range []time.Duration{99 * time.Millisecond, 50 * time.Millisecond, time.Millisecond, 100 * time.Millisecond} {
		if q[i] < want || q[i] > want+want/1000 {
			t.Errorf("quantile %d = %v, want %v to %v", i, q[i], want, want+want/1000)
		}
	}
	if q[3] != time.Duration(h.Max()) {
		t.Errorf("quantile 1 = %v, want the max %v", q[3], time.Duration(h.Max()))
	}
	if got := Quantiles(nil, 0.5); got[0] != 0 {
		t.Errorf("quantile of no histogram = %v", got[0])
	}
}

func TestNearestRank(t *testing.T) {
	for _, c := range []struct {
		q    float64
		n    int64
		want int64
	}{
		{0.5, 100, 50}, {0.5, 3, 2}, {0.95, 12, 12}, {0.99, 100, 99}, {0.999, 1000, 999},
		{0.07, 100, 7}, // 0.07*100 is 7.000000000000001 in floating point
		{0, 10, 1}, {1, 10, 10}, {0.001, 10, 1},
	} {
		if got := nearestRank(c.q, c.n); got != c.want {
			t.Errorf("nearestRank(%v, %d) = %d, want %d", c.q, c.n, got, c.want)
		}
	}
}

// Quantiles answers what a walk of the histogram's buckets does: the
// highest equivalent value of the bucket where the cumulative count first
// reaches the nearest rank, for histograms of a few samples to many, over
// the whole range, and at the quantiles pingpong asks and random ones.
func TestQuantilesAreTheBucketWalks(t *testing.T) {
	walk := func(h *hdrhistogram.Histogram, bars []hdrhistogram.Bar, q float64) time.Duration {
		rank, cum := nearestRank(q, h.TotalCount()), int64(0)
		for _, b := range bars {
			if cum += b.Count; cum >= rank {
				return time.Duration(b.To)
			}
		}
		return -1
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 60 {
		h := NewHistogram()
		for range 1 + rng.IntN([]int{3, 100, 3000}[trial%3]) {
			v := int64(1) << rng.IntN(42) // 1ns to over an hour: clamped, as Record does
			_ = h.RecordValues(min(v+rng.Int64N(v), highest), 1+rng.Int64N(3))
		}
		qs := []float64{0, 0.5, 0.95, 0.99, 0.999, 1, rng.Float64(), rng.Float64()}
		bars := h.Distribution()
		for i, got := range Quantiles(h, qs...) {
			if want := walk(h, bars, qs[i]); got != want {
				t.Fatalf("trial %d, n %d: quantile %v = %v, the buckets' walk says %v", trial, h.TotalCount(), qs[i], got, want)
			}
		}
	}
}
