package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// The safe-size lines follow the by-size summary: per shape and level,
// the largest document each codec kept within the freeze budget
// (verdict.SafeSizes says how it is judged), one line per codec, each
// size's wait.p99 with its 95% interval in brackets:
//
//	sonic      up to ~5.4MB (4MB within, 16MB over: 97% sure it lies between; ~5.4MB interpolated between them, not measured; wait.p99 7.9ms [6.1ms, 8.4ms] at 4MB, 24.0ms [14.2ms, 24.0ms] at 16MB; slope ~1.4ms per MB over all sizes)
//	std        every size tried (up to 32MB, 86% sure; wait.p99 2.1ms [1.9ms, 2.6ms] at 32MB; a longer -duration would make it surer; slope ~40us per MB over all sizes)
//	goccy      undecided between 1MB and 16MB (wait.p99 2.0ms [1.1ms, 2.4ms] at 1MB, 10.2ms [3.0ms, 13.1ms] at 4MB undecided, ...; a longer -duration would settle it; ...)
//
// The claim is the bracket, the sizes measured either side of the budget,
// with how sure it is (verdict.SafeSize.Sure); the "~" size inside it and
// the slope are two readings, said side by side and marked as such: the
// first is where the line between the two sizes that bound it crosses the
// budget, the second how the stop grows over every size tried (what a
// reader extrapolates from). A line through every size would misplace the
// crossing wherever the stops do not grow in proportion to size (a
// runtime's floor under them, a JIT's jump at one size), and the crossing
// between two sizes says nothing of growth elsewhere.

// safeSizeText is the safe-size section of the summary's sizes at cfg's
// budget; "" when no shape ran at several sizes with the stop probe on.
func (s *bySize) safeSizeText(cfg results.Config, repeats map[results.Key][]results.Result) string {
	return safeSizeText(verdict.SafeSizes(cfg, s.inputs, s.rows, s.pooled(repeats)))
}

func safeSizeText(tables []verdict.SafeSizeLevel) string {
	var b strings.Builder
	shape := ""
	points := map[results.Point]bool{}
	for _, t := range tables {
		points[t.Point] = true
	}
	for _, t := range tables {
		if t.Shape != shape {
			shape = t.Shape
			fmt.Fprintf(&b, "\nsafe size, %s, budget %s on %s (the largest size within it, and the sizes that bound it):\n", shape, format.Duration(t.Codecs[0].Budget), verdict.BudgetFigureName())
			note := fmt.Sprintf("%s: %s; %s%s. Within: all of the interval under the budget, and the codec does not stand out there; over: all of it at or over the budget, "+
				"or the codec stands out; undecided: between, which a longer -duration settles. The safe size lies between the largest size within and the smallest over; "+
				"N%% sure: how sure both are, from how many stops reached the budget (under 1%% for within), whatever their spread. ~: where the line between those two "+
				"sizes crosses the budget on log-log axes, a reading, not a size measured; slope per MB: least squares of %s over every size, how it grows, not where it crosses",
				verdict.BudgetFigureName(), waitMeaning, stopsNote(tables, shape), intervalNote(tables, shape), verdict.BudgetFigureName())
			for _, l := range wrapText("  ", "  ", note, rowWidth) {
				b.WriteString(l + "\n")
			}
		}
		label := t.Label
		if len(points) > 1 {
			label += ", " + t.Point.String()
		}
		fmt.Fprintf(&b, "  %s\n", label)
		var table [][2]string
		for _, c := range t.Codecs {
			table = append(table, [2]string{c.Codec, safeSizeLine(c)})
		}
		b.WriteString(wrappedRows(table))
	}
	return b.String()
}

