// A level's verdict in words: its conclusions (the lines scripts read),
// each codec's sentence, what it was judged against, how long it ran, and
// the caveat of a busy machine.

package verdict

import (
	"fmt"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// Sentences are the sentences of the codecs that stand out: the console
// prints them under the conclusion.
func (v Level) Sentences() []string {
	var out []string
	for _, cv := range v.Codecs {
		if cv.StandsOut() {
			out = append(out, v.Sentence(cv))
		}
	}
	return out
}

// Reasons are the sentences of the codecs that do not stand out, saying
// where their effect lay: the console prints them under -v, and those of
// the codecs it cannot tell always.
func (v Level) Reasons() []string {
	var out []string
	for _, cv := range v.Codecs {
		if w := v.Sentence(cv); w != "" && !cv.StandsOut() {
			out = append(out, w)
		}
	}
	return out
}

// Reference says what the level's codecs were judged against, for the
// head of its section: "control's in the same run (...)".
func (v Level) Reference() string {
	if v.RefName() == results.Control && v.countsLate() {
		return "control's in the same run (as busy as a codec, but always preemptible)"
	}
	if v.RefName() == results.Control {
		return "control's in the same run (the waits alone: at more pairs than Ps the probe queues behind them whatever the codec)"
	}
	if r := v.Ref; r != nil && r.Result.Procs > 0 && !results.RunsAt(results.Control, r.Result.Pairs, r.Result.Procs) {
		return v.RefName() + "'s in the same run (the waits alone: control runs only at as many pairs as Ps, where the time the probe could not run counts)"
	}
	return v.RefName() + "'s in the same run (the waits alone; add control to -impls to count the time the probe could not run)"
}

// FrozenOf is the share of the window s (c's stops, or the reference's
// to set beside c's) froze the program in the verdict's terms at the
// level: its stops' waits, and the time the probe could not run where it
// counts for c (CountsLateFor).
func (v *Level) FrozenOf(c Codec, s Stops) float64 { return frozenOf(s, v.CountsLateFor(c)) }

// CountsLate says whether the level counts the time the probe could not
// run as frozen (against control, at no more pairs than Ps).
func (v *Level) CountsLate() bool { return v.countsLate() }

// CountsLateFor says whether the time the probe could not run counts as
// frozen for c (a codec of the level or its reference), as FrozenOf and
// BudgetStop count it: where the level counts it, unless c's program or
// the reference's was too starved to split it (MinRanShare).
func (v *Level) CountsLateFor(c Codec) bool {
	return v.countsLate() && !starved(c.Stops, v.Ref.Stops)
}

// frozenOf is the share of the window s froze the program in the
// judgement's terms: the stops' waits, and the time the probe could not
// run when late counts.
func frozenOf(s Stops, late bool) float64 {
	if late {
		return s.Frozen()
	}
	return s.Waiting()
}

// Conclusions are the lines scripts read, one or two: "stands out from
// REF: NAME (...), NAME (...)", or "no codec stands out from REF at LEVEL
// (...)" and why; then, when a codec's answer is neither, "cannot tell
// at LEVEL: NAME (...), ..." and what would settle it.
func (v Level) Conclusions() []string {
	if v.Ref == nil || !v.Ref.HasSTW {
		return []string{fmt.Sprintf("no verdict at %s: neither baseline nor control ran at this level, and a codec is judged against one", v.Label)}
	}
	var out []string
	ref, b := v.RefName(), v.Bars
	if stand := v.Answers(StandsOut); len(stand) > 0 {
		var items []string
		for _, cv := range stand {
			s, rs := cv.Stops, v.Ref.Stops
			items = append(items, fmt.Sprintf("%s (froze the program %s of the window against %s: %s points; %s of its stops over %s against %s; %s)",
				cv.Result.Codec, format.Percent(frozenOf(s, cv.Late)), format.Percent(frozenOf(rs, cv.Late)), points(cv.Effect.Frozen, cv.HasEffect),
				format.Percent(s.Over(b.LongStop)), b.LongStop, format.Percent(rs.Over(b.LongStop)), cv.evidence()))
		}
		out = append(out, "stands out from "+ref+": "+strings.Join(items, ", "))
	} else if not := v.Answers(DoesNot); len(not) > 0 || len(v.Answers(CannotTell)) == 0 {
		var items []string
		for _, cv := range not {
			items = append(items, cv.Result.Codec+" "+points(cv.Effect.Frozen, cv.HasEffect))
		}
		if len(items) == 0 {
			out = append(out, fmt.Sprintf("no codec stands out from %s at %s (no codec had stops to judge)", ref, v.Label))
		} else {
			out = append(out, fmt.Sprintf("no codec stands out from %s at %s (%s points of the window frozen; all under the bar of %s points, and of %s more of the stops over %s)",
				ref, v.Label, strings.Join(items, ", "), Bar(b.Frozen), Bar(b.Tail)+"%", b.LongStop))
		}
	}
	if c := v.cannotTell(); c != "" {
		out = append(out, c)
	}
	return out
}

// Conclusion is the Conclusions on one line each, joined by newlines.
func (v Level) Conclusion() string { return strings.Join(v.Conclusions(), "\n") }

// cannotTell is the line of the codecs the run could not tell, and what
// would settle it; "" when there are none.
func (v Level) cannotTell() string {
	items := v.Undecided()
	if items == "" {
		return ""
	}
	return fmt.Sprintf("cannot tell at %s: %s; %s", v.Label, items, v.Settle(CommandTerms))
}

// Undecided is the codecs the run could not tell, each with its effect
// against the bars; "" when there are none.
func (v Level) Undecided() string {
	b := v.Bars
	var items []string
	for _, cv := range v.Answers(CannotTell) {
		f := cv.Effect.Frozen
		item := fmt.Sprintf("%s (%s points, %s, against a bar of %s", cv.Result.Codec, Points(f.Est), Range(f), Bar(b.Frozen))
		if t := cv.Effect.Tail; !t.Below(b.Tail) {
			item += fmt.Sprintf("; %s of its stops over %s, %s, against a bar of %s", Points(t.Est)+"%", b.LongStop, Range(t), Bar(b.Tail)+"%")
		}
		items = append(items, item+")")
	}
	return strings.Join(items, ", ")
}

// extendedWindow is how long, in tenths of -duration, a codec's window
// must be for Ran to say the verdict extended it: an extension adds half
// a window at least (1.5), and a window without one runs about -duration,
// so the line falls between the two.
const extendedWindow = 14

// shownTo is what Ran rounds a window to: a tenth of a second, as the
// section's head prints it.
const shownTo = 100 * time.Millisecond

// Ran says how long the level ran: "2s a codec", or, when the verdict kept
// some codecs' turns going until it could tell, which and how long.
func (v Level) Ran() string {
	all := v.all()
	base := time.Duration(0)
	var longer []string
	var longest time.Duration
	for _, cv := range all {
		if !cv.HasSTW {
			continue
		}
		w := cv.Stops.Window
		if v.Duration > 0 && v.Until > v.Duration && w >= v.Duration*extendedWindow/10 {
			longer = append(longer, cv.Result.Codec)
			longest = max(longest, w)
		} else {
			base = max(base, w)
		}
	}
	if base == 0 { // every codec went on past the window
		base = v.Duration
	}
	out := fmtSeconds(base.Round(shownTo)) + " a codec"
	if len(longer) > 0 {
		out += fmt.Sprintf("; %s until sure, up to %s", strings.Join(longer, ", "), fmtSeconds(longest.Round(shownTo)))
	}
	return out
}

// Caveat is a line that follows the conclusion when the machine was too
// busy for it to be the codecs' alone; "" otherwise.
func (v Level) Caveat() string {
	busy := v.busiest()
	if busy < BusyShare || v.Ref == nil || len(v.Answers(StandsOut)) == 0 || v.Split() {
		return ""
	}
	if v.RefName() == results.Control {
		return fmt.Sprintf("the machine was busy: other processes took up to %.0f%% of its cores in this level's windows; control kept its Ps as busy as a codec, so the noise fell on it too, but run again on a quieter machine before acting on this",
			100*busy)
	}
	return fmt.Sprintf("the machine was busy: other processes took up to %.0f%% of its cores in this level's windows, and a busy machine delays the stops of a codec that keeps its Ps busy more than baseline's; run again on a quieter machine before acting on this (or add control to -impls: a reference as busy as a codec)",
		100*busy)
}

// evidence is the test's p and what it was over.
func (cv Codec) evidence() string {
	if cv.ByStops {
		return fmt.Sprintf("%s over %d stops", PValue(cv.P), cv.Samples)
	}
	return fmt.Sprintf("%s over %d stretches", PValue(cv.P), cv.Samples)
}

// Sentence is one codec in the user's terms: how much of the window it
// froze the program against the reference, its effect with the interval,
// how long one stop in ten and the worst waited, and, for one that stands
// out, the culprit when one is named; for one that does not or cannot be
// told, why, when the conclusion's few words leave something out.
func (v Level) Sentence(cv Codec) string {
	if !cv.Tested {
		return ""
	}
	s, rs, ref, b := cv.Stops, v.Ref.Stops, v.RefName(), v.Bars
	frozen := fmt.Sprintf("froze the program %s of the window (%s %s)", format.Percent(s.Waiting()), ref, format.Percent(rs.Waiting()))
	if s.KeptOut > 0 {
		frozen += fmt.Sprintf(" and kept its other goroutines from running %s more (%s %s)", format.Percent(s.Late()), ref, format.Percent(rs.Late()))
	}
	effect := fmt.Sprintf("%s points of the window frozen", points(cv.Effect.Frozen, cv.HasEffect))
	if t := cv.Effect.Tail; t.Hi > 0 || t.Lo < 0 {
		effect += fmt.Sprintf(" and %s of its stops over %s", PointsPercent(t, cv.HasEffect), b.LongStop)
	}
	tail := fmt.Sprintf("one stop in ten waited over %s", format.Duration(s.Quantile(0.9)))
	switch cv.Answer {
	case StandsOut:
		out := fmt.Sprintf("%s %s: %s; %s; worst %s", cv.Result.Codec, frozen, effect, tail, format.Duration(s.Max()))
		if c := cv.Result.Culprit; c != nil {
			out += fmt.Sprintf("; culprit %s held a %s stop", shortCulprit(cv.Result), format.Duration(c.Stall))
		}
		return out
	case CannotTell:
		return fmt.Sprintf("%s cannot be told: it %s: %s, against bars of %s points and %s%% (%s); %s%s", cv.Result.Codec, frozen, effect,
			Bar(b.Frozen), Bar(b.Tail), cv.evidence(), tail, v.longest(cv))
	}
	return fmt.Sprintf("%s does not: it %s: %s, under the bars of %s points and %s%% (%s); %s%s", cv.Result.Codec, frozen, effect,
		Bar(b.Frozen), Bar(b.Tail), cv.evidence(), tail, v.longest(cv))
}

// longest adds the longest stop to the sentence of a codec that does not
// stand out when that stop alone was a stall (-stall): a freeze worth
// knowing of, which the verdict does not count on its own.
func (v Level) longest(cv Codec) string {
	if m := cv.Stops.Max(); v.Stall > 0 && m >= v.Stall {
		return fmt.Sprintf("; its longest stop %s", format.Duration(m))
	}
	return ""
}
