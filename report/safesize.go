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
// (verdict.SafeSizes says how it is judged), one line per codec:
//
//	sonic      up to ~5.4MB (between 4MB and 16MB; wait.p99 7.9ms at 4MB, 24ms at 16MB; ~1.4ms per MB)
//	std        every size tried (up to 32MB; wait.p99 2.1ms at 32MB; ~40us per MB)
//	goccy      none of the sizes tried (wait.p99 12ms at 1MB; ~1.1ms per MB)

// safeSizeText is the safe-size section of the summary's sizes at cfg's
// budget; "" when no shape ran at several sizes with the stop probe on.
func (s *bySize) safeSizeText(cfg results.Config, repeats map[results.Key][]results.Result) string {
	return safeSizeText(verdict.SafeSizes(cfg, s.inputs, s.rows, repeats))
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
			note := fmt.Sprintf("%s: %s; %s. Within: under the budget, and the codec does not stand out there. ~: interpolated on log-log axes; per MB: least squares of %s against size",
				verdict.BudgetFigureName(), waitMeaning, stopsNote(tables, shape), verdict.BudgetFigureName())
			for _, l := range wrapText("  ", "  ", note, rowWidth) {
				b.WriteString(l + "\n")
			}
		}
		label := t.Label
		if len(points) > 1 {
			label += ", " + t.Point.String()
		}
		fmt.Fprintf(&b, "  %s\n", label)
		var table [][]string
		for _, c := range t.Codecs {
			table = append(table, []string{"  " + c.Codec, safeSizeLine(c)})
		}
		b.WriteString(alignColumns(table))
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
	for _, t := range tables {
		if t.Shape != shape {
			continue
		}
		for _, c := range t.Codecs {
			for _, p := range c.Points {
				lo, hi = min(lo, p.Stops), max(hi, p.Stops)
			}
		}
	}
	if lo == hi {
		return fmt.Sprintf("each rests on %d stops", lo)
	}
	return fmt.Sprintf("each rests on %d to %d stops", lo, hi)
}

// safeSizeLine is one codec's safe size, the stops at the sizes it rests
// on, and its stop wait per MB.
func safeSizeLine(s verdict.SafeSize) string {
	safe, over := s.Bracket()
	q := verdict.BudgetFigureName()
	var at []string
	switch {
	case over < 0:
		last := s.Points[safe]
		at = []string{"up to " + sizeOf(last), q + " " + stopAt(last)} // a size within the budget, which it does not stand out at
	case safe < 0:
		at = []string{q + " " + stopAt(s.Points[over])}
	default:
		at = []string{fmt.Sprintf("between %s and %s", sizeOf(s.Points[safe]), sizeOf(s.Points[over])),
			fmt.Sprintf("%s %s, %s", q, stopAt(s.Points[safe]), stopAt(s.Points[over]))}
	}
	if d, ok := s.PerMB(); ok {
		if d > 0 {
			at = append(at, "~"+format.Duration(d)+" per MB")
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

// stopAt is a size's stop and where: "24ms at 16MB", with ", but it
// stands out there" when the verdict, not the stop, put it over.
func stopAt(p verdict.SizePoint) string {
	s := format.Duration(p.Stop) + " at " + sizeOf(p)
	if p.StandsOut {
		s += " but it stands out there"
	}
	return s
}

// sizeOf is a size as it was asked, "16MB".
func sizeOf(p verdict.SizePoint) string {
	return results.SizeName(p.Input)
}