// wrappedRows sets out rows of a name and its text as alignColumns does
// under a level's head ("    sonic   up to ..."), each text wrapped at
// rowWidth under its own start, so that a line of intervals stays whole
// on a terminal split in two.
func wrappedRows(rows [][2]string) string {
	width := 0
	for _, r := range rows {
		width = max(width, len(r[0]))
	}
	var b strings.Builder
	for _, r := range rows {
		indent := fmt.Sprintf("    %-*s   ", width, r[0])
		for _, l := range wrapText(indent, strings.Repeat(" ", len(indent)+2), r[1], rowWidth) {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// waitMeaning says what verdict.BudgetFigureName is, in the words of the responsiveness
// table's columns (verdict.Level.BudgetStop).
const waitMeaning = "the table's stw.p99 with its late time counted as stops that waited that long, where the verdict counts late " +
	"(against control, at as many pairs as Ps); elsewhere it is stw.p99"

// stopsNote says how many stops each quantile rests on, the fewest and
// the most of any codec at any size of shape.
func stopsNote(tables []verdict.SafeSizeLevel, shape string) string {
	lo, hi := int64(math.MaxInt64), int64(0)
	for _, p := range shapePoints(tables, shape) {
		lo, hi = min(lo, p.Stops), max(hi, p.Stops)
	}
	if lo == hi {
		return fmt.Sprintf("each rests on %d stops", lo)
	}
	return fmt.Sprintf("each rests on %d to %d stops", lo, hi)
}

// intervalNote says what the brackets after each figure are, or that the
// file has no stop records to resample (the estimate alone).
func intervalNote(tables []verdict.SafeSizeLevel, shape string) string {
	for _, p := range shapePoints(tables, shape) {
		if !p.Resampled {
			return "; no interval: the file has no stop records to resample, so each size is judged on its estimate alone"
		}
	}
	return fmt.Sprintf("; [lo, hi]: its 95%% interval, from resampling the level's stretches (as the verdict's effect), at least as wide as the order statistics' bounds "+
		"on a p99; within takes %d stops", verdict.MinBudgetStops)
}

// shapePoints are the points of every codec at every level of shape.
func shapePoints(tables []verdict.SafeSizeLevel, shape string) []verdict.SizePoint {
	var out []verdict.SizePoint
	for _, t := range tables {
		if t.Shape == shape {
			for _, c := range t.Codecs {
				out = append(out, c.Points...)
			}
		}
	}
	return out
}

// safeSizeLine is one codec's safe size, the stops at the sizes it rests
// on (and the undecided ones where it may lie), and its stop wait per MB.
func safeSizeLine(s verdict.SafeSize) string {
	safe, over := s.Bracket()
	q := verdict.BudgetFigureName()
	var at, stops []string
	for i, p := range s.Points {
		switch {
		case i == safe || i == over:
			stops = append(stops, stopAt(p))
		case p.Undecided && (over < 0 || i < over):
			stops = append(stops, stopAt(p)+" undecided")
		}
	}
	if b := bracketText(s, "interpolated between them, not measured"); b != "" {
		at = append(at, b)
	}
	at = append(at, q+" "+strings.Join(stops, ", "))
	if len(s.Undecided()) > 0 {
		at = append(at, "a longer -duration would settle it")
	} else if sure := s.Sure(); sure > 0 && sure < surely {
		at = append(at, "a longer -duration would make it surer")
	}
	if d, ok := s.PerMB(); ok {
		if d > 0 {
			at = append(at, "slope ~"+format.Duration(d)+" per MB over all sizes")
		} else {
			at = append(at, "no growth with size")
		}
	}
	var again []string
	for _, p := range s.Again() {
		again = append(again, sizeOf(p))
	}
	if len(again) > 0 {
		at = append(at, "under the budget again at "+strings.Join(again, ", ")+", not counted")
	}
	var missing []string
	for _, name := range s.NoStops {
		missing = append(missing, results.SizeName(name))
	}
	if len(missing) > 0 {
		at = append(at, "no stops measured at "+strings.Join(missing, ", "))
	}
	return s.Head() + " (" + strings.Join(at, "; ") + ")"
}

// surely is how sure a safe size must be before its line stops saying that a
// longer -duration would make it surer: the 95% its intervals are.
const surely = 0.95

// bracketText is s's bracket as the safe-size line and the answer say it,
// with how sure it is and its "~" size marked as a reading (reading says
// what it is): "4MB within, 16MB over: 97% sure it lies between; ~8MB
// interpolated between them, not measured", "up to 32MB, 86% sure" (every
// size), "1MB over, 99% sure" (none); "" where the head names the bounds
// (a size undecided inside them).
func bracketText(s verdict.SafeSize, reading string) string {
	safe, over := s.Bracket()
	if len(s.Unsure()) > 0 {
		return ""
	}
	sure := ""
	if p := verdict.SurePercent(s.Sure()); p > 0 {
		sure = fmt.Sprintf("%d%% sure", p)
	}
	with := func(text, sep string) string {
		if sure == "" {
			return text
		}
		return text + sep + sure
	}
	switch {
	case over < 0 && s.Everywhere():
		return with("up to "+sizeOf(s.Points[safe]), ", ")
	case over < 0 && sure == "": // a smaller size undecided: the head says up to where
		return ""
	case over < 0:
		return sizeOf(s.Points[safe]) + " within, " + sure
	case safe < 0:
		return with(sizeOf(s.Points[over])+" over", ", ")
	}
	text := with(sizeOf(s.Points[safe])+" within, "+sizeOf(s.Points[over])+" over", ": ")
	if sure != "" {
		text += " it lies between"
	}
	if est, interpolated := s.Estimate(); interpolated {
		text += "; ~" + format.ApproxSize(est) + " " + reading
	}
	return text
}

// stopAt is a size's stop, its interval and where: "24.0ms [14.2ms,
// 24.0ms] at 16MB" (the stop alone without an interval), with ", but it
// stands out there" when the verdict, not the stop, put it over.
func stopAt(p verdict.SizePoint) string {
	s := format.Duration(p.Stop)
	if p.Resampled {
		s += " [" + format.Duration(p.Lo) + ", " + format.Duration(p.Hi) + "]"
	}
	s += " at " + sizeOf(p)
	if p.StandsOut {
		s += " but it stands out there"
	}
	return s
}

// sizeOf is a size as it was asked, "16MB".
func sizeOf(p verdict.SizePoint) string {
	return results.SizeName(p.Input)
}
