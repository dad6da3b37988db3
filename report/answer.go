package report

import (
	"fmt"
	"strings"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// The answer closes the console: one line per level (of each input and
// sweep value) with each codec's round trips per second against std's (a
// round trip is a decode and an encode) and whether a codec froze the
// program, then the safe sizes and the GOMAXPROCS recommendation when the
// run has them. It is what a reader who scrolls to the end wants, and the
// page opens with the same lines (Answer).

// answerHead heads an answer block of levels' lines; safeSizeHead one of
// safe sizes, which give neither a factor nor a freeze verdict; procsHead
// adds a GOMAXPROCS recommendation to either.
const (
	answerHead   = "answer: each codec's round trips (a decode and an encode) against std's, and whether one froze the program more than the reference"
	safeSizeHead = "answer: each codec's safe size, the largest document whose stops stayed within the freeze budget"
	procsHead    = "; the GOMAXPROCS to run at"
)

// levelAnswer is one level's line of the answer.
type levelAnswer struct {
	input  string
	point  string // the sweep value, "" without a sweep
	label  string // "1x encdec"
	speeds string // "goccy 2.97x, sonic 2.1x std"; "" when no ranking
	freeze string // the verdict in a few words; "" without one
}

// line is the answer's line, headed by the level, its sweep value, and
// its input when withInput (the run had several).
func (a levelAnswer) line(withInput bool) string {
	var parts []string
	if a.speeds != "" {
		parts = append(parts, a.speeds)
	}
	if a.freeze != "" {
		parts = append(parts, "freezes: "+a.freeze)
	}
	if len(parts) == 0 {
		parts = append(parts, "nothing to rank or judge")
	}
	head := a.label
	if a.point != "" {
		head += ", " + a.point
	}
	if withInput {
		head = a.input + ", " + head
	}
	return head + ": " + strings.Join(parts, "; ")
}

// levelAnswers are the answer's lines of the levels of one input and sweep
// value (point): each level's ranking and verdict, in the order the
// levels ran.
// Without the stop probe (stw false) no level has a verdict, and its line
// says so.
func levelAnswers(point string, rankings []verdict.LevelRanking, levels []verdict.Level, stw bool) []levelAnswer {
	var out []levelAnswer
	index := map[string]int{}
	at := func(input, label string) *levelAnswer {
		k := input + "\x00" + label
		if i, ok := index[k]; ok {
			return &out[i]
		}
		index[k] = len(out)
		out = append(out, levelAnswer{input: input, point: point, label: label})
		return &out[len(out)-1]
	}
	for _, r := range rankings {
		a := at(r.Input, r.Label)
		a.speeds = speeds(r.Rows)
		if !stw {
			a.freeze = "not judged (the stop probe was off: -stw 0)"
		}
	}
	for _, v := range levels {
		at(v.Input, v.Label).freeze = FreezeAnswer(v)
	}
	return out
}

// speeds are a ranking's codecs, fastest first, each with its round
// trips per second as a multiple of the reference's (std when it ran):
// "goccy 4.9x, sonic 3.7x std"; the reference itself is the unit, named
// last. "" when there is no ranking.
func speeds(rows []verdict.RankedRow) string {
	var items []string
	ref := ""
	for _, r := range rows {
		if ref = r.Ref; r.Codec != r.Ref {
			items = append(items, fmt.Sprintf("%s %.1fx", r.Codec, r.Times))
		}
	}
	if len(items) == 0 {
		return ""
	}
	return strings.Join(items, ", ") + " " + ref
}

// FreezeAnswer is a level's verdict in a few words: which codecs stand
// out from the reference and by how much, which the run cannot tell and
// why, or that none stands out.
func FreezeAnswer(v verdict.Level) string {
	if v.Ref == nil || !v.Ref.HasSTW {
		return "no verdict (neither baseline nor control ran at this level)"
	}
	ref := v.RefName()
	var parts []string
	if stand := v.Answers(verdict.StandsOut); len(stand) > 0 {
		var names, effects []string
		for _, cv := range stand {
			names = append(names, cv.Result.Codec)
			effects = append(effects, verdict.Points(cv.Effect.Frozen.Est))
		}
		verb := "stands out"
		if len(stand) > 1 {
			verb = "stand out"
		}
		parts = append(parts, fmt.Sprintf("%s %s from %s (%s points of the window frozen)", strings.Join(names, ", "), verb, ref, strings.Join(effects, ", ")))
	}
	cannot := v.Answers(verdict.CannotTell)
	if len(cannot) > 0 {
		busy := false
		var names []string
		for _, cv := range cannot {
			names = append(names, cv.Result.Codec)
			busy = busy || cv.Busy
		}
		why := "too close to the bar to settle in this window"
		if busy {
			why = "the machine was too busy to judge"
		}
		parts = append(parts, "cannot tell "+someCodecs(names, len(v.Codecs))+" ("+why+")")
	}
	none := v.Answers(verdict.DoesNot)
	switch {
	case len(parts) == 0:
		return "no codec stands out from " + ref
	case len(none) > 0:
		var names []string
		for _, cv := range none {
			names = append(names, cv.Result.Codec)
		}
		verb := " does not"
		if len(names) > 1 {
			verb = " do not"
		}
		parts = append(parts, someCodecs(names, len(v.Codecs))+verb)
	}
	return strings.Join(parts, "; ")
}

// someCodecs names the codecs of a list on a short line: every one of few,
// "any of the 7 codecs" when the list is the level's all, else the first
// three and how many more.
func someCodecs(names []string, all int) string {
	switch {
	case len(names) <= 3:
		return strings.Join(names, ", ")
	case len(names) == all:
		return fmt.Sprintf("any of the %d codecs", all)
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:3], ", "), len(names)-3)
}

