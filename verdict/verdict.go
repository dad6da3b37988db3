// Package verdict judges, per level of a run, whether a codec froze the
// rest of the program longer than the baseline codec did, and words it:
// the console and the page both print from it.
//
// The verdict ends the console report: per level, whether a codec froze
// the rest of the program longer than the baseline codec did. Baseline
// does no JSON work, so its stops are what the harness, the probes and the
// machine do on their own at that level, in the same run: the codecs of a
// level take turns in its window, so steal and other processes fall on
// baseline as on every codec. The test and its bars are Judge's (stops.go);
// this file groups the levels and words the result.
//
// A NOISY window still marks its row, but decides nothing: the noise fell
// on baseline too.
package verdict

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// Level is one level's verdict: every codec, baseline included,
// the one whose stops kept the program waiting longest first.
type Level struct {
	Input  string
	Label  string
	Base   *Codec // nil: no baseline ran at this level
	Codecs []Codec
	// STW says whether any row of the level ran the stop-the-world probe.
	STW bool
	// Stall is the run's -stall, for the sentences.
	Stall time.Duration
}

// Codec is one codec at one level against baseline.
type Codec struct {
	Result results.Result // the level's row (a repeated run's medians)
	Stops  Stops
	HasSTW bool
	// Tested: there was a baseline to test against, and Against says how
	// its stops
	Tested bool
	Against
}

// Levels judges each level of rows (one per scenario: a repeated
// run's medians). repeats, when not nil, holds every repeat by key, whose
// stops are pooled; cfg gives the stall.
func Levels(cfg results.Config, rows []results.Result, repeats map[results.Key][]results.Result) []Level {
	var out []Level
	for _, l := range results.EncdecLevels(rows) {
		v := Level{Input: l.Input, Label: l.Label, Stall: cfg.Stall}
		var codecs []Codec
		for _, r := range l.Rows {
			rs := repeats[r.Key()]
			if rs == nil {
				rs = []results.Result{r}
			}
			cv := Codec{Result: r}
			cv.Stops, cv.HasSTW = StopsOf(rs)
			v.STW = v.STW || cv.HasSTW
			if r.Impl == results.Baseline {
				v.Base = &cv
			} else {
				codecs = append(codecs, cv)
			}
		}
		if len(codecs) == 0 || !v.STW {
			continue // nothing to judge: -stw 0 turned the verdict off
		}
		for _, cv := range codecs {
			v.Codecs = append(v.Codecs, v.judge(cv))
		}
		slices.SortStableFunc(v.Codecs, func(a, b Codec) int {
			if c := compareWaiting(b, a); c != 0 {
				return c
			}
			return results.ImplRank(a.Result.Impl) - results.ImplRank(b.Result.Impl)
		})
		out = append(out, v)
	}
	return out
}

