package page

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/pingpong-bench/pingpong/format"
)

// thinXTicks drops the labels of x ticks that would run into the one
// before them at the width the plot is drawn, keeping the ticks: the
// percentile axis's 99.99%, 99.999% and 99.9999% sit close together.
func thinXTicks(p *plot.Plot, c draw.Canvas) {
	da := p.DataCanvas(c)
	ticks := p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max)
	style := p.X.Tick.Label
	gap := style.Width("  ")
	end := vg.Length(math.Inf(-1))
	for i, t := range ticks {
		if t.Label == "" || t.Value < p.X.Min || t.Value > p.X.Max {
			continue
		}
		x, w := da.X(p.X.Norm(t.Value)), style.Width(t.Label)
		if x-w/2 < end {
			ticks[i].Label = ""
			continue
		}
		end = x + w/2 + gap
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
}

func hasTick(ts []plot.Tick, v float64) bool {
	for _, t := range ts {
		if t.Value == v {
			return true
		}
	}
	return false
}

// logTicks mark a log axis of nanoseconds at 1 to 9 times powers of ten
// and label them as durations: the powers of ten, and 2 and 5 times them
// too when the range spans two decades or less, so that a narrow range
// still has labels.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	dense := hi/lo <= 100
	var out []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		base := math.Pow(10, e)
		for m := 1; m < 10; m++ {
			v := float64(m) * base
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || (dense && (m == 2 || m == 5)) {
				t.Label = tickDuration(v)
			}
			out = append(out, t)
		}
	}
	return out
}

// tickDuration labels a tick of nanoseconds: "500ns", "20us", "1ms", "2s".
func tickDuration(ns float64) string {
	unit, div := "ns", 1.0
	switch {
	case ns >= 1e9:
		unit, div = "s", 1e9
	case ns >= 1e6:
		unit, div = "ms", 1e6
	case ns >= 1e3:
		unit, div = "us", 1e3
	}
	return strconv.FormatFloat(ns/div, 'g', 3, 64) + unit
}

// compactTicks are gonum's default ticks, labelled as rates are printed:
// "12k", "1.2M", never "1.2e+06".
type compactTicks struct{}

func (compactTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = strings.TrimSuffix(format.Rate(ts[i].Value), "/s")
		}
	}
	return ts
}