// safeSizeAnswers are the answer's lines of the safe sizes: per shape and
// level, each codec's safe size with the sizes that bound it.
func safeSizeAnswers(tables []verdict.SafeSizeLevel) []string {
	points := map[results.Point]bool{}
	for _, t := range tables {
		points[t.Point] = true
	}
	var out []string
	for _, t := range tables {
		label := t.Label
		if len(points) > 1 {
			label += ", " + t.Point.String()
		}
		var items []string
		for _, c := range t.Codecs {
			items = append(items, c.Codec+" "+safeRange(c))
		}
		out = append(out, fmt.Sprintf("safe size, %s, %s, budget %s: %s", t.Shape, label, format.Duration(t.Codecs[0].Budget), strings.Join(items, "; ")))
	}
	return out
}

// safeRange is a codec's safe size and the sizes that bound it, with how
// sure it is and its "~" size marked as a reading (bracketText): "up to
// ~5.4MB (4MB within, 16MB over: 97% sure it lies between; ~5.4MB
// interpolated)", "every size tried (up to
// 32MB, 86% sure)", "none of the sizes tried (1MB over, 99% sure)",
// "undecided between 4MB and 16MB (8MB undecided: a longer -duration would
// settle it)".
func safeRange(s verdict.SafeSize) string {
	var parts []string
	if b := bracketText(s, "interpolated"); b != "" {
		parts = append(parts, b)
	}
	if unsure := s.Undecided(); len(unsure) > 0 {
		var names []string
		for _, p := range unsure {
			names = append(names, sizeOf(p))
		}
		parts = append(parts, strings.Join(names, ", ")+" undecided: a longer -duration would settle it")
	}
	return s.Head() + " (" + strings.Join(parts, "; ") + ")"
}

// answerText is the answer block: head, then each line wrapped at
// rowWidth; "" when there is nothing to answer.
func answerText(head string, lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n" + head + ":\n")
	for _, l := range lines {
		for _, w := range wrapText("  ", "      ", l, rowWidth) {
			b.WriteString(w + "\n")
		}
	}
	return b.String()
}

// wrapText sets s out on lines of at most width columns, breaking at
// spaces: the first line starts with indent, the others with cont. A word
// wider than a line keeps a line of its own.
// A test's "p = 0.23" or "p < 0.001" stays on one line.
func wrapText(indent, cont, s string, width int) []string {
	var words []string
	for _, w := range strings.Fields(s) {
		if n := len(words); n > 0 && (words[n-1] == "p" || words[n-1] == "p =" || words[n-1] == "p <") {
			words[n-1] += " " + w
			continue
		}
		words = append(words, w)
	}
	return wrapColumns(indent, cont, words, width)
}

// procsAnswer is a GOMAXPROCS recommendation as the answer's line.
func procsAnswer(r verdict.Procs) string {
	at := ""
	if r.At != "" {
		at = ", " + r.At
	}
	return fmt.Sprintf("GOMAXPROCS, %s%s: %s", r.Input, at, r.Line)
}
