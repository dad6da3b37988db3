package page

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// The size charts are drawn at; the page scales them to its width.
const (
	chartWidth  vg.Length = 460 // points
	chartHeight vg.Length = 260
	pngDPI                = 144
)

// chartFont is the face of every label: Liberation Sans, which gonum/plot
// carries, so the charts measure and draw their text the same everywhere.
// The page embeds the same font once.
var chartFont = font.Font{Typeface: "Liberation", Variant: "Sans"}

// palette is Okabe and Ito's colour-blind safe set (grey in place of its
// yellow, which is too faint on white) and a brown, one colour per codec
// in the default order, so that no two default codecs share a colour;
// markers and dashes tell the lines apart too.
var palette = []color.RGBA{
	{0x00, 0x72, 0xB2, 0xff}, // blue
	{0xE6, 0x9F, 0x00, 0xff}, // orange
	{0x00, 0x9E, 0x73, 0xff}, // bluish green
	{0xD5, 0x5E, 0x00, 0xff}, // vermillion
	{0xCC, 0x79, 0xA7, 0xff}, // reddish purple
	{0x56, 0xB4, 0xE9, 0xff}, // sky blue
	{0x7F, 0x7F, 0x7F, 0xff}, // grey
	{0x00, 0x00, 0x00, 0xff}, // black
	{0x8C, 0x51, 0x0A, 0xff}, // brown: the ninth default, baseline after control
}

var glyphs = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{},
	draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.PlusGlyph{}, draw.CircleGlyph{},
}

// dashes tell sources apart: the first solid, the others dashed.
var dashes = [][]vg.Length{nil, {vg.Points(6), vg.Points(3)}, {vg.Points(2), vg.Points(2)}, {vg.Points(8), vg.Points(3), vg.Points(2), vg.Points(3)}}

// svg draws the chart as an SVG document.
func (c chartData) svg() ([]byte, error) {
	cv := vgsvg.New(chartWidth, chartHeight)
	if err := c.draw(draw.New(cv)); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := cv.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("chart %s: %w", c.ID, err)
	}
	return b.Bytes(), nil
}

// writePNG draws the chart as a PNG image on white.
func (c chartData) writePNG(w io.Writer) error {
	cv := vgimg.NewWith(vgimg.UseWH(chartWidth, chartHeight), vgimg.UseDPI(pngDPI))
	if err := c.draw(draw.New(cv)); err != nil {
		return err
	}
	if _, err := (vgimg.PngCanvas{Canvas: cv}).WriteTo(w); err != nil {
		return fmt.Errorf("chart %s: %w", c.ID, err)
	}
	return nil
}

// draw draws the plot with its legend to the right of it, where it never
// hides a line.
func (c chartData) draw(dc draw.Canvas) error {
	p := plot.New()
	p.Title.Text = c.Title
	p.Title.TextStyle.Font = font.From(chartFont, 11)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(chartFont, 10)
		a.Tick.Label.Font = font.From(chartFont, 9)
	}
	p.X.Label.Text = c.XLabel
	leg := plot.NewLegend()
	leg.TextStyle.Font = font.From(chartFont, 9)
	leg.Top, leg.Left = true, true

	scale, unit := 1.0, ""
	switch c.Kind {
	case percentileKind, timeKind:
		// Nanoseconds, each tick with its unit: one chart can span the
		// baseline's 500ns and a codec's 50ms.
		p.Y.Label.Text = c.YLabel + " (log scale)"
	case scalingDurationKind:
		unit, scale = durationUnit(c.maxY())
		p.Y.Label.Text = c.YLabel + " (" + unit + ")"
	default:
		p.Y.Label.Text = c.YLabel
	}
	if c.oneX() {
		if err := c.bars(p, &leg, scale); err != nil {
			return err
		}
	} else {
		for _, s := range c.Series {
			lines, marks, err := c.lines(s, scale)
			if err != nil {
				return fmt.Errorf("chart %s, %s: %w", c.ID, s.Name, err)
			}
			for _, l := range lines {
				p.Add(l)
			}
			if marks != nil {
				p.Add(marks)
				leg.Add(s.Name, lines[0], marks)
			} else {
				leg.Add(s.Name, lines[0])
			}
		}
		c.axes(p, scale)
	}

	legendWidth := vg.Length(0)
	for _, s := range c.Series {
		legendWidth = max(legendWidth, leg.TextStyle.Width(s.Name))
	}
	legendWidth += leg.ThumbnailWidth + 3*leg.Padding + vg.Points(12)
	legendWidth = min(legendWidth, dc.Size().X/3)
	plotCanvas := draw.Crop(dc, 0, -legendWidth, 0, 0)
	thinXTicks(p, plotCanvas)
	p.Draw(plotCanvas)
	legendCanvas := draw.Crop(dc, dc.Size().X-legendWidth+vg.Points(6), 0, 0, -vg.Points(24)) // below the title's line
	leg.Draw(legendCanvas)
	return nil
}

