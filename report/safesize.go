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
//	sonic      up to ~5.4MB (the budget crossed between 4MB and 16MB, interpolated; wait.p99 7.9ms [6.1ms, 8.4ms] at 4MB, 24.0ms [14.2ms, 24.0ms] at 16MB; slope ~1.4ms per MB over all sizes)
//	std        every size tried (up to 32MB; wait.p99 2.1ms [1.9ms, 2.6ms] at 32MB; slope ~40us per MB over all sizes)
//	goccy      undecided between 1MB and 16MB (wait.p99 2.0ms [1.1ms, 2.4ms] at 1MB, 10.2ms [3.0ms, 13.1ms] at 4MB undecided, ...; a longer -duration would settle it; ...)
//
// The "~" size and the slope are two readings, said side by side: the
// first is where the budget is crossed between the two sizes that bound
// it, the second how the stop grows over every size tried (what a reader
// extrapolates from). A line through every size would misplace the
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
				"or the codec stands out; undecided: between, which a longer -duration settles. ~: where the budget is crossed between the two sizes that bound it, "+
				"interpolated on log-log axes; slope per MB: least squares of %s over every size, how it grows, not where it crosses",
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
	return "; [lo, hi]: its 95% interval, from resampling the level's stretches (as the verdict's effect), at least as wide as the order statistics' bounds on a p99; within takes 100 stops"
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
	switch _, interpolated := s.Estimate(); {
	case len(s.Unsure()) > 0 || over < 0 && !s.Everywhere(): // the head names the bounds
	case over < 0:
		at = append(at, "up to "+sizeOf(s.Points[safe])) // a size within the budget, which it does not stand out at
	case safe >= 0 && interpolated:
		at = append(at, fmt.Sprintf("the budget crossed between %s and %s, interpolated", sizeOf(s.Points[safe]), sizeOf(s.Points[over])))
	case safe >= 0:
		at = append(at, fmt.Sprintf("between %s and %s", sizeOf(s.Points[safe]), sizeOf(s.Points[over])))
	}
	at = append(at, q+" "+strings.Join(stops, ", "))
	if len(s.Undecided()) > 0 {
		at = append(at, "a longer -duration would settle it")
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
