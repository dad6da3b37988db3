package verdict

import (
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
	"github.com/aclements/go-moremath/stats"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// The verdict judges a codec against baseline at one level like a
// measurement, from every stop of the world the probe forced (a couple of
// hundred per window, pooled over repeats, each stuck one counted with the
// ones it kept the probe from asking for), never from one figure such as
// the longest stop. A codec stands out when both hold:
//   - its stops are longer than baseline's: a one-sided Mann-Whitney U
//     test over the individual stops reaches VerdictAlpha;
//   - by enough to matter: its typical (median) stop is at least
//     TypicalFactor times baseline's, and TypicalMargin longer. A codec
//     whose stops are mostly as short as baseline's, with a few long ones,
//     does not: the few show in stw.max and in the share of the window the
//     program spent waiting for stops to begin.
//
// Pooling stops rather than repeats is what lets one run judge: the test
// has hundreds of samples a side whatever -count is.

// VerdictAlpha is the significance the rank test must reach. Stops close
// together in time are not independent samples (a codec stays
// non-preemptible for a whole document), so its p is optimistic: 0.001
// rather than the usual 0.05.
const VerdictAlpha = 0.001

// TypicalFactor and TypicalMargin are how much longer a codec's typical
// stop must be than baseline's to matter: twice as long, and 100us more
// (so that 20us against 45us, on a machine whose stops are fast, does not).
const (
	TypicalFactor = 2
	TypicalMargin = 100 * time.Microsecond
)

// Stops is one codec's stops of the world at one level, every repeat's
// pooled.
type Stops struct {
	Hist   *hdrhistogram.Histogram
	Waited time.Duration // every stop's time to begin, added up
	Window time.Duration // the windows they were forced in, added up
	Noisy  bool          // a window of it was NOISY
}

// StopsOf pools the stops of rs (one scenario's repeats); ok is false when
// none of them ran the stop-the-world probe.
func StopsOf(rs []results.Result) (s Stops, ok bool) {
	for _, r := range rs {
		if r.STWHist == nil {
			continue
		}
		if s.Hist == nil {
			s.Hist = latency.NewHistogram()
		}
		s.Hist.Merge(r.STWHist)
		s.Waited += r.STWWaited
		s.Window += r.Window
		s.Noisy = s.Noisy || r.Noise.Noisy()
	}
	return s, s.Hist != nil
}

// N is how many stops there are.
func (s Stops) N() int64 { return s.Hist.TotalCount() }

// Waiting is the share of the window the program spent waiting for stops
// to begin.
func (s Stops) Waiting() float64 {
	if s.Window <= 0 {
		return 0
	}
	return s.Waited.Seconds() / s.Window.Seconds()
}

// Quantile is the stop at quantile q.
func (s Stops) Quantile(q float64) time.Duration { return latency.Quantiles(s.Hist, q)[0] }

// Max is the longest stop.
func (s Stops) Max() time.Duration { return time.Duration(s.Hist.Max()) }

// Against is a codec's stops tested against baseline's.
type Against struct {
	P         float64 // the one-sided rank test's p that the codec's stops are longer
	Longer    bool    // P reached VerdictAlpha
	Matters   bool    // its typical stop is TypicalFactor and TypicalMargin above baseline's
	StandsOut bool    // Longer and Matters
}

// Judge tests codec's stops against base's; both must hold stops.
func Judge(codec, base Stops) Against {
	a := Against{P: 1}
	res, err := stats.MannWhitneyUTest(latency.Values(codec.Hist), latency.Values(base.Hist), stats.LocationGreater)
	if err == nil { // an error: every stop of both the same, nothing longer
		a.P = res.P
	}
	a.Longer = a.P <= VerdictAlpha
	typical, baseline := codec.Quantile(0.5), base.Quantile(0.5)
	a.Matters = typical >= TypicalFactor*baseline && typical-baseline >= TypicalMargin
	a.StandsOut = a.Longer && a.Matters
	return a
}
