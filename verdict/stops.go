package verdict

import (
	"math"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// The verdict judges a codec against a reference at one level on what the
// rest of the program suffered: how much of the time it was frozen,
// waiting for stops of the world to begin, and how long the long freezes
// were; never one figure such as the longest stop, nor the typical
// (median) stop, which a codec that freezes the program for part of every
// round trip leaves as short as the reference's.
//
// The reference is the control codec when it ran at the level: it keeps
// the Ps as busy as a codec in code the runtime can always preempt, so the
// time the probe queued behind busy goroutines (at 2N), and the stops a
// busy machine's descheduled threads held up, fall on it as on a codec.
// Otherwise it is baseline, which does no work: then only the stops' waits
// count, since the time the probe could not run falls on codecs alone.
//
// Each codec gets one of three answers (Answer), from its effect over the
// reference with a 95% interval (effect.go), in the user's terms: points
// more of the window frozen, and how many more of its stops waited over
// the long-stop bar.
//   - It stands out when its stops waited longer, and not by chance (a
//     one-sided Mann-Whitney U test of its stretches against the
//     reference's reaches StretchAlpha: each stretch, about a turn long,
//     holds how long its stops typically waited, every stop counted with
//     the ones it held up, latency.StretchWaits), and either interval lies
//     wholly above its bar: the program frozen FrozenPoints more of the
//     window, or TailShare more of the stops over LongStop. Stops close in
//     time are not independent samples (one document's non-preemptible
//     decode holds several), stretches of a slice's length nearly are;
//     and the codec's turns alternate with the reference's through the
//     level's window, so both sample the same machine.
//   - It does not when both intervals lie below their bars, on a machine
//     quiet enough to judge.
//   - Otherwise the run cannot tell: an interval straddles its bar, or
//     the machine was too busy (Busy) for an answer of "does not" to mean
//     anything.
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
// LongStop, than under the reference. -frozen-bar and -long-stop change
// the first two (Bars).
const (
	FrozenPoints = 0.03
	LongStop     = 10 * time.Millisecond
	TailShare    = 0.10
)

// Bars are the practical bars a verdict judges by.
type Bars struct {
	Frozen   float64       // points of the window (0.03: 3 points)
	LongStop time.Duration // a stop that waited longer is a long one
	Tail     float64       // share of the stops over LongStop
}

// BarsOf are the bars cfg asks for, the defaults where it asks none.
func BarsOf(cfg results.Config) Bars {
	b := Bars{Frozen: FrozenPoints, LongStop: LongStop, Tail: TailShare}
	if cfg.FrozenBar > 0 {
		b.Frozen = cfg.FrozenBar
	}
	if cfg.LongStop > 0 {
		b.LongStop = cfg.LongStop
	}
	return b
}

// ProbeSlack is how long past its tick the probe may be kept from asking
// for a stop before the time counts as frozen: what a woken goroutine
// waits on a busy program the runtime can preempt. That is the slice of
// the goroutine running on its P (10ms, from when sysmon, which looks up
// to every 10ms, sees it), and then, while the collector marks, a slice
// of its mark worker, which the scheduler runs before any woken goroutine
// (findRunnable). Measured beside control, which the runtime can preempt
// anywhere and which allocates nothing, the probe's gaps reach 22-30ms at
// the 99th percentile and 31ms at the 99.9th (docs/notes-verdict.md,
// "The probe's slack"): at 20ms, 0.6-0.8% of a preemptible program's
// window read as frozen, and the collector's share of a codec's a point or
// two more, enough to leave real documents "cannot tell".
const ProbeSlack = 30 * time.Millisecond

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
	// Ran is how much of Window the program ran (latency.Ran): the time a
	// codec's holds, and the time the probe could not ask, are a share of.
	// Beside other work a program runs part of the wall clock and holds
	// stops for as much less of it; counted against the time it ran, a
	// freeze keeps its size. Window where it was not measured.
	Ran time.Duration
	// Split: the kernel's accounting of each thread split every stop's
	// wait into the program's hold and the machine's (latency.Stop.Hold):
	// then Hist, Waited and KeptOut are the holds, and Machine is what the
	// machine took of the waits and of the probe's lateness.
	Split   bool
	Machine time.Duration
	Noisy   bool // a window of it was NOISY
	// Unprioritized: the probe's thread did not get the kernel's priority
	// in a window of it (results.Responsiveness.STWPrioritized).
	Unprioritized bool
	// Throttled is the most CPU, in cores, the cgroup's quota kept the
	// program from in a window of it (latency.Noise.ThrottledCores).
	Throttled float64
	// Busy is the largest share of the machine's cores that other
	// processes and the hypervisor took in a window of it; 0 when not
	// measured.
	Busy float64
	// MMU is the least utilization any repeat had at each window size;
	// nil without stop records.
	MMU []results.MMUPoint
	// records are every repeat's stop records, stretch and interval how
	// they are cut (see Stretches).
	records           []stopRecords
	stretch, interval time.Duration
}

type stopRecords struct {
	turns []latency.Turn
	stops []latency.Stop
}

