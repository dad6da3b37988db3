package latency

import (
	"math"
	"slices"
	"time"
)

// StretchWaits cuts turns into stretches of about length (a turn shorter
// than 1.5 lengths stays whole) and returns, for each stretch that holds a
// stop, how long its stops typically waited to begin: the mean of their
// waits' logarithms (log10 of nanoseconds, waits under StretchFloor read
// as StretchFloor). Each stop counts in the stretch it was asked for in
// and, like Recorder.RecordCorrected, with the stops a stuck one kept a
// probe asking every interval from asking. The time the probe could not
// run to ask at all (KeptOut, beyond slack) counts as a stop that waited
// that long, due one interval after the stop before it ended: a codec
// that holds every P starves the probe of the very stops that would show
// it, and a stretch it starved of all of them would otherwise say nothing.
// A stretch without either is left out.
//
// These are the verdict's samples. A stretch of a slice's length is long
// against one freeze (a document's non-preemptible decode), so neighbouring
// stretches are close to independent where neighbouring stops are not. The
// mean of logarithms takes in every stop, the long ones a codec holds up
// for part of each round trip as much as the short ones around them, and a
// 200ms stop that the machine's other processes held up is 0.3 decades
// above a 100ms one, not twice it.
func StretchWaits(turns []Turn, stops []Stop, length, interval, slack time.Duration) []float64 {
	var out []float64
	for _, s := range Stretches(turns, stops, length, interval, slack, 0) {
		if s.Weight > 0 {
			out = append(out, s.logs/float64(s.Weight))
		}
	}
	return out
}

// Stretch is what one stretch of a probe's turns held: how long it lasted,
// how long the program waited in it for its stops to begin, how long the
// probe could not even ask for one (beyond the slack), and its stops
// counted as Recorder.RecordCorrected counts them (a stuck stop with the
// ones it kept the probe from asking for; Weight adds a gap the probe
// could not ask in as a stop that waited that long, Stops does not).
// Long is how many of Stops waited over the long-stop bar Stretches was
// given: the stops' tail as their histogram has it.
type Stretch struct {
	Window time.Duration
	// Ran is how much of Window the program ran (Turn.Ran): the time its
	// holds are a share of.
	Ran     time.Duration
	Waited  time.Duration
	KeptOut time.Duration
	// Machine is the time the machine took of the stops' waits and of the
	// probe's lateness (Stop.Hold, Stop.Queued): kept out of Waited and
	// KeptOut, which are the program's own.
	Machine time.Duration
	Weight  int64
	Stops   int64
	Long    int64
	logs    float64 // the weighted logs of its waits, for StretchWaits
	// waits are its recorded stops' waits (holds, where split) and gaps
	// its late gaps, one by one, uncorrected: what a quantile of the
	// stops' waits resampled stretch by stretch reads (Waits).
	waits, gaps []time.Duration
}

// Waits are the stretch's stops' waits one by one, as recorded (each
// stop once, not with the stops it kept the probe from asking for), and
// with late the gaps the probe could not ask in (KeptOut's, one by one,
// as LateGaps has them) after them.
func (s Stretch) Waits(late bool) []time.Duration {
	if !late {
		return s.waits
	}
	return append(slices.Clone(s.waits), s.gaps...)
}

// Running is how long the program ran of the stretch: Ran, or its whole
// window where that was not measured.
func (s Stretch) Running() time.Duration {
	if s.Ran > 0 {
		return s.Ran
	}
	return s.Window
}

