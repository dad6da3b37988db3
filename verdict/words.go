package verdict

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// Table is the level's table, its head first: the codec that kept the
// program frozen longest first, the references last; the machine, noise
// and culprit columns only when a row has one. Where the kernel split
// each stop's wait (Stops.Split), the stw.* columns, "waiting" and "late"
// are the time the program held its stops, and "machine" the share of the
// window the machine took of their waits and of the probe's lateness. ">1ms" and ">10ms" (the long
// stop) are the shares of the stops that waited that long to begin,
// "waiting" the share of the window the program waited for stops to
// begin, "late" the share in which the probe could not even run to ask
// for one (beyond ProbeSlack); "vs REF" the points of the window the
// codec froze the program beyond the reference, with its 95% interval,
// then the test's p and the answer.
func (v Level) Table() [][]string {
	all := v.all()
	culprits := slices.ContainsFunc(all, func(cv Codec) bool { return cv.Result.Culprit != nil })
	noisy := slices.ContainsFunc(all, func(cv Codec) bool { return cv.Stops.Noisy })
	long := v.Bars.LongStop
	split := slices.ContainsFunc(all, func(cv Codec) bool { return cv.Stops.Split })
	head := []string{"codec", "stops", "stw.p50", "stw.p90", "stw.p99", "stw.max", ">1ms", ">" + long.String(), "waiting", "late"}
	if split {
		head = append(head, "machine")
	}
	head = append(head, "vs "+v.RefName(), "p", "answer")
	figures := len(head) - 1
	if noisy {
		head = append(head, "noise")
	}
	if culprits {
		head = append(head, "culprit")
	}
	table := [][]string{head}
	for _, cv := range all {
		line := []string{cv.Result.Codec}
		if cv.HasSTW {
			s := cv.Stops
			line = append(line, fmt.Sprint(s.N()), format.Duration(s.Quantile(0.5)), format.Duration(s.Quantile(0.9)),
				format.Duration(s.Quantile(0.99)), format.Duration(s.Max()), format.Percent(s.Over(time.Millisecond)),
				format.Percent(s.Over(long)), format.Percent(s.Waiting()), format.Percent(s.Late()))
			if split {
				line = append(line, format.Percent(s.MachineShare()))
			}
			line = append(line, cv.against()...)
		} else {
			for range figures {
				line = append(line, "-")
			}
		}
		if noisy {
			line = append(line, map[bool]string{true: "NOISY"}[cv.Stops.Noisy])
		}
		if culprits {
			line = append(line, shortCulprit(cv.Result))
		}
		table = append(table, line)
	}
	return table
}

// all is every codec of the level, the references last: control, then
// baseline.
func (v Level) all() []Codec {
	out := slices.Clone(v.Codecs)
	for _, r := range []*Codec{v.Control, v.Base} {
		if r != nil {
			out = append(out, *r)
		}
	}
	return out
}

// MMUTable is the least share of any window of 1ms, 10ms and 100ms
// (latency.MMUWindows) in which the program ran, per codec, its head
// first; nil when no row has it (a file from before the stop records).
func (v Level) MMUTable() [][]string {
	all := v.all()
	if !slices.ContainsFunc(all, func(cv Codec) bool { return len(cv.Stops.MMU) > 0 }) {
		return nil
	}
	table := [][]string{{"codec"}}
	for _, w := range latency.MMUWindows {
		table[0] = append(table[0], "mmu("+w.String()+")")
	}
	for _, cv := range all {
		line := []string{cv.Result.Codec}
		for _, w := range latency.MMUWindows {
			cell := "-"
			for _, p := range cv.Stops.MMU {
				if p.Window == w {
					cell = format.Percent(p.Utilization)
				}
			}
			line = append(line, cell)
		}
		table = append(table, line)
	}
	return table
}

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

// against is a row's last three cells: its effect over the reference
// (points of the window frozen, with the interval), the test's p, and the
// answer; blank for a reference, "-" for a codec not tested.
func (cv Codec) against() []string {
	switch {
	case results.IsReference(cv.Result.Codec):
		return []string{"", "", ""}
	case !cv.Tested:
		return []string{"-", "-", "-"}
	}
	return []string{points(cv.Effect.Frozen, cv.HasEffect), fmtP(cv.P), cv.Answer.String()}
}

