// Package verdict judges, per level of a run, whether a codec froze the
// rest of the program more than the reference did, and words it; it also
// ranks each level's codecs by round trips per second (ranking.go). The
// console and the page both print from it.
//
// The reference is control (as busy as a codec, in code the runtime can
// always preempt) where it runs, at as many pairs as Ps; baseline (no JSON
// work: what the harness, the probes and the machine do on their own) at
// the other levels. The codecs of a level take turns in its window, so
// steal and other processes fall on the reference as on every codec; and
// where the kernel splits each stop's wait (latency.Stop.Hold), the
// verdict judges only the time the program held its stops, the machine's
// share shown apart. The test and its bars are Judge's (stops.go); this
// file groups the levels, words.go words the result.
//
// A NOISY window still marks its row, but decides nothing: the noise fell
// on the reference too.
package verdict

import (
	"slices"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// Level is one level's verdict: every codec but the references, the one
// that kept the program frozen longest first, and baseline and control
// apart.
type Level struct {
	Input   string
	Label   string
	Base    *Codec // nil: no baseline ran at this level
	Control *Codec // nil: no control ran at this level
	// Ref is what the codecs are judged against: Control when it ran with
	// stops, else Base (nil: neither).
	Ref    *Codec
	Codecs []Codec
	// STW says whether any row of the level ran the stop-the-world probe.
	STW bool
	// Stall is the run's -stall, for the sentences; Bars what it judged
	// by; Duration its -duration, to say how long a level ran.
	Stall    time.Duration
	Bars     Bars
	Duration time.Duration
	// Until is the run's -until: 0, no level went on past its window.
	Until time.Duration
}

// Codec is one codec at one level against the reference.
type Codec struct {
	Result results.Result // the level's row (a repeated run's medians)
	Stops  Stops
	HasSTW bool
	// Tested: there was a reference to test against, and Against says how
	// its stops compared.
	Tested bool
	Against
}

// Levels judges each level of rows (one per scenario: a repeated
// run's medians). repeats, when not nil, holds every repeat by key, whose
// stops are pooled; cfg gives the stall.
func Levels(cfg results.Config, rows []results.Result, repeats map[results.Key][]results.Result) []Level {
	var out []Level
	for _, l := range results.EncdecLevels(rows) {
		v := Level{Input: l.Input, Label: l.Label, Stall: cfg.Stall, Bars: BarsOf(cfg), Duration: cfg.Duration, Until: cfg.Until}
		var codecs []Codec
		for _, r := range l.Rows {
			rs := repeats[r.Key()]
			if rs == nil {
				rs = []results.Result{r}
			}
			cv := Codec{Result: r}
			cv.Stops, cv.HasSTW = StopsOf(rs, stretchOf(cfg), cfg.STW)
			v.STW = v.STW || cv.HasSTW
			switch r.Codec {
			case results.Baseline:
				v.Base = &cv
			case results.Control:
				v.Control = &cv
			default:
				codecs = append(codecs, cv)
			}
		}
		v.Ref = v.Base
		if v.Control != nil && v.Control.HasSTW {
			v.Ref = v.Control
		}
		if len(codecs) == 0 || !v.STW {
			continue // nothing to judge: -stw 0 turned the verdict off
		}
		for _, cv := range codecs {
			v.Codecs = append(v.Codecs, v.judge(cv))
		}
		slices.SortStableFunc(v.Codecs, func(a, b Codec) int {
			if c := compareFrozen(b, a); c != 0 {
				return c
			}
			return results.CodecRank(a.Result.Codec) - results.CodecRank(b.Result.Codec)
		})
		out = append(out, v)
	}
	return out
}

// stretchOf is the length of the stretches the verdict's test compares: a
// turn, or StretchLength when the codecs did not take turns (-slice 0, or
// a slice as long as the window).
func stretchOf(cfg results.Config) time.Duration {
	if cfg.Slice > 0 && cfg.Slice < cfg.Duration {
		return cfg.Slice
	}
	return StretchLength
}

// compareFrozen orders by frozen share; a codec without stops comes last.
func compareFrozen(a, b Codec) int {
	switch {
	case a.HasSTW != b.HasSTW:
		if a.HasSTW {
			return 1
		}
		return -1
	case !a.HasSTW:
		return 0
	}
	x, y := a.Stops.Frozen(), b.Stops.Frozen()
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// judge tests cv's stops against the reference's.
func (v *Level) judge(cv Codec) Codec {
	if !cv.HasSTW || v.Ref == nil || !v.Ref.HasSTW || cv.Stops.N() == 0 || v.Ref.Stops.N() == 0 {
		return cv
	}
	cv.Tested, cv.Against = true, Judge(cv.Stops, v.Ref.Stops, v.Bars, v.CountsLateFor(cv), v.Duration)
	return cv
}

// countsLate says whether the time the probe could not run counts as
// frozen at the level: against control, at a level of no more pairs than
// Ps. Past that (2N) the pairs keep more goroutines runnable than there
// are Ps, and the probe queues behind them by construction: on
// citm-catalog at 4x every codec was 3-17% late and control 4-8%, in an
// order set by how often each codec's pairs hand a P over as much as by
// what the runtime could not preempt (docs/notes-verdict.md).
func (v *Level) countsLate() bool {
	if v.Ref == nil || v.Ref.Result.Codec != results.Control {
		return false
	}
	r := v.Ref.Result
	return r.Procs <= 0 || r.Pairs <= r.Procs
}

// RefName is the reference's name ("control" or "baseline"), "baseline"
// when none ran.
func (v Level) RefName() string {
	if v.Ref == nil {
		return results.Baseline
	}
	return v.Ref.Result.Codec
}

// Answers are the level's codecs with answer a, in the table's order.
func (v Level) Answers(a Answer) []Codec {
	var out []Codec
	for _, cv := range v.Codecs {
		if cv.Tested && cv.Answer == a {
			out = append(out, cv)
		}
	}
	return out
}

// Of judges run level by level, as the console does: a repeated run's
// levels from its medians, each codec's stops pooled over its repeats.
func Of(run *results.Run) []Level {
	rows, repeats := asPrinted(run)
	return Levels(run.Config, rows, repeats)
}

// asPrinted is run's rows as the console prints them, one per scenario (a
// repeated run's medians), and every repeat by key (nil for one run).
func asPrinted(run *results.Run) (rows []results.Result, repeats map[results.Key][]results.Result) {
	if run.Config.Repeats() == 1 {
		return run.Results, nil
	}
	repeats, _ = results.GroupByKey(run.Results)
	for _, g := range results.GroupRepeats(run) {
		rows = append(rows, g.Median)
	}
	return rows, repeats
}

// StandsOut says whether a codec of the level stands out: the conclusion
// names it.
func (v Level) StandsOut() bool {
	return slices.ContainsFunc(v.Codecs, func(cv Codec) bool { return cv.StandsOut() })
}

// Record is what the verdict says of run, level by level, as -json keeps
// it.
func Record(run *results.Run) []results.VerdictLevel {
	var out []results.VerdictLevel
	for _, v := range Of(run) {
		vl := results.VerdictLevel{Input: v.Input, Label: v.Label, Reference: v.RefName(), Conclusions: v.Conclusions()}
		for _, cv := range v.Codecs {
			if !cv.Tested {
				continue
			}
			vl.Codecs = append(vl.Codecs, results.VerdictCodec{Codec: cv.Result.Codec, Answer: cv.Answer.String(), Frozen: cv.Effect.Frozen,
				Tail: cv.Effect.Tail, P: cv.P, Busy: cv.Busy, Split: cv.Stops.Split, Machine: cv.Stops.MachineShare(), WindowNs: int64(cv.Stops.Window)})
		}
		out = append(out, vl)
	}
	return out
}
