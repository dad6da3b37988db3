package verdict

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// Table is the level's table, its head first: the codec that kept the
// program frozen longest first, baseline last; the noise and culprit
// columns only when a row has one. ">1ms" and ">10ms" are the shares of
// the stops that waited that long to begin, "waiting" the share of the
// window the program waited for stops to begin, "late" the share in which
// the probe could not even run to ask for one (beyond ProbeSlack).
func (v Level) Table() [][]string {
	all := v.all()
	culprits := slices.ContainsFunc(all, func(cv Codec) bool { return cv.Result.Culprit != nil })
	noisy := slices.ContainsFunc(all, func(cv Codec) bool { return cv.Stops.Noisy })
	head := []string{"codec", "stops", "stw.p50", "stw.p90", "stw.p99", "stw.max", ">1ms", ">10ms", "waiting", "late", "vs baseline"}
	if noisy {
		head = append(head, "noise")
	}
	if culprits {
		head = append(head, "culprit")
	}
	table := [][]string{head}
	for _, cv := range all {
		line := []string{cv.Result.Impl}
		if cv.HasSTW {
			s := cv.Stops
			line = append(line, fmt.Sprint(s.N()), results.FormatDuration(s.Quantile(0.5)), results.FormatDuration(s.Quantile(0.9)),
				results.FormatDuration(s.Quantile(0.99)), results.FormatDuration(s.Max()), results.FormatPercent(s.Over(time.Millisecond)),
				results.FormatPercent(s.Over(10*time.Millisecond)), results.FormatPercent(s.Waiting()), results.FormatPercent(s.Late()), cv.against())
		} else {
			line = append(line, "-", "-", "-", "-", "-", "-", "-", "-", "-", "-")
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

// all is every codec of the level, baseline last.
func (v Level) all() []Codec {
	if v.Base == nil {
		return v.Codecs
	}
	return append(slices.Clone(v.Codecs), *v.Base)
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
		line := []string{cv.Result.Impl}
		for _, w := range latency.MMUWindows {
			cell := "-"
			for _, p := range cv.Stops.MMU {
				if p.Window == w {
					cell = results.FormatPercent(p.Utilization)
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
		if cv.StandsOut {
			out = append(out, v.Sentence(cv))
		}
	}
	return out
}

// Reasons are the sentences of the codecs that do not stand out, saying
// what they missed: the console prints them under -v.
func (v Level) Reasons() []string {
	var out []string
	for _, cv := range v.Codecs {
		if w := v.Sentence(cv); w != "" && !cv.StandsOut {
			out = append(out, w)
		}
	}
	return out
}

// against is a row's "vs baseline" cell: the test's p, marked when the
// codec's stops were significantly longer.
func (cv Codec) against() string {
	switch {
	case cv.Result.Impl == results.Baseline:
		return ""
	case !cv.Tested:
		return "-"
	case cv.More:
		return "longer, " + fmtP(cv.P)
	}
	return fmtP(cv.P)
}

// Conclusion is the line scripts read: "stands out from baseline: NAME
// (...), NAME (...)", or "no codec stands out ..." and why.
func (v Level) Conclusion() string {
	if v.Base == nil || !v.Base.HasSTW {
		return fmt.Sprintf("no verdict at %s: baseline did not run at this level, and a codec is judged against it (add baseline to -impls)", v.Label)
	}
	var out []string
	var notMore, small []string
	for _, cv := range v.Codecs {
		switch {
		case cv.StandsOut:
			s, base := cv.Stops, v.Base.Stops
			out = append(out, fmt.Sprintf("%s (froze the program %s of the window against %s; %s of its stops over %s against %s; %s)",
				cv.Result.Impl, results.FormatPercent(s.Waiting()), results.FormatPercent(base.Waiting()),
				results.FormatPercent(s.Over(LongStop)), LongStop, results.FormatPercent(base.Over(LongStop)), cv.evidence()))
		case !cv.Tested:
		case !cv.More:
			notMore = append(notMore, cv.Result.Impl)
		default:
			small = append(small, cv.Result.Impl)
		}
	}
	if len(out) > 0 {
		return "stands out from baseline: " + strings.Join(out, ", ")
	}
	var why []string
	if len(notMore) > 0 {
		why = append(why, strings.Join(notMore, ", ")+": stops not significantly longer")
	}
	if len(small) > 0 {
		why = append(why, strings.Join(small, ", ")+": "+smallBy)
	}
	if len(why) == 0 {
		return fmt.Sprintf("no codec stands out from baseline at %s (no codec had stops to judge)", v.Label)
	}
	return fmt.Sprintf("no codec stands out from baseline at %s (%s)", v.Label, strings.Join(why, "; "))
}

// BusyShare is the share of the machine that others must take in a window
// before the verdict warns that it may be the machine's: on the project's
// 2-core VM, with other processes taking 1.5-1.9 of its 2 cores, every
// CPU-bound codec on citm-catalog "stood out" at 11-16% of the window
// frozen against baseline's 3% (docs/notes-verdict.md). A thread the
// system has descheduled cannot reach a safe point either, and a codec
// that keeps its P busy has a thread there far more often than baseline,
// whose goroutines mostly wait on channels.
const BusyShare = 0.5

// Caveat is a line that follows the conclusion when the machine was too
// busy for it to be the codecs' alone; "" otherwise.
func (v Level) Caveat() string {
	busy := 0.0
	for _, cv := range v.all() {
		busy = max(busy, cv.Stops.Busy)
	}
	if busy < BusyShare || v.Base == nil {
		return ""
	}
	return fmt.Sprintf("the machine was busy: other processes took up to %.0f%% of its cores in this level's windows, and a busy machine delays the stops of a codec that keeps its Ps busy more than baseline's; run again on a quieter machine before acting on this",
		100*busy)
}

// smallBy is what a codec whose stops were significantly longer missed.
var smallBy = fmt.Sprintf("stops longer, but by under %.0f points of the window frozen and under %.0f%% more of them over %s",
	100*FrozenPoints, 100*TailShare, LongStop)

// evidence is the test's p and what it was over.
func (cv Codec) evidence() string {
	if cv.ByStops {
		return fmt.Sprintf("%s over %d stops", fmtP(cv.P), cv.Samples)
	}
	return fmt.Sprintf("%s over %d stretches", fmtP(cv.P), cv.Samples)
}

// Sentence is one codec in the user's terms: for one that stands out, how
// much of the window it froze the program, how long one stop in ten and
// the worst waited, and the culprit when one is named; for one that does
// not, why not, when the conclusion's few words leave something out.
func (v Level) Sentence(cv Codec) string {
	if !cv.Tested {
		return ""
	}
	s, base := cv.Stops, v.Base.Stops
	frozen := fmt.Sprintf("froze the program %s of the window (baseline %s)", results.FormatPercent(s.Waiting()), results.FormatPercent(base.Waiting()))
	if s.KeptOut > 0 {
		frozen += fmt.Sprintf(" and kept its other goroutines from running %s more (baseline %s)", results.FormatPercent(s.Late()), results.FormatPercent(base.Late()))
	}
	if cv.StandsOut {
		out := fmt.Sprintf("%s %s; one stop in ten waited over %s; worst %s", cv.Result.Impl, frozen,
			results.FormatDuration(s.Quantile(0.9)), results.FormatDuration(s.Max()))
		if c := cv.Result.Culprit; c != nil {
			out += fmt.Sprintf("; culprit %s held a %s stop", shortCulprit(cv.Result), results.FormatDuration(c.Stall))
		}
		return out
	}
	why := "its stops not significantly longer (" + cv.evidence() + ")"
	switch {
	case !cv.More && v.longest(cv) == "":
		return "" // the conclusion says it all: not more, and no stall
	case cv.More:
		why = smallBy + " (" + cv.evidence() + ")"
	}
	return fmt.Sprintf("%s does not: it %s, %s; one stop in ten waited over %s%s", cv.Result.Impl, frozen, why,
		results.FormatDuration(s.Quantile(0.9)), v.longest(cv))
}

// longest adds the longest stop to the sentence of a codec that does not
// stand out when that stop alone was a stall (-stall): a freeze worth
// knowing of, which the verdict does not count on its own.
func (v Level) longest(cv Codec) string {
	if m := cv.Stops.Max(); v.Stall > 0 && m >= v.Stall {
		return fmt.Sprintf("; its longest stop %s", results.FormatDuration(m))
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