// points prints an effect on the frozen share in points, "+3.5 (2.1 to
// 4.9)", or its estimate alone when it has no interval.
func points(iv Interval, withInterval bool) string {
	if !withInterval {
		return Points(iv.Est)
	}
	return fmt.Sprintf("%s (%s)", Points(iv.Est), Range(iv))
}

// Points prints a share in points of the window (or percent) to one
// decimal, signed, never "-0.0": "+3.5", "+0.0", "-1.2".
func Points(share float64) string { return pts(share, 1, true) }

// Range prints an interval's bounds in points to one decimal: "2.1 to
// 4.9".
func Range(iv Interval) string { return pts(iv.Lo, 1, false) + " to " + pts(iv.Hi, 1, false) }

// Bar prints a bar in points (or percent), "3" or "2.5".
func Bar(share float64) string { return strings.TrimSuffix(pts(share, 1, false), ".0") }

// pts prints share x 100 with decimals places, signed when sign; a value
// that rounds to zero reads as zero, never as "-0".
func pts(share float64, decimals int, sign bool) string {
	f := "%." + strconv.Itoa(decimals) + "f"
	if sign {
		f = "%+." + strconv.Itoa(decimals) + "f"
	}
	out := fmt.Sprintf(f, 100*share)
	if strings.Trim(out, "+-0.") == "" { // a rounded zero
		out = fmt.Sprintf(f, 0.0)
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

// frozenOf is the share of the window s froze the program in the
// judgement's terms: the stops' waits, and the time the probe could not
// run when late counts.
// FrozenOf is the share of the window s froze the program in the
// verdict's terms at the level: its stops' waits, and the time the probe
// could not run where the level counts it (against control, at no more
// pairs than Ps).
func (v *Level) FrozenOf(s Stops) float64 { return frozenOf(s, v.countsLate()) }

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

// Terms are the words Settle names its remedies in: the command's flags,
// or the freeze guard's options.
type Terms struct {
	Duration, Quieter string
}

var (
	// CommandTerms are the pingpong command's.
	CommandTerms = Terms{Duration: "-duration %s", Quieter: "run again on a quieter machine"}
	// GuardTerms are package pingpongtest's.
	GuardTerms = Terms{Duration: "pingpongtest.Duration(%s) with pingpongtest.Until of at least that", Quieter: "run the test where other work does not take the machine's cores, or leave it to Strict to fail"}
)

// PracticalWindows is how many times the window a remedy may propose:
// past it, the effect is too close to the bar to settle here.
const PracticalWindows = 4

// Settle says what would settle the codecs the run could not tell, in
// terms: a quieter machine when it was too busy to judge (where the
// stops' waits could not be split into the codec's and the machine's);
// a window up to PracticalWindows times as long, when that would clear
// the widest interval of its bar were the effect what it was; else that
// the effect lies too close to the bar to settle here.
func (v Level) Settle(terms Terms) string {
	undecided := v.Answers(CannotTell)
	if len(undecided) == 0 {
		return ""
	}
	if slices.ContainsFunc(undecided, func(cv Codec) bool { return cv.Busy }) {
		return fmt.Sprintf("the machine was too busy to judge, and this system does not say how much of a stop's wait was the machine's (%s itself waited for stops %s of the window; other processes took up to %.0f%% of its cores): %s",
			v.RefName(), format.Percent(v.Ref.Stops.Waiting()), 100*v.busiest(), terms.Quieter)
	}
	var ran, need time.Duration
	for _, cv := range undecided {
		w, n := v.toSettle(cv)
		ran, need = max(ran, w), max(need, n)
	}
	need = need.Round(time.Second) + time.Second
	if need > PracticalWindows*ran {
		return fmt.Sprintf("the level ran %s a codec, and the effect lies too close to the bar for a window of a few times that to settle it", fmtSeconds(ran))
	}
	return fmt.Sprintf("the level ran %s a codec; a window of %s would likely settle it (%s)", fmtSeconds(ran), fmtSeconds(need), fmt.Sprintf(terms.Duration, fmtSeconds(need)))
}

// toSettle is how long cv's window ran (the shorter of its and the
// reference's), and how long it would have to run for every interval of
// its to clear its bar, were its effect what it was: an interval narrows
// as the square root of the window, and an effect on the bar takes ten
// times the window (no window settles it soon).
func (v Level) toSettle(cv Codec) (ran, need time.Duration) {
	ran = min(cv.Stops.Window, v.Ref.Stops.Window)
	need = ran
	b := v.Bars
	for _, x := range []struct {
		iv  Interval
		bar float64
	}{{cv.Effect.Frozen, b.Frozen}, {cv.Effect.Tail, b.Tail}} {
		if x.iv.Above(x.bar) || x.iv.Below(x.bar) {
			continue
		}
		half, gap := (x.iv.Hi-x.iv.Lo)/2, math.Abs(x.iv.Est-x.bar)
		f := 10.0
		if gap > 0 {
			f = min(f, 1.2*(half/gap)*(half/gap))
		}
		need = max(need, time.Duration(f*float64(ran)))
	}
	return ran, need
}

// Split says whether every codec's stops of the level, the references'
// too, had their waits split into the program's hold and the machine's.
func (v Level) Split() bool {
	all := v.all()
	return len(all) > 0 && !slices.ContainsFunc(all, func(cv Codec) bool { return cv.HasSTW && !cv.Stops.Split })
}

// busiest is the largest share of the cores others took in a window of
// the level.
func (v Level) busiest() float64 {
	busy := 0.0
	for _, cv := range v.all() {
		busy = max(busy, cv.Stops.Busy)
	}
	return busy
}

func fmtSeconds(d time.Duration) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.1f", d.Seconds()), "0"), ".") + "s"
}

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
		if v.Duration > 0 && v.Until > v.Duration && w >= v.Duration*14/10 { // an extension adds half a window at least
			longer = append(longer, cv.Result.Codec)
			longest = max(longest, w)
		} else {
			base = max(base, w)
		}
	}
	if base == 0 { // every codec went on past the window
		base = v.Duration
	}
	out := fmtSeconds(base.Round(100*time.Millisecond)) + " a codec"
	if len(longer) > 0 {
		out += fmt.Sprintf("; %s until sure, up to %s", strings.Join(longer, ", "), fmtSeconds(longest.Round(100*time.Millisecond)))
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
		return fmt.Sprintf("%s over %d stops", fmtP(cv.P), cv.Samples)
	}
	return fmt.Sprintf("%s over %d stretches", fmtP(cv.P), cv.Samples)
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
		effect += fmt.Sprintf(" and %s of its stops over %s", pointsPercent(t, cv.HasEffect), b.LongStop)
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

// pointsPercent prints an effect on a share of the stops, "+7% (3 to 11)".
func pointsPercent(iv Interval, withInterval bool) string {
	if !withInterval {
		return pts(iv.Est, 0, true) + "%"
	}
	return fmt.Sprintf("%s%% (%s to %s)", pts(iv.Est, 0, true), pts(iv.Lo, 0, false), pts(iv.Hi, 0, false))
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

// fmtP prints a p-value as "p = 0.029", or "p < 0.001" below that.
func fmtP(p float64) string {
	if p < 0.001 {
		return "p < 0.001"
	}
	return fmt.Sprintf("p = %.2g", p)
}

// shortCulprit names what r's worst stall waited on, for a table cell:
// the function and the kind ("...jitdec.Decode (non-preemptible)"), or the
// stop's own name when no goroutine held it ("stop-the-world (GC mark
// termination) (gc)").
func shortCulprit(r results.Result) string {
	c := r.Culprit
	if c == nil {
		return ""
	}
	where := c.Frame
	if where == "" {
		where = c.What
	}
	return where + " (" + c.Kind + ")"
}
