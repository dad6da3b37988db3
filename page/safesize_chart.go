package page

import (
	"fmt"
	"math"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// The safe-size chart is the console's safe-size lines (report/safesize.go)
// as a picture: per shape that ran at several sizes and per level, each
// codec's wait.p99 against document size, both axes
// logarithmic, the freeze budget as a dotted line across, and each codec's
// safe size marked where its line crosses the budget (or at the size
// itself when it was not interpolated). On log-log axes the interpolated
// crossing lies on the line between the sizes either side of it.

// safeSizeCharts builds the safe-size charts of srcs, each source's
// apart: the budget is a run's.
func safeSizeCharts(srcs []Source) []chartData {
	q := verdict.BudgetFigureName()
	names := sourceNames(srcs)
	var out []chartData
	for i, src := range srcs {
		tables := verdict.SafeSizesOf(src.Run)
		points := map[results.Point]bool{}
		for _, t := range tables {
			points[t.Point] = true
		}
		for _, t := range tables {
			budget := t.Codecs[0].Budget
			subject, slug := sizeChartOf(t.Shape, t.Label, t.Point, len(points) > 1)
			id := "safe-size-" + slug
			if len(srcs) > 1 {
				subject += " (" + names[i] + ")"
				id += fmt.Sprintf("-%d", i)
			}
			ch := chartData{ID: id, Kind: sizeDurationKind,
				Title:  "Stop wait against document size: " + subject,
				XLabel: "document size (log scale)", YLabel: q + " (log scale)",
				Desc: fmt.Sprintf("The %s at each size (the verdict table's stw.p99 with its late time counted as stops that waited that long, where the verdict counts late: against control, at as many pairs as Ps), one line per codec, both axes logarithmic; the dotted line is the freeze budget (-budget %s), and each codec's safe size is marked: where its line crosses the budget, the largest size under it where the codec does not stand out.",
					q, format.Duration(budget))}
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, c := range t.Codecs {
				line := chartSeries{Name: c.Codec, Codec: c.Codec, Src: i}
				for _, p := range c.Points {
					if p.Stop > 0 {
						line.Points = append(line.Points, [2]float64{float64(p.Bytes), float64(p.Stop)})
					}
					lo, hi = min(lo, float64(p.Bytes)), max(hi, float64(p.Bytes))
				}
				if len(line.Points) > 0 {
					ch.Series = append(ch.Series, line)
				}
				if mark, ok := safeSizeMark(c); ok {
					ch.Series = append(ch.Series, chartSeries{Name: c.Codec + ": " + c.Head(), Codec: c.Codec, Src: i, Points: [][2]float64{mark}})
				}
			}
			if len(ch.Series) == 0 {
				continue
			}
			ch.Series = append(ch.Series, chartSeries{Name: "budget " + format.Duration(budget), Floor: true,
				Points: [][2]float64{{lo, float64(budget)}, {hi, float64(budget)}}})
			out = append(out, ch)
		}
	}
	return out
}

// safeSizeMark is where a codec's safe size is marked: its interpolated
// crossing of the budget, or the largest size within it; none when no
// size was.
func safeSizeMark(c verdict.SafeSize) ([2]float64, bool) {
	safe, _ := c.Bracket()
	if safe < 0 || c.Points[safe].Stop <= 0 {
		return [2]float64{}, false
	}
	if est, interpolated := c.Estimate(); interpolated {
		return [2]float64{est, float64(c.Budget)}, true
	}
	return [2]float64{float64(c.Points[safe].Bytes), float64(c.Points[safe].Stop)}, true
}
