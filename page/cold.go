package page

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// WriteColdHTML writes `pingpong cold -html`: one self-contained page (no
// script, nothing fetched) with, per codec, its first decode and first
// encode against the steady state (and after its warm-up, where it has
// one) as bars on one logarithmic time axis, then the console as it
// printed. The bars' whiskers are the range over the processes.
func WriteColdHTML(w io.Writer, run *results.ColdRun, console string) error {
	pg := coldPage{Title: "pingpong cold: " + run.Input.Name, Console: console, Chart: template.HTML(coldChart(run))}
	return coldTemplate.Execute(w, pg)
}

type coldPage struct {
	Title   string
	Chart   template.HTML
	Console string
}

var coldTemplate = template.Must(template.New("cold").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>body{font-family:sans-serif;margin:1.5em;max-width:1400px}pre{font-size:12px;overflow-x:auto}
svg text{font-family:sans-serif;font-size:12px}</style></head><body>
<h1>{{.Title}}</h1>
<p>Each codec's first call on the target in a fresh process, against its steady state (the median of later calls),
and after its warm-up where it has one. Bars are medians over the processes; whiskers their range. The axis is logarithmic.</p>
{{.Chart}}
<h2>Console</h2>
<pre>{{.Console}}</pre>
</body></html>
`))

// coldBar is one bar of the chart.
type coldBar struct {
	label  string
	spread results.Spread
	colour string
}

const (
	coldLabelW = 230.0 // the codec and bar labels' column
	coldPlotW  = 900.0
	coldBarH   = 14.0
	coldGap    = 10.0 // between codecs
)

// coldColours: first call, steady state, after the warm-up.
var coldColours = [3]string{"#D55E00", "#0072B2", "#009E73"}

func coldChart(run *results.ColdRun) string {
	type group struct {
		name string
		bars []coldBar
	}
	var groups []group
	lo, hi := time.Duration(math.MaxInt64), time.Duration(0)
	for _, c := range run.Codecs {
		g := group{name: c.Name}
		for _, what := range results.ColdCalls {
			first, steady := results.FirstTime(what), results.SteadyTime(what)
			g.bars = append(g.bars, coldBar{"first " + what, results.SpreadOf(c.Samples, first), coldColours[0]},
				coldBar{"steady " + what, results.SpreadOf(c.Samples, steady), coldColours[1]})
			if len(c.Warmed) > 0 {
				g.bars = append(g.bars, coldBar{"first " + what + " after warm-up", results.SpreadOf(c.Warmed, first), coldColours[2]})
			}
		}
		for _, b := range g.bars {
			if b.spread.N > 0 {
				lo, hi = min(lo, max(b.spread.Min, time.Microsecond)), max(hi, b.spread.Max)
			}
		}
		groups = append(groups, g)
	}
	if hi == 0 {
		return "<p>No codec completed a sample.</p>"
	}
	// decades of time around every figure
	l0 := math.Floor(math.Log10(float64(lo)))
	l1 := math.Ceil(math.Log10(float64(hi)))
	if l1 <= l0 {
		l1 = l0 + 1
	}
	x := func(d time.Duration) float64 {
		v := math.Log10(float64(max(d, time.Duration(math.Pow(10, l0)))))
		return coldLabelW + (v-l0)/(l1-l0)*coldPlotW
	}
	var b strings.Builder
	y := 24.0
	for _, g := range groups {
		fmt.Fprintf(&b, `<text x="4" y="%.0f" font-weight="bold">%s</text>`, y+coldBarH-3, template.HTMLEscapeString(g.name))
		y += coldBarH + 2
		for _, bar := range g.bars {
			fmt.Fprintf(&b, `<text x="16" y="%.0f">%s</text>`, y+coldBarH-3, template.HTMLEscapeString(bar.label))
			if bar.spread.N > 0 {
				fmt.Fprintf(&b, `<rect x="%.1f" y="%.0f" width="%.1f" height="%.0f" fill="%s"><title>%s %s: %s (%s-%s)</title></rect>`,
					coldLabelW, y, x(bar.spread.Median)-coldLabelW, coldBarH, bar.colour, template.HTMLEscapeString(g.name), bar.label,
					format.Duration(bar.spread.Median), format.Duration(bar.spread.Min), format.Duration(bar.spread.Max))
				fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#333"/>`, x(bar.spread.Min), x(bar.spread.Max), y+coldBarH/2, y+coldBarH/2)
				fmt.Fprintf(&b, `<text x="%.1f" y="%.0f">%s</text>`, x(bar.spread.Max)+4, y+coldBarH-3, format.Duration(bar.spread.Median))
			}
			y += coldBarH + 2
		}
		y += coldGap
	}
	for d := l0; d <= l1; d++ {
		px := coldLabelW + (d-l0)/(l1-l0)*coldPlotW
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="14" y2="%.0f" stroke="#ccc"/><text x="%.1f" y="12" text-anchor="middle">%s</text>`,
			px, px, y, px, format.Duration(time.Duration(math.Pow(10, d))))
	}
	return fmt.Sprintf(`<svg width="%.0f" height="%.0f" role="img" aria-label="first call against steady state">%s</svg>`,
		coldLabelW+coldPlotW+80, y, b.String())
}
