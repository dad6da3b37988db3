package page

import (
	"math"
	"strconv"
	"time"

	"gonum.org/v1/plot"

	"github.com/pingpong-bench/pingpong/results"
)

// The MMU chart is the standard picture of GC latency, as Go's GC guide
// draws it, for every stop of the world rather than the GC's alone: per
// level, the minimum mutator utilization (the least share of any window of
// that length in which no stop held the program) against the window's
// length, one line per codec, baseline's dotted. A codec that freezes the
// program for 30ms at a time is at 0 up to 30ms windows and climbs after.

// mmuKind: x is a window length in ns, logarithmic; y a utilization from
// 0 to 1.
const mmuKind chartKind = 300

// mmuChart is one level's MMU chart; no series when no cell has an MMU
// (a results file from before the stop records).
func mmuChart(cs []cell, names []string, id, level string) chartData {
	ch := chartData{ID: "mmu-" + id, Title: "Minimum mutator utilization, " + level, Kind: mmuKind,
		Desc:   "For each window length, the least share of any window that long in which no stop of the world held the program, one line per codec, baseline's dotted; x logarithmic. Every stop the probe forced counts, from its request to the world's restart: 0 at a length means some window that long was stopped throughout.",
		XLabel: "window (log scale)", YLabel: "utilization"}
	perCodec := map[string]int{}
	for _, c := range cs {
		if len(c.res.MMU) > 0 {
			perCodec[c.res.Codec]++
		}
	}
	for _, c := range cs {
		if len(c.res.MMU) == 0 {
			continue
		}
		s := chartSeries{Name: c.res.Codec, Codec: c.res.Codec, Src: c.src, Dotted: results.IsReference(c.res.Codec)}
		if perCodec[c.res.Codec] > 1 {
			s.Name += " (" + names[c.src] + ")"
		}
		for _, p := range c.res.MMU {
			s.Points = append(s.Points, [2]float64{float64(p.Window), p.Utilization})
		}
		ch.Series = append(ch.Series, s)
	}
	return ch
}

// mmuAxes sets the MMU chart's axes: x over the windows, ticked at each
// power of ten as a duration; y from 0 to 1 as a percentage.
func (c chartData) mmuAxes(p *plot.Plot, lo, hi float64) {
	p.X.Scale = plot.LogScale{}
	p.X.Min, p.X.Max = lo/1.3, hi*1.3
	var ticks []plot.Tick
	for v := math.Pow(10, math.Floor(math.Log10(lo))); v <= hi*1.0001; v *= 10 {
		if v >= lo/1.0001 {
			ticks = append(ticks, plot.Tick{Value: v, Label: time.Duration(v).String()})
		}
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.Y.Min, p.Y.Max = 0, 1.04
	var yt []plot.Tick
	for i := 0; i <= 4; i++ {
		yt = append(yt, plot.Tick{Value: float64(i) / 4, Label: strconv.Itoa(25*i) + "%"})
	}
	p.Y.Tick.Marker = plot.ConstantTicks(yt)
}
