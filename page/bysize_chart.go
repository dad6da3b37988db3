package page

import (
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// The size charts are the by-size summary (bysize.go) as pictures: per
// shape that ran at several sizes and per level, round trips per second
// and the worst stop of the world against document size. Both axes are
// logarithmic, so a codec whose time grows as n^k is a straight line of
// slope -k (rate) and a flat stw.max is a flat line, whatever the sizes.

// The size charts' kinds, numbered clear of charts.go's so that a kind
// added there cannot collide with them.
const (
	sizeRateKind     chartKind = 100 + iota // y: round trips/s, log scale
	sizeDurationKind                        // y: a latency in ns, log scale
)

// sizeCharts builds the size charts of srcs, after every other chart.
func sizeCharts(srcs []Source) []chartData {
	var inputs []results.InputInfo
	for _, s := range srcs {
		inputs = append(inputs, s.Run.Inputs...)
	}
	names := sourceNames(srcs)
	cells := cellsOf(srcs)
	var out []chartData
	for _, series := range results.SizeSweeps(inputs) {
		bytes := map[string]int{}
		for _, in := range series.Inputs {
			bytes[in.Name] = in.Bytes
		}
		cs := filter(cells, func(c cell) bool { return c.res.IsEncdec() && bytes[c.res.Input] > 0 })
		type level struct {
			label string
			point results.Point
		}
		var levels []level
		for _, c := range cs {
			if l := (level{c.res.Label(), c.res.Point()}); !slices.Contains(levels, l) {
				levels = append(levels, l)
			}
		}
		points := map[results.Point]bool{}
		for _, l := range levels {
			points[l.point] = true
		}
		size := func(c cell) int { return bytes[c.res.Input] }
		for _, l := range levels {
			lc := filter(cs, func(c cell) bool { return c.res.Label() == l.label && c.res.Point() == l.point })
			subject, id := sizeChartOf(series.Shape, l.label, l.point, len(points) > 1)
			out = append(out, scalingChart(lc, names, "size-rate-"+id, sizeRateKind,
				"Throughput against document size: "+subject, "document size (log scale)", "round trips/s (log scale)",
				"Round trips per second at each size of the shape, one line per codec, both axes logarithmic: a codec whose time per round trip grows as n^k falls with slope -k (the by-size summary's growth). The baseline codec, which does no JSON work, is left out.",
				size, rateOf, false))
			if ch := scalingChart(lc, names, "size-stw-"+id, sizeDurationKind,
				"Worst stop of the world against document size: "+subject, "document size (log scale)", "stw.max (log scale)",
				"The longest a stop of the world forced by the stop-the-world probe took to begin, at each size, one line per codec, both axes logarithmic: a codec that cannot be preempted while it works on the whole document rises with its size.",
				size, stwMaxOnLog, true); len(ch.Series) > 0 {
				out = append(out, ch)
			}
		}
	}
	return out
}

// stwMaxOnLog is the verdict's stw.max where a log axis can
// show it: above 0.
func stwMaxOnLog(c cell) (float64, bool) {
	v, ok := cellFigure(results.STWMax)(c)
	return v, ok && v > 0
}

// sizeAxes sets a size chart's axes: x at the sizes that ran, labelled as
// sizes; y from below the least to above the largest value, ticked as
// the latency or the rate it is.
func (c chartData) sizeAxes(p *plot.Plot, lo, hi float64) {
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Min, p.X.Max = lo/1.3, hi*1.3
	var ticks []plot.Tick
	minY, maxY := math.Inf(1), math.Inf(-1)
	for _, s := range c.Series {
		for _, pt := range s.Points {
			if !hasTick(ticks, pt[0]) {
				ticks = append(ticks, plot.Tick{Value: pt[0], Label: format.Size(pt[0])})
			}
			minY, maxY = min(minY, pt[1]), max(maxY, pt[1])
		}
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	if math.IsInf(minY, 0) {
		minY, maxY = 1, 10
	}
	p.Y.Min, p.Y.Max = minY/1.25, maxY*1.25
	p.Y.Tick.Marker = logTicks{}
	if c.Kind == sizeRateKind {
		p.Y.Tick.Marker = logRateTicks{}
	}
}

// logRateTicks are logTicks labelled as rates are printed: "50", "1.2k".
type logRateTicks struct{}

func (logRateTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := logTicks{}.Ticks(lo, hi)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = strings.TrimSuffix(format.Rate(ts[i].Value), "/s")
		}
	}
	return ts
}

// sizeChartOf is what a chart of one shape's level says it is about
// ("long-string, 2x encdec", with the sweep point when the run has
// several) and the slug its id is built on.
func sizeChartOf(shape, label string, pt results.Point, severalPoints bool) (subject, id string) {
	subject = shape + ", " + label
	if severalPoints {
		subject += ", " + pt.String()
	}
	return subject, slugOf(strings.ReplaceAll(shape+"-"+label+"-"+pt.String(), " ", "-"))
}
