package report

import (
	"math"
	"math/rand/v2"
	"time"

	"pingpong/latency"
	"pingpong/results"
)

// withHistograms gives every measured result of run a histogram of n
// deterministic, log-normally spread samples around its p50, and makes its
// summary the histogram's own, as a real run's is.
func withHistograms(run *results.Run) *results.Run {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range run.Results {
		r := &run.Results[i]
		if r.N == 0 {
			continue
		}
		h := latency.NewHistogram()
		const draws = 500
		for d := int64(0); d < draws; d++ {
			count := r.N / draws
			if d == draws-1 {
				count = r.N - count*(draws-1)
			}
			v := float64(r.Latency.P50) * math.Exp(0.4*rng.NormFloat64())
			if count > 0 {
				_ = h.RecordValues(max(int64(v), 1), count)
			}
		}
		r.Hist = h
		r.Latency = latency.Summarize(h)
	}
	return run
}

// repeated turns run into count repeats of each of its scenarios, repeat
// after repeat, each repeat's figures scaled by its factor
// (1 + spread*(rep - count/2)), so that medians and spreads are known.
func repeated(run *results.Run, count int, spread float64) *results.Run {
	out := *run
	out.Config.Count = count
	out.Results = nil
	for rep := 0; rep < count; rep++ {
		f := 1 + spread*float64(rep-count/2)
		for _, r := range run.Results {
			r.Repeat = rep
			r.N = int64(float64(r.N) / f)
			r.Bytes = int64(float64(r.Bytes) / f)
			l := &r.Latency
			for _, d := range []*time.Duration{&l.Min, &l.Mean, &l.P50, &l.P95, &l.P99, &l.P999, &l.Max} {
				*d = time.Duration(float64(*d) * f)
			}
			l.N = r.N
			r.Hist = nil
			out.Results = append(out.Results, r)
		}
	}
	return &out
}
