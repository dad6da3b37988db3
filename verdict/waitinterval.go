package verdict

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"
)

// StopInterval is a stop wait with its 95% interval.
type StopInterval struct {
	Est, Lo, Hi time.Duration
	N           int // the waits it rests on (with late, the gaps counted as stops)
	waits       []int64
}

// AtLeast is how many of the N waits the interval rests on waited d or
// longer: the count a budget's confidence reads (SizePoint.Sure).
func (iv StopInterval) AtLeast(d time.Duration) int {
	i, _ := slices.BinarySearch(iv.waits, int64(d))
	return len(iv.waits) - i
}

// WaitInterval is WaitQuantile(q, late) with its 95% interval, by the
// bootstrap the verdict's effect takes (EffectOf): the stretches resampled
// whole (a stretch is long against one freeze, so neighbouring stretches
// are close to independent where neighbouring stops are not), each
// resample's stops pooled as the histogram counts them (a stuck stop with
// those it kept the probe from asking for; with late, each gap the probe
// could not ask in as a stop that waited that long), Hesterberg's expanded
// percentiles, a fixed seed, so that one results file always reads the
// same. The interval holds the estimate (a histogram's quantile and the
// resamples' exact ones may differ in their last digit). ok is false, and
// the interval the estimate alone, for a file without stop records or a
// window of fewer than two stretches.
//
// A p99 of the 100 stops of a 1s window is about its second longest: one
// late probe moves it by the length of that stop, and the interval says
// so, where the estimate alone flips from run to run.
//
// The bootstrap alone is not enough at the tail: resampling cannot draw a
// stop the window did not have, and a long stop that comes once or twice
// a second is missing from a window of 100 stops about one time in three
// (0.99^100), so one window read std's wait.p99 at 16MB as [0.0, 2.0] ms
// where other runs' read 8.9 to 33 ms. The interval is therefore also
// at least as wide as the distribution-free one on a quantile (orderBounds:
// the order statistics the binomial count of stops under the quantile
// gives), which is the sample's longest stop on the high side for any
// window of fewer than 368 stops (0.99^368 < 2.5%), and a size needs
// MinBudgetStops stops besides before its interval may call it within the
// budget (SizePoint.Within). N is how many waits the interval rests on.
func (s Stops) WaitInterval(q float64, late bool) (iv StopInterval, ok bool) {
	iv.Est = s.WaitQuantile(q, late)
	iv.Lo, iv.Hi = iv.Est, iv.Est
	ss := s.Stretches(0)
	if len(ss) < 2 {
		return iv, false
	}
	values := make([][]int64, len(ss))
	for i, st := range ss {
		for _, w := range st.Waits(late) {
			values[i] = appendCorrected(values[i], int64(w), int64(s.interval))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	qs := make([]float64, Resamples)
	var pool []int64
	for b := range Resamples {
		pool = pool[:0]
		for range ss {
			pool = append(pool, values[rng.IntN(len(ss))]...)
		}
		qs[b] = float64(quantileOf(pool, q))
	}
	lo, hi := expandedPercentiles(len(ss))
	l, h := percentiles(qs, lo, hi)
	pool = slices.Concat(values...)
	ol, oh := orderBounds(pool, q)
	iv.Lo, iv.Hi = min(time.Duration(l), time.Duration(ol), iv.Est), max(time.Duration(h), time.Duration(oh), iv.Est)
	iv.N, iv.waits = len(pool), pool // sorted by orderBounds
	return iv, true
}

// orderBounds are the distribution-free 95% bounds of the quantile q of
// the population vs were drawn from (vs is sorted in place): the order
// statistics x(l) and x(u) with l the largest rank that at least 97.5% of
// samples have l or more values under the quantile, u the smallest that
// at least 97.5% have fewer than u (the count under it is Binomial(n, q)).
// Where the sample is too small for u (n < 368 at the p99: 0.99^n is
// over 2.5%), the high bound is its largest value: the true bound lies
// beyond it, which MinBudgetStops answers for the smallest windows. vs
// must not be empty.
func orderBounds(vs []int64, q float64) (lo, hi int64) {
	slices.Sort(vs)
	n := len(vs)
	const tail = 0.025
	// tails[k] is P(count >= k), summed from the top, where the mass is
	// for a high q: pmf(n) = q^n, pmf(k-1) = pmf(k) k/(n-k+1) (1-q)/q,
	// in logarithms so that a large n does not underflow before the mode
	l, u := 1, n+1
	logPMF := float64(n) * math.Log(q)
	atLeast := 0.0
	for k := n; k >= 1; k-- {
		atLeast += math.Exp(logPMF) // P(count >= k)
		if atLeast <= tail {
			u = k // P(count < k) >= 97.5%
		}
		if atLeast >= 1-tail {
			l = k
			break
		}
		logPMF += math.Log(float64(k)/float64(n-k+1)) + math.Log((1-q)/q)
	}
	return vs[l-1], vs[min(u, n)-1]
}

// appendCorrected appends v to out as hdrhistogram's RecordCorrectedValue
// records it: v, then v-interval, v-2*interval, ... while at least
// interval.
func appendCorrected(out []int64, v, interval int64) []int64 {
	out = append(out, v)
	if interval <= 0 || v <= interval {
		return out
	}
	for missing := v - interval; missing >= interval; missing -= interval {
		out = append(out, missing)
	}
	return out
}

// quantileOf is the value at quantile q of vs (sorted in place) as
// hdrhistogram reads one: the value at rank q*n rounded, at least the
// first; 0 when vs is empty.
func quantileOf(vs []int64, q float64) int64 {
	if len(vs) == 0 {
		return 0
	}
	slices.Sort(vs)
	rank := max(1, int(q*float64(len(vs))+0.5))
	return vs[min(rank, len(vs))-1]
}