// StopsOf pools the stops of rs (one scenario's repeats), forced every
// interval and cut into stretches of stretch; ok is false when none of
// them ran the stop-the-world probe.
func StopsOf(rs []results.Result, stretch, interval time.Duration) (s Stops, ok bool) {
	s.stretch, s.interval = stretch, interval
	s.Split = len(rs) > 0
	for _, r := range rs {
		s.Split = s.Split && r.STWHist != nil && latency.Split(r.STWTurns)
	}
	for _, r := range rs {
		if r.STWHist == nil {
			continue
		}
		if s.Hist == nil {
			s.Hist = latency.NewHistogram()
		}
		if s.Split {
			for _, st := range r.STWStops {
				_ = s.Hist.RecordCorrectedValue(int64(st.Hold), int64(interval))
				s.Waited += st.Hold
			}
			s.Machine += latency.Machine(r.STWTurns, r.STWStops, interval, ProbeSlack)
		} else {
			s.Hist.Merge(r.STWHist)
			s.Waited += r.STWWaited
		}
		s.KeptOut += latency.KeptOut(r.STWTurns, r.STWStops, interval, ProbeSlack)
		s.Window += r.Window
		s.Ran += ranOf(r)
		s.Noisy = s.Noisy || r.Noise.Noisy()
		s.Unprioritized = s.Unprioritized || (r.STWPrioritized != nil && !*r.STWPrioritized)
		if r.Noise != nil {
			s.Throttled = max(s.Throttled, r.Noise.ThrottledCores)
		}
		if n := r.Noise; n != nil && n.Cores > 0 {
			s.Busy = max(s.Busy, (n.OthersCores+n.StealCores+n.ThrottledCores)/float64(n.Cores))
		}
		if len(r.STWTurns) > 0 {
			s.records = append(s.records, stopRecords{r.STWTurns, r.STWStops})
		}
		s.MMU = leastMMU(s.MMU, r.MMU)
	}
	return s, s.Hist != nil
}

// ranOf is how much of r's window the program ran: the window by the
// share its turns ran (latency.Ran over their windows), all of it where
// the turns did not measure it.
func ranOf(r results.Result) time.Duration {
	var turns time.Duration
	for _, t := range r.STWTurns {
		turns += t.Window
	}
	if turns <= 0 {
		return r.Window
	}
	return time.Duration(float64(r.Window) * latency.Ran(r.STWTurns).Seconds() / turns.Seconds())
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

// Waiting is the share of the time the program ran (Ran) that it spent
// waiting for stops to begin.
func (s Stops) Waiting() float64 { return s.shareOfRan(s.Waited) }

// Late is the share of the time the program ran (Ran) that the probe
// could not ask for a stop at all, beyond ProbeSlack: time the program's
// other goroutines could not run either.
func (s Stops) Late() float64 { return s.shareOfRan(s.KeptOut) }

// shareOfRan is d as a share of the time the program ran.
func (s Stops) shareOfRan(d time.Duration) float64 {
	ran := s.Ran
	if ran <= 0 {
		ran = s.Window
	}
	if ran <= 0 {
		return 0
	}
	return d.Seconds() / ran.Seconds()
}

// RanShare is the share of the window the program ran (Ran over Window):
// 1 on a quiet machine, less as other work took its threads' CPUs.
func (s Stops) RanShare() float64 {
	if s.Window <= 0 || s.Ran <= 0 {
		return 1
	}
	return min(1, s.Ran.Seconds()/s.Window.Seconds())
}

// Frozen is the share of the window the program was frozen: its stops'
// waits and the time the probe could not run to ask for one. The table is
// sorted by it, worst first.
func (s Stops) Frozen() float64 { return min(1, s.Waiting()+s.Late()) }

// MachineShare is the share of the window the machine took of the stops'
// waits and of the probe's lateness (0 where the waits were not split).
func (s Stops) MachineShare() float64 {
	if s.Window <= 0 {
		return 0
	}
	return s.Machine.Seconds() / s.Window.Seconds()
}

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

// WaitQuantile is the stop at quantile q, the time the probe could not
// ask for one counted as stops that waited that long when late (each
// gap beyond ProbeSlack, with the stops it kept the probe from asking for,
// as the histogram counts a stuck stop): the quantile a freeze budget is
// judged on. Without stop records it is Quantile.
func (s Stops) WaitQuantile(q float64, late bool) time.Duration {
	if !late || len(s.records) == 0 {
		return s.Quantile(q)
	}
	h := latency.NewHistogram()
	h.Merge(s.Hist)
	for _, r := range s.records {
		for _, d := range latency.LateGaps(r.turns, r.stops, s.interval, ProbeSlack) {
			_ = h.RecordCorrectedValue(int64(d), int64(s.interval))
		}
	}
	return latency.Quantiles(h, q)[0]
}

// Max is the longest stop.
func (s Stops) Max() time.Duration { return time.Duration(s.Hist.Max()) }

// Stretches are the stretches of every repeat's turns (latency.Stretches),
// in order, long stops being those over long; nil for a file without stop
// records.
func (s Stops) Stretches(long time.Duration) []latency.Stretch {
	var out []latency.Stretch
	for _, r := range s.records {
		out = append(out, latency.Stretches(r.turns, r.stops, s.stretch, s.interval, ProbeSlack, long)...)
	}
	return out
}

// typicalWaits are the typical waits of the stretches the test compares
// (latency.StretchWaits), the time the probe could not ask counted only
// when late.
func (s Stops) typicalWaits(late bool) []float64 {
	slack := time.Duration(math.MaxInt64 / 4) // never late
	if late {
		slack = ProbeSlack
	}
	var out []float64
	for _, r := range s.records {
		out = append(out, latency.StretchWaits(r.turns, r.stops, s.stretch, s.interval, slack)...)
	}
	return out
}