// compareWaiting orders by waiting share; a codec without stops comes last.
func compareWaiting(a, b Codec) int {
	switch {
	case a.HasSTW != b.HasSTW:
		if a.HasSTW {
			return 1
		}
		return -1
	case !a.HasSTW:
		return 0
	}
	x, y := a.Stops.Waiting(), b.Stops.Waiting()
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// judge tests cv's stops against baseline's.
func (v *Level) judge(cv Codec) Codec {
	if !cv.HasSTW || v.Base == nil || !v.Base.HasSTW || cv.Stops.N() == 0 || v.Base.Stops.N() == 0 {
		return cv
	}
	cv.Tested, cv.Against = true, Judge(cv.Stops, v.Base.Stops)
	return cv
}

// table is the level's table, its head first: longest waiting first,
// baseline last; the noise and culprit columns only when a row has one.
func (v Level) Table() [][]string {
	all := v.Codecs
	if v.Base != nil {
		all = append(slices.Clone(all), *v.Base)
	}
	culprits := slices.ContainsFunc(all, func(cv Codec) bool { return cv.Result.Culprit != nil })
	noisy := slices.ContainsFunc(all, func(cv Codec) bool { return cv.Stops.Noisy })
	head := []string{"codec", "stops", "stw.p50", "stw.p90", "stw.p99", "stw.max", "waiting", "vs baseline"}
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
				results.FormatDuration(s.Quantile(0.99)), results.FormatDuration(s.Max()), results.FormatPercent(s.Waiting()), cv.against())
		} else {
			line = append(line, "-", "-", "-", "-", "-", "-", "-")
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

// sentences are the codecs' sentences that follow the conclusion.
func (v Level) Sentences() []string {
	var out []string
	for _, cv := range v.Codecs {
		if w := v.Sentence(cv); w != "" {
			out = append(out, w)
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
	return slices.ContainsFunc(v.Codecs, func(cv Codec) bool { return cv.StandsOut })
}

// against is a row's "vs baseline" cell: the rank test's p, marked when
// its stops are longer.
func (cv Codec) against() string {
	switch {
	case cv.Result.Impl == results.Baseline:
		return ""
	case !cv.Tested:
		return "-"
	case cv.Longer:
		return "longer, " + fmtP(cv.P)
	}
	return fmtP(cv.P)
}

// conclusion is the line scripts read: "stands out from baseline: NAME
// (...), NAME (...)", or "no codec stands out ..." and why.
func (v Level) Conclusion() string {
	if v.Base == nil || !v.Base.HasSTW {
		return fmt.Sprintf("no verdict at %s: baseline did not run at this level, and a codec is judged against it (add baseline to -impls)", v.Label)
	}
	var out []string
	var notLonger, small []string
	for _, cv := range v.Codecs {
		switch {
		case cv.StandsOut:
			out = append(out, fmt.Sprintf("%s (typical stop %s against %s, %s over %d stops; waiting %s of the window against %s)",
				cv.Result.Impl, results.FormatDuration(cv.Stops.Quantile(0.5)), results.FormatDuration(v.Base.Stops.Quantile(0.5)), fmtP(cv.P),
				cv.Stops.N()+v.Base.Stops.N(), results.FormatPercent(cv.Stops.Waiting()), results.FormatPercent(v.Base.Stops.Waiting())))
		case !cv.Tested:
		case !cv.Longer:
			notLonger = append(notLonger, cv.Result.Impl)
		default:
			small = append(small, cv.Result.Impl)
		}
	}
	if len(out) > 0 {
		return "stands out from baseline: " + strings.Join(out, ", ")
	}
	var why []string
	if len(notLonger) > 0 {
		why = append(why, strings.Join(notLonger, ", ")+": stops not significantly longer")
	}
	if len(small) > 0 {
		why = append(why, fmt.Sprintf("%s: longer, but a typical stop under %dx and %s more than baseline's", strings.Join(small, ", "), TypicalFactor, results.FormatDuration(TypicalMargin)))
	}
	if len(why) == 0 {
		return fmt.Sprintf("no codec stands out from baseline at %s (no codec had stops to judge)", v.Label)
	}
	return fmt.Sprintf("no codec stands out from baseline at %s (%s)", v.Label, strings.Join(why, "; "))
}

// Sentence says how sure the verdict is of one codec, in a sentence: why it
// stands out, or why not when the conclusion's few words leave something
// out (a significant but small difference, a stall among short stops).
func (v Level) Sentence(cv Codec) string {
	if !cv.Tested {
		return ""
	}
	base := v.Base.Stops
	typical := fmt.Sprintf("its typical stop of the world waited %s against baseline's %s (%s over %d stops)",
		results.FormatDuration(cv.Stops.Quantile(0.5)), results.FormatDuration(base.Quantile(0.5)), fmtP(cv.P), cv.Stops.N()+base.N())
	waiting := fmt.Sprintf("the program waited for stops %s of the window against %s", results.FormatPercent(cv.Stops.Waiting()), results.FormatPercent(base.Waiting()))
	switch {
	case cv.StandsOut:
		return fmt.Sprintf("%s stands out: %s; %s", cv.Result.Impl, typical, waiting)
	case cv.Longer:
		return fmt.Sprintf("%s does not: %s, under %dx and %s more; %s", cv.Result.Impl, typical, TypicalFactor, results.FormatDuration(TypicalMargin), waiting+v.longest(cv))
	}
	if v.longest(cv) == "" {
		return "" // the conclusion says it all: not longer, and no stall
	}
	return fmt.Sprintf("%s does not: its stops were not significantly longer than baseline's (%s over %d stops); %s", cv.Result.Impl, fmtP(cv.P), cv.Stops.N()+base.N(), waiting+v.longest(cv))
}

// longest adds the longest stop to the sentence of a codec that does not
// stand out when that stop alone was a stall (-stall): a freeze worth
// knowing of, which the verdict does not count.
func (v Level) longest(cv Codec) string {
	if m := cv.Stops.Max(); v.Stall > 0 && m >= v.Stall {
		return fmt.Sprintf(", its longest stop %s", results.FormatDuration(m))
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
