package verdict

import (
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
	"github.com/aclements/go-moremath/stats"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// The verdict judges a codec against baseline at one level on what the
// rest of the program suffered: how much of the time it was frozen,
// waiting for stops of the world to begin, and how long the long freezes
// were; never one figure such as the longest stop, nor the typical
// (median) stop, which a codec that freezes the program for part of every
// round trip leaves as short as baseline's. A codec stands out when both
// hold:
//   - its stops waited longer, and not by chance: a one-sided Mann-Whitney
//     U test of its stretches against baseline's reaches StretchAlpha, each
//     stretch (about a turn long) holding how long its stops typically
//     waited, every stop counted with the ones it held up
//     (latency.StretchWaits). Stops close in time are not independent
//     samples (one document's non-preemptible decode holds several),
//     stretches of a slice's length nearly are; and the codec's turns
//     alternate with baseline's through the level's window, so both
//     sample the same machine;
//   - by enough to matter, in the user's terms: the program waited
//     FrozenPoints more of the window than under baseline, or TailShare
//     more of its stops than of baseline's waited over LongStop ("one
//     stop in ten more waited over 10ms"), counting the stops a stuck one
//     kept the probe from asking for. Either is enough: baseline's own
//     share of the window can be swollen by one burst of the machine's
//     other processes (a thread descheduled for 200ms while holding a
//     stop), which a count of long stops shrugs off.
//
// docs/notes-verdict.md has the measurements behind the bars. Every
// repeat's stretches and stops are pooled, so one run can tell and
// -count only adds samples.

// StretchAlpha is the significance the stretches' test must reach.
const StretchAlpha = 0.01

// StopAlpha is the significance of the fallback test over single stops,
// for results files written before the probe kept its stops one by one:
// stops are not independent, so its p is optimistic, and the bar is
// stricter.
const StopAlpha = 0.001

// The practical bars, in the user's terms: the program frozen FrozenPoints
// more of the window, or TailShare more of the stops waiting over
// LongStop, than under baseline.
const (
	FrozenPoints = 0.03
	LongStop     = 10 * time.Millisecond
	TailShare    = 0.10
)

// ProbeSlack is how long past its tick the probe may be kept from asking
// for a stop before the time counts as frozen: two of the scheduler's 10ms
// slices, which a runnable goroutine waits behind the goroutines ahead of
// it on a busy but preemptible program.
const ProbeSlack = 20 * time.Millisecond

// StretchLength is how long a stretch is when the window did not take
// turns (-slice 0): the default slice.
const StretchLength = 100 * time.Millisecond

// Stops is one codec's stops of the world at one level, every repeat's
// pooled.
type Stops struct {
	Hist   *hdrhistogram.Histogram // corrected for the stops a stuck one kept the probe from asking
	Waited time.Duration           // every stop's time to begin, added up
	// KeptOut is how long the probe could not even ask for a stop, beyond
	// ProbeSlack (latency.KeptOut); 0 for files without stop records.
	KeptOut time.Duration
	Window  time.Duration // the windows they were forced in, added up
	Noisy   bool          // a window of it was NOISY
	// Busy is the largest share of the machine's cores that other
	// processes and the hypervisor took in a window of it; 0 when not
	// measured.
	Busy float64
	// Stretches are the typical waits of the stretches of every repeat's
	// turns (latency.StretchWaits); nil for files without stop records.
	Stretches []float64
	// MMU is the least utilization any repeat had at each window size;
	// nil without stop records.
	MMU []results.MMUPoint
}

// StopsOf pools the stops of rs (one scenario's repeats), forced every
// interval and cut into stretches of stretch; ok is false when none of
// them ran the stop-the-world probe.
func StopsOf(rs []results.Result, stretch, interval time.Duration) (s Stops, ok bool) {
	for _, r := range rs {
		if r.STWHist == nil {
			continue
		}
		if s.Hist == nil {
			s.Hist = latency.NewHistogram()
		}
		s.Hist.Merge(r.STWHist)
		s.Waited += r.STWWaited
		s.KeptOut += latency.KeptOut(r.STWTurns, r.STWStops, interval, ProbeSlack)
		s.Window += r.Window
		s.Noisy = s.Noisy || r.Noise.Noisy()
		if n := r.Noise; n != nil && n.Cores > 0 {
			s.Busy = max(s.Busy, (n.OthersCores+n.StealCores)/float64(n.Cores))
		}
		s.Stretches = append(s.Stretches, latency.StretchWaits(r.STWTurns, r.STWStops, stretch, interval, ProbeSlack)...)
		s.MMU = leastMMU(s.MMU, r.MMU)
	}
	return s, s.Hist != nil
}

// leastMMU is a and b's lower utilization at each window.
func leastMMU(a, b []results.MMUPoint) []results.MMUPoint {
	if a == nil {
		return append([]results.MMUPoint(nil), b...)
	}
	for i := range a {
		for _, p := range b {
			if p.Window == a[i].Window {
				a[i].Utilization = min(a[i].Utilization, p.Utilization)
			}
		}
	}
	return a
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

// Late is the share of the window the probe could not ask for a stop at
// all, beyond ProbeSlack: time the program's other goroutines could not
// run either.
func (s Stops) Late() float64 {
	if s.Window <= 0 {
		return 0
	}
	return s.KeptOut.Seconds() / s.Window.Seconds()
}

// Frozen is the share of the window the program was frozen: its stops'
// waits and the time the probe could not run to ask for one. The table is
// sorted by it, worst first.
func (s Stops) Frozen() float64 { return s.Waiting() + s.Late() }

// Over is the share of the stops that waited longer than d to begin.
func (s Stops) Over(d time.Duration) float64 {
	n := s.N()
	if n == 0 {
		return 0
	}
	var over int64
	for _, b := range s.Hist.Distribution() {
		if b.From > int64(d) {
			over += b.Count
		}
	}
	return float64(over) / float64(n)
}

// Quantile is the stop at quantile q.
func (s Stops) Quantile(q float64) time.Duration { return latency.Quantiles(s.Hist, q)[0] }

// Max is the longest stop.
func (s Stops) Max() time.Duration { return time.Duration(s.Hist.Max()) }

// Against is a codec's stops tested against baseline's.
type Against struct {
	P float64 // the one-sided test's p that the codec's stops waited longer
	// Samples is how many stretches (or, for an old file, stops) of both
	// the test had.
	Samples int
	// ByStops: the file had no stop records, and the test ran over single
	// stops (StopAlpha).
	ByStops   bool
	More      bool // P reached the test's alpha: its stops waited longer
	Frozen    bool // the program waited FrozenPoints more of the window
	Tail      bool // TailShare more of its stops waited over LongStop
	StandsOut bool // More, and Frozen or Tail
}

// Matters says whether the difference is large enough to matter: either
// practical bar.
func (a Against) Matters() bool { return a.Frozen || a.Tail }

// Judge tests codec's stops against base's; both must hold stops.
func Judge(codec, base Stops) Against {
	a := Against{P: 1}
	x, y, alpha := codec.Stretches, base.Stretches, StretchAlpha
	if len(x) == 0 || len(y) == 0 {
		x, y, alpha, a.ByStops = latency.Values(codec.Hist), latency.Values(base.Hist), StopAlpha, true
	}
	a.Samples = len(x) + len(y)
	res, err := stats.MannWhitneyUTest(x, y, stats.LocationGreater)
	if err == nil { // an error: every sample of both the same, nothing more
		a.P = res.P
	}
	a.More = a.P <= alpha
	a.Frozen = codec.Waiting()-base.Waiting() >= FrozenPoints
	a.Tail = codec.Over(LongStop)-base.Over(LongStop) >= TailShare
	a.StandsOut = a.More && a.Matters()
	return a
}