// lines makes a series' line, a piece per run of its points (Cuts), and
// its markers, y scaled into the axis unit.
func (c chartData) lines(s chartSeries, scale float64) ([]*plotter.Line, *plotter.Scatter, error) {
	xy := func(ps [][2]float64) plotter.XYs {
		out := make(plotter.XYs, len(ps))
		for i, p := range ps {
			y := p[1] / scale
			if c.Kind == percentileKind || c.Kind == timeKind {
				y = math.Max(y, 1) // 0ns has no place on a log axis
			}
			out[i] = plotter.XY{X: p[0], Y: y}
		}
		return out
	}
	col, glyph := c.style(s)
	var lines []*plotter.Line
	for _, piece := range s.pieces() {
		line, err := plotter.NewLine(xy(piece))
		if err != nil {
			return nil, nil, err
		}
		line.Color = col
		line.Width = vg.Points(1.5)
		line.Dashes = dashes[s.Src%len(dashes)]
		if s.Dotted {
			line.Dashes = []vg.Length{vg.Points(1.5), vg.Points(2.5)}
		}
		if s.Floor {
			line.Dashes = []vg.Length{vg.Points(1), vg.Points(3)}
			line.Width = vg.Points(1.2)
		}
		lines = append(lines, line)
	}
	if s.Floor {
		return lines, nil, nil
	}
	marks := s.Marks
	if marks == nil {
		marks = s.Points
	}
	sc, err := plotter.NewScatter(xy(marks))
	if err != nil {
		return nil, nil, err
	}
	sc.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(3), Shape: glyph}
	if c.Kind == timeKind {
		sc.GlyphStyle.Radius = vg.Points(1.8) // a point an interval: many
	}
	return lines, sc, nil
}

// style is a codec's colour and marker, the same in every chart.
func (c chartData) style(s chartSeries) (color.Color, draw.GlyphDrawer) {
	if s.Floor {
		return color.Black, nil
	}
	i := results.CodecRank(s.Codec)
	if i == len(results.DefaultCodecs) {
		// A codec outside the default list (a test codec): by its name,
		// so that it keeps its look from chart to chart.
		h := fnv.New32a()
		h.Write([]byte(s.Codec))
		i = int(h.Sum32() % uint32(len(palette)))
	}
	return palette[i%len(palette)], glyphs[i%len(glyphs)]
}

func (c chartData) maxY() float64 {
	m := 0.0
	for _, s := range c.Series {
		for _, p := range s.Points {
			m = max(m, p[1])
		}
	}
	return m
}

func (c chartData) minMaxX() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, s := range c.Series {
		for _, p := range s.Points {
			lo, hi = min(lo, p[0]), max(hi, p[0])
		}
	}
	return lo, hi
}

