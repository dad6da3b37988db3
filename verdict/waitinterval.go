package verdict

import (
	"math/rand/v2"
	"slices"
	"time"
)

// StopInterval is a stop wait with its 95% interval.
type StopInterval struct{ Est, Lo, Hi time.Duration }

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
	iv.Lo, iv.Hi = min(time.Duration(l), iv.Est), max(time.Duration(h), iv.Est)
	return iv, true
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