// Stretches cuts turns into stretches of about length of the time the
// program ran (a turn shorter than 1.5 lengths stays whole, and turns that
// ran under half a length each are taken together, turnsPerStretch; length
// 0: a stretch per turn) and adds up what
// each held (Stretch), every stretch kept, in order, even one without a
// stop. Only the recorded stops count towards Long, a gap the probe could
// not ask in does not: Long is the stops' tail as the histogram has it.
func Stretches(turns []Turn, stops []Stop, length, interval, slack, long time.Duration) []Stretch {
	type cut struct {
		from, window time.Duration
		first, k     int
	}
	cuts := make([]cut, len(turns))
	var out []Stretch
	var from time.Duration
	m := turnsPerStretch(turns, length)
	for i, t := range turns {
		if m > 1 {
			if i%m == 0 {
				out = append(out, Stretch{})
			}
			s := &out[len(out)-1]
			s.Window += t.Window
			s.Ran += t.ranOf(t.Window)
			cuts[i] = cut{from: from, window: t.Window, first: len(out) - 1, k: 1}
			from += t.Window
			continue
		}
		k := 1
		if length > 0 {
			k = max(1, int((t.ranOf(t.Window)+length/2)/length))
		}
		cuts[i] = cut{from: from, window: t.Window, first: len(out), k: k}
		for j := range k {
			w := t.Window / time.Duration(k)
			if j == k-1 {
				w = t.Window - w*time.Duration(k-1)
			}
			out = append(out, Stretch{Window: w, Ran: t.ranOf(w)})
		}
		from += t.Window
	}
	add := func(turn int, at, wait, machine time.Duration, recorded bool) {
		c := cuts[turn]
		j := 0
		if c.window > 0 {
			j = min(c.k-1, max(0, int(int64(at-c.from)*int64(c.k)/int64(c.window))))
		}
		s := &out[c.first+j]
		s.Machine += machine
		if wait <= 0 && !recorded {
			return // the machine's alone
		}
		every := turns[turn].every(interval)
		w := int64(1)
		if every > 0 {
			w = max(1, int64(wait/every)) // as hdrhistogram's RecordCorrectedValue fills in
		}
		s.Weight += w
		s.logs += float64(w) * math.Log10(float64(max(wait, StretchFloor)))
		if recorded {
			s.waits = append(s.waits, wait)
			s.Stops += w
			s.Waited += wait
			if long > 0 {
				s.Long += correctedOver(wait, every, long)
			}
		} else {
			s.gaps = append(s.gaps, wait)
			s.KeptOut += wait
		}
	}
	walk(turns, stops, interval, slack, func(turn int, l late, s *Stop) {
		if l.held+l.machine > 0 {
			add(turn, l.due, l.held, l.machine, false)
		}
		if s != nil {
			hold := s.Held(turns[turn].Split)
			add(turn, s.At, hold, s.Begin-hold, true)
		}
	})
	return out
}

// turnsPerStretch is how many turns make one stretch of about length of
// the time the program ran: 1, unless its turns ran under half a length
// each on the average (a starved program's slices), when as many as add
// up to about length. A stretch is the verdict's sample: a slice of a
// program that got a seventh of its CPU holds a stop or two where a quiet
// one holds ten, and a stretch of one stop either met a freeze or did
// not; taken together, a starved program's stretches hold as many stops
// as a quiet one's, and its windows of as many stops settle as often
// (docs/notes-verdict.md, issue 51's tenth look).
func turnsPerStretch(turns []Turn, length time.Duration) int {
	if length <= 0 || len(turns) == 0 {
		return 1
	}
	per := Ran(turns) / time.Duration(len(turns))
	if per <= 0 || per >= length/2 {
		return 1
	}
	return int((length + per/2) / per)
}

// correctedOver is how many of the values hdrhistogram's
// RecordCorrectedValue records for wait (wait, wait-interval, ... down to
// interval) are over long.
func correctedOver(wait, interval, long time.Duration) int64 {
	if wait <= long {
		return 0
	}
	if interval <= 0 || wait <= interval {
		return 1
	}
	// wait - k*interval > long for k = 0 .. (wait-long-1)/interval, and
	// the filled-in values stop at interval
	n := int64((wait-long-1)/interval) + 1
	return min(n, int64(wait/interval))
}

// StretchFloor is the shortest wait StretchWaits tells apart: the
// runtime's stopping latency of an idle program is tens of microseconds.
const StretchFloor = 10 * time.Microsecond