// axes sets the scales, ranges and ticks of the chart's kind.
func (c chartData) axes(p *plot.Plot, scale float64) {
	lo, hi := c.minMaxX()
	if math.IsInf(lo, 0) {
		lo, hi = 1, 10
	}
	maxY := c.maxY() / scale
	switch c.Kind {
	case timeKind:
		p.X.Min, p.X.Max = 0, math.Max(hi*1.02, 1e-3)
		p.Y.Scale = plot.LogScale{}
		c.logY(p, maxY)
	case percentileKind:
		p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
		// The axis ends where the data does (with room for the last
		// marker): the percentiles no line reaches are blank space.
		p.X.Min, p.X.Max = 1, math.Max(10, hi*1.25)
		var ticks []plot.Tick
		for _, pct := range percentileTicks {
			if x := 1 / (1 - pct/100); x <= hi*1.0001 { // a percentile some line reaches
				ticks = append(ticks, plot.Tick{Value: x, Label: strconv.FormatFloat(pct, 'f', -1, 64) + "%"})
			}
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
		c.logY(p, maxY)
	case sizeRateKind, sizeDurationKind:
		c.sizeAxes(p, lo, hi) // bysize_chart.go
	case mmuKind:
		c.mmuAxes(p, lo, hi) // mmu_chart.go
	default:
		p.X.Scale = plot.LogScale{}
		p.X.Min, p.X.Max = lo/1.3, hi*1.3
		var ticks []plot.Tick
		for _, s := range c.Series {
			for _, pt := range s.Points {
				if !hasTick(ticks, pt[0]) && !s.Floor {
					ticks = append(ticks, plot.Tick{Value: pt[0], Label: strconv.FormatFloat(pt[0], 'f', -1, 64)})
				}
			}
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
		p.Y.Min, p.Y.Max = 0, math.Max(maxY*1.08, 1e-9)
		if c.Kind == scalingRateKind {
			p.Y.Tick.Marker = compactTicks{}
		}
	}
	p.Add(plotter.NewGrid())
}

// logY sets a logarithmic y axis of nanoseconds to the chart's values.
func (c chartData) logY(p *plot.Plot, maxY float64) {
	minY := math.Inf(1)
	for _, s := range c.Series {
		for _, pt := range s.Points {
			minY = math.Min(minY, math.Max(pt[1], 1))
		}
	}
	p.Y.Min, p.Y.Max = minY/1.25, maxY*1.25
	p.Y.Tick.Marker = logTicks{}
}

// oneX says whether a chart against a count has a single count: one
// level, or one GOMAXPROCS, which bars show better than lone dots.
func (c chartData) oneX() bool {
	if c.Kind != scalingRateKind && c.Kind != scalingDurationKind {
		return false
	}
	lo, hi := c.minMaxX()
	return lo == hi
}

// bars draws a chart of one count as a bar per codec, named under it and
// labelled with its value; a floor stays a dotted line across.
func (c chartData) bars(p *plot.Plot, leg *plot.Legend, scale float64) error {
	lo, _ := c.minMaxX()
	p.X.Label.Text = fmt.Sprintf("codec, at %s = %g", strings.TrimSuffix(c.XLabel, " (log scale)"), lo)
	p.Add(plotter.NewGrid()) // first: behind the bars
	var names []string
	var tops plotter.XYLabels
	for _, s := range c.Series {
		if s.Floor {
			continue
		}
		y := s.Points[0][1] / scale
		bar, err := plotter.NewBarChart(plotter.Values{y}, vg.Points(22))
		if err != nil {
			return fmt.Errorf("chart %s, %s: %w", c.ID, s.Name, err)
		}
		col, _ := c.style(s)
		bar.Color, bar.LineStyle.Width = col, 0
		bar.XMin = float64(len(names))
		p.Add(bar)
		leg.Add(s.Name, bar)
		tops.XYs = append(tops.XYs, plotter.XY{X: float64(len(names)), Y: y})
		tops.Labels = append(tops.Labels, c.valueLabel(s.Points[0][1]))
		names = append(names, s.Name)
	}
	for _, s := range c.Series {
		if !s.Floor {
			continue
		}
		floor := s
		floor.Points = [][2]float64{{-0.5, s.Points[0][1]}, {float64(len(names)) - 0.5, s.Points[0][1]}}
		lines, _, err := c.lines(floor, scale)
		if err != nil {
			return fmt.Errorf("chart %s, %s: %w", c.ID, s.Name, err)
		}
		p.Add(lines[0])
		leg.Add(s.Name, lines[0])
	}
	labels, err := plotter.NewLabels(tops)
	if err != nil {
		return fmt.Errorf("chart %s: %w", c.ID, err)
	}
	for i := range labels.TextStyle {
		labels.TextStyle[i].Font = font.From(chartFont, 8)
		labels.TextStyle[i].XAlign = draw.XCenter
	}
	labels.Offset = vg.Point{Y: vg.Points(2)}
	p.Add(labels)
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.6, float64(len(names))-0.4
	p.Y.Min, p.Y.Max = 0, math.Max(c.maxY()/scale*1.15, 1e-9)
	if c.Kind == scalingRateKind {
		p.Y.Tick.Marker = compactTicks{}
	}
	return nil
}

// valueLabel prints a bar's value as the console does.
func (c chartData) valueLabel(v float64) string {
	if c.Kind == scalingRateKind {
		return strings.TrimSuffix(format.Rate(v), "/s")
	}
	return format.Duration(time.Duration(v))
}
