package verdict

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/aclements/go-moremath/stats"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// Interval is an estimate with its 95% interval, in shares (0.035 is 3.5
// points).
type Interval = results.Effect95

// Effect is how much more a codec froze the program than the reference
// did, in the user's terms, each with its 95% interval: Frozen, how many
// points more of the window the program was frozen (waiting for stops to
// begin, and, against a reference as busy as a codec, the time the probe
// could not even run to ask for one); Tail, how many more of its stops
// (as a share) waited over the long-stop bar.
type Effect struct {
	Frozen Interval `json:"frozen"`
	Tail   Interval `json:"tail"`
	// Units is how many stretches the two sides have in common, resampled
	// in pairs by position (Paired, when there are two or more); the
	// longer side's others are resampled on their own.
	Units int `json:"units"`
}

// Paired says whether the effect's stretches were resampled in pairs.
func (e Effect) Paired() bool { return e.Units > 1 }

// Resamples is how many bootstrap resamples an interval takes: enough
// for the 2.5% tails to move by well under a tenth of a point between two
// seeds on the stretches of a 2s window.
const Resamples = 2000

// EffectOf is the codec's stretches' effect over the reference's, with
// late counting the time the probe could not ask (KeptOut) as frozen. Its
// intervals are a bootstrap over the stretches: the i-th of each side
// resampled together as far as both have stretches (at the default slice
// a stretch is a turn, and the codecs' turns alternate through one window,
// so the i-th of each are one round: a burst of the machine's other
// processes falls on both members of a pair), and the longer side's extra
// stretches on their own (a codec
// whose round trips outlast a turn takes fewer, longer turns). The
// percentiles are the expanded ones (Hesterberg's): the bootstrap's
// percentile interval is too narrow on few samples, by about the factor
// between Student's t and the normal, and the expansion widens it by that
// factor. The seed is fixed, so that one results file always reads the
// same. ok is false when either side has no stretch.
func EffectOf(codec, ref []latency.Stretch, late bool) (e Effect, ok bool) {
	if len(codec) == 0 || len(ref) == 0 {
		return Effect{}, false
	}
	paired := min(len(codec), len(ref))
	e.Units = paired
	codec, ref = spilled(codec, late), spilled(ref, late)
	fc, tc := shares(codec, late, nil)
	fr, tr := shares(ref, late, nil)
	e.Frozen.Est, e.Tail.Est = fc-fr, tc-tr
	rng := rand.New(rand.NewPCG(1, 2))
	frozen, tail := make([]float64, Resamples), make([]float64, Resamples)
	ic, ir := make([]int, len(codec)), make([]int, len(ref))
	for b := range Resamples {
		for i := range paired {
			ic[i] = rng.IntN(paired)
			ir[i] = ic[i]
		}
		for i := paired; i < len(ic); i++ { // the codec's extra stretches
			ic[i] = paired + rng.IntN(len(ic)-paired)
		}
		for i := paired; i < len(ir); i++ { // the reference's
			ir[i] = paired + rng.IntN(len(ir)-paired)
		}
		fc, tc := shares(codec, late, ic)
		fr, tr := shares(ref, late, ir)
		frozen[b], tail[b] = fc-fr, tc-tr
	}
	lo, hi := expandedPercentiles(e.Units)
	e.Frozen.Lo, e.Frozen.Hi = percentiles(frozen, lo, hi)
	e.Tail.Lo, e.Tail.Hi = percentiles(tail, lo, hi)
	return e, true
}

// shares is the share of the time the program ran (Stretch.Ran) that the
// stretches at idx (every stretch when idx is nil) were frozen, and the share of their recorded stops
// that waited over the long-stop bar (as the stops' histogram counts
// them: a gap the probe could not ask in is no stop of that share).
func shares(ss []latency.Stretch, late bool, idx []int) (frozen, tail float64) {
	var window, waited float64
	var stops, long int64
	add := func(s latency.Stretch) {
		window += s.Running().Seconds() // a freeze keeps its size beside other work
		waited += s.Waited.Seconds()
		stops += s.Stops
		long += s.Long
	}
	if idx == nil {
		for _, s := range ss {
			add(s)
		}
	} else {
		for _, i := range idx {
			add(ss[i])
		}
	}
	if window > 0 {
		frozen = waited / window
	}
	if stops > 0 {
		tail = float64(long) / float64(stops)
	}
	return frozen, tail
}

// spilled is ss with each stretch's frozen time in Waited (the time the
// probe could not ask included when late, and KeptOut then 0), at most
// the time the program ran of it: a stop that began in a stretch and
// outlasted it froze the stretches after it, and a share is a share.
func spilled(ss []latency.Stretch, late bool) []latency.Stretch {
	out := make([]latency.Stretch, len(ss))
	var carry time.Duration
	for i, s := range ss {
		f := carry + s.Waited
		if late {
			f += s.KeptOut
		}
		s.KeptOut = 0
		s.Waited = min(f, s.Running())
		carry = f - s.Waited
		out[i] = s
	}
	return out
}

// Plain says whether the codec's least frozen stretch was frozen more than
// the reference's most frozen one by bar: a freeze so plain that no
// resampling could make it the reference's, however few stretches a codec
// holding hundreds of milliseconds a round trip leaves (its interval over
// two or three stretches spans nearly everything). It takes PlainRef
// stretches of the reference, so that its worst one is a fair reading of
// the machine's.
func Plain(codec, ref []latency.Stretch, late bool, bar float64) bool {
	if len(codec) == 0 || len(ref) < PlainRef {
		return false
	}
	share := func(s latency.Stretch) float64 {
		if s.Running() <= 0 {
			return 0
		}
		return s.Waited.Seconds() / s.Running().Seconds()
	}
	least, most := math.Inf(1), math.Inf(-1)
	for _, s := range spilled(codec, late) {
		least = min(least, share(s))
	}
	for _, s := range spilled(ref, late) {
		most = max(most, share(s))
	}
	return least-most >= bar
}

// PlainRef is how many stretches of the reference Plain takes.
const PlainRef = 3

// expandedPercentiles are the quantiles of the bootstrap distribution
// that bound a 95% interval over n samples: Hesterberg's expanded
// percentile interval, 2.5% and 97.5% at n of 30 and more, wider below.
func expandedPercentiles(n int) (lo, hi float64) {
	const alpha = 0.05
	if n < 2 {
		return 0, 1
	}
	t := stats.InvCDF(stats.TDist{V: float64(n - 1)})(1 - alpha/2)
	a := stats.NormalDist{Mu: 0, Sigma: 1}.CDF(-math.Sqrt(float64(n)/float64(n-1)) * t)
	return a, 1 - a
}

// percentiles are xs's quantiles lo and hi (xs is sorted in place).
func percentiles(xs []float64, lo, hi float64) (float64, float64) {
	slices.Sort(xs)
	at := func(q float64) float64 {
		return xs[min(len(xs)-1, max(0, int(math.Round(q*float64(len(xs)-1)))))]
	}
	return at(lo), at(hi)
}
