package page

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// buildCharts builds the charts of a report on srcs, in the page's order: per
// input and decode target, per GOMAXPROCS, throughput, the longest stop of
// the world, probe and sched latency against pairs, then latency by percentile per level; then, when
// more than one GOMAXPROCS ran, throughput against GOMAXPROCS per level
// (procs_chart.go).
func buildCharts(srcs []Source) []chartData {
	names := sourceNames(srcs)
	var out []chartData
	for _, g := range groupsOf(cellsOf(srcs)) {
		subject := g.input
		if g.target != results.TargetAny {
			subject += " (" + g.target + " target)"
		}
		slug := slugOf(g.input + "-" + g.target)
		if g.batch > 0 {
			subject += fmt.Sprintf(", batch=%d", g.batch)
			slug += fmt.Sprintf("-batch%d", g.batch)
		}
		procs := distinct(g.cells, func(c cell) int { return c.res.Procs })
		for _, p := range procs {
			cs := filter(g.cells, func(c cell) bool { return c.res.Procs == p })
			id := fmt.Sprintf("%s-procs%d", slug, p)
			at := fmt.Sprintf("%s, GOMAXPROCS=%d", subject, p)
			out = append(out, scalingChart(cs, names, "throughput-"+id, scalingRateKind,
				"Throughput against pairs: "+at, "pairs (log scale)", "round trips/s",
				"Round trips per second at each level, one line per codec: how each scales from one pair to 2N pairs. The baseline codec, which does no JSON work, is left out: it is the harness's own ceiling.",
				func(c cell) int { return c.res.Pairs }, rateOf, false))
			floors := idleFloors(srcs, p)
			for _, fc := range freezeCharts {
				if ch := scalingChart(cs, names, fc.id+"-"+id, scalingDurationKind,
					fc.title+" against pairs: "+at, "pairs (log scale)", fc.ylabel, fc.desc,
					func(c cell) int { return c.res.Pairs }, cellFigure(fc.figure), true); len(ch.Series) > 0 {
					out = append(out, withFloor(ch, floors, fc.figure, names))
				}
			}
			for _, pairs := range distinct(cs, func(c cell) int { return c.res.Pairs }) {
				lc := filter(cs, func(c cell) bool { return c.res.Pairs == pairs })
				if ch := percentileChart(lc, names, fmt.Sprintf("latency-%s-%dx", id, pairs),
					fmt.Sprintf("Latency by percentile, %dx (%d pairs): %s", pairs, pairs, at)); len(ch.Series) > 0 {
					out = append(out, ch)
				}
				out = append(out, timeCharts(lc, names, fmt.Sprintf("%s-%dx", id, pairs), fmt.Sprintf("%dx (%d pairs): %s", pairs, pairs, at))...)
				if ch := mmuChart(lc, names, fmt.Sprintf("%s-%dx", id, pairs), fmt.Sprintf("%dx (%d pairs): %s", pairs, pairs, at)); len(ch.Series) > 0 {
					out = append(out, ch)
				}
			}
		}
		if len(procs) > 1 {
			out = append(out, procsCharts(srcs, names, g, subject, slug)...)
		}
	}
	out = append(out, sizeCharts(srcs)...)
	return append(out, safeSizeCharts(srcs)...) // safesize_chart.go
}

// rateOf and the others read one figure of a cell; ok is false when the
// cell has no such figure.
func rateOf(c cell) (float64, bool) {
	return c.res.RoundTripsPerSec(), c.res.N > 0 && c.res.Err == "" // a failed row's n is not its rate
}

// cellFigure reads one of the verdict's figures from a cell that measured
// something.
func cellFigure(f results.Metric) func(cell) (float64, bool) {
	return func(c cell) (float64, bool) {
		v, ok := f.Of(c.res)
		return float64(v), ok && c.res.N > 0
	}
}

// freezeCharts are the charts of how the codecs froze the rest of the
// program, one per figure of the verdict, each with the idle floor, and
// the baseline kept: it is what the harness does on its own.
var freezeCharts = []struct {
	id, title, ylabel, desc string
	figure                  results.Metric
}{
	{"stw", "Longest stop of the world", "stw.max",
		"How long the longest stop of the world (runtime.ReadMemStats, forced at a fixed interval) took to begin while the pairs ran: code the runtime cannot preempt holds every goroutine of the program that long. The dotted line is the idle floor.",
		results.STWMax},
	{"probe", "Sleep probe overshoot p99", "probe overshoot p99",
		"How late a goroutine sleeping in a loop woke (99th percentile) while the pairs ran; the dotted line is the idle floor, with no load.",
		results.ProbeP99},
	{"sched", "Scheduling latency p99", "sched latency p99",
		"How long goroutines sat runnable waiting for a P (99th percentile of /sched/latencies:seconds); the dotted line is the idle floor.",
		results.SchedP99},
}

// scalingChart draws one figure against a count: one line per codec (and
// per source, when two sources have the same codec at the same x).
func scalingChart(cs []cell, names []string, id string, kind chartKind, title, xlabel, ylabel, desc string,
	x func(cell) int, y func(cell) (float64, bool), keepBaseline bool) chartData {
	ch := chartData{ID: id, Title: title, Desc: desc, XLabel: xlabel, YLabel: ylabel, Kind: kind}
	type key struct {
		codec string
		src   int
	}
	pts := map[key][][2]float64{}
	srcsAt := map[string]map[int]bool{} // codec and x -> sources
	for _, c := range cs {
		v, ok := y(c)
		if !ok || (!keepBaseline && results.IsReference(c.res.Codec)) {
			continue
		}
		xv := x(c)
		pts[key{c.res.Codec, c.src}] = append(pts[key{c.res.Codec, c.src}], [2]float64{float64(xv), v})
		at := fmt.Sprintf("%s\x00%d", c.res.Codec, xv)
		if srcsAt[at] == nil {
			srcsAt[at] = map[int]bool{}
		}
		srcsAt[at][c.src] = true
	}
	split := false
	for _, s := range srcsAt {
		split = split || len(s) > 1
	}
	bySeries := map[key][][2]float64{}
	for k, p := range pts {
		if !split {
			k.src = 0
		}
		bySeries[k] = append(bySeries[k], p...)
	}
	for k, p := range bySeries {
		slices.SortFunc(p, func(a, b [2]float64) int { return cmp.Compare(a[0], b[0]) })
		name := k.codec
		if split {
			name += " (" + names[k.src] + ")"
		}
		ch.Series = append(ch.Series, chartSeries{Name: name, Codec: k.codec, Src: k.src, Points: p})
	}
	sortSeries(ch.Series)
	return ch
}

// idleFloors are the sources' idle passes at GOMAXPROCS procs, by source.
func idleFloors(srcs []Source, procs int) map[int]results.Result {
	out := map[int]results.Result{}
	for i, s := range srcs {
		if idle := s.Run.Idle; idle != nil && idle.Procs == procs {
			out[i] = *idle
		}
	}
	return out
}

// withFloor adds each source's idle figure f as a flat line across the
// chart's x range.
func withFloor(ch chartData, floors map[int]results.Result, f results.Metric, names []string) chartData {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range ch.Series {
		for _, p := range s.Points {
			lo, hi = min(lo, p[0]), max(hi, p[0])
		}
	}
	var srcs []int
	for i := range floors {
		srcs = append(srcs, i)
	}
	slices.Sort(srcs)
	for _, i := range srcs {
		// As far as the probes go, the idle pass is an encdec window with no
		// load: the table leaves probe passes out of probe.*, since their
		// latency is the probe's, but the idle pass's probe is its floor.
		idle := floors[i]
		idle.Mode = results.ModeEncdec
		v, ok := f.Of(idle)
		if !ok {
			continue
		}
		name := "idle floor"
		if len(srcs) > 1 {
			name += " (" + names[i] + ")"
		}
		y := float64(v)
		ch.Series = append(ch.Series, chartSeries{Name: name, Src: i, Floor: true, Points: [][2]float64{{lo, y}, {hi, y}}, Marks: [][2]float64{}})
	}
	return ch
}

// percentileTicks are where the percentile chart's x axis is labelled
// (0% is where it starts, too close to 50% for a label of its own).
var percentileTicks = []float64{50, 90, 99, 99.9, 99.99, 99.999, 99.9999}

// percentileChart is the HdrHistogram plot of one level: latency against
// 1/(1-percentile), every codec one line, a marker at each labelled
// percentile and at the maximum. The references' lines end where the
// codecs' do: baseline does no work and runs a thousand times as many
// round trips, and its line would stretch the axis to six nines, where no
// codec has a figure.
func percentileChart(cs []cell, names []string, id, title string) chartData {
	ch := chartData{ID: id, Title: title, Kind: percentileKind, XLabel: "percentile (log scale of 1/(1-percentile))", YLabel: "round-trip latency",
		Desc: "Round-trip latency at each percentile, every codec one line; both axes logarithmic. A line ends at its slowest round trip; with n round trips the last percentile that can be told is 1-1/n. " +
			"The references (baseline, control) are cut where the codecs' lines end, at the percentile of the codec with the most round trips."}
	perCodec := map[string]int{}
	limit := 0.0 // the most round trips of a codec, where the references' lines end
	for _, c := range cs {
		if c.hist != nil && c.hist.TotalCount() > 0 {
			perCodec[c.res.Codec]++
			if !results.IsReference(c.res.Codec) {
				limit = max(limit, float64(c.hist.TotalCount()))
			}
		}
	}
	for _, c := range cs {
		if c.hist == nil || c.hist.TotalCount() == 0 {
			continue
		}
		name := c.res.Codec
		if perCodec[c.res.Codec] > 1 {
			name += " (" + names[c.src] + ")"
		}
		pts, marks := percentileCurve(c.hist)
		if results.IsReference(c.res.Codec) && limit > 0 {
			pts, marks = clipCurve(pts, marks, c.hist, limit)
		}
		ch.Series = append(ch.Series, chartSeries{Name: name, Codec: c.res.Codec, Src: c.src, Points: pts, Marks: marks})
	}
	sortSeries(ch.Series)
	return ch
}

// clipCurve is the curve of h cut at x = limit: its points and marks
// before it, then its latency at limit's percentile, unmarked, since it is
// not h's maximum.
func clipCurve(pts, marks [][2]float64, h *hdrhistogram.Histogram, limit float64) ([][2]float64, [][2]float64) {
	if limit >= float64(h.TotalCount()) {
		return pts, marks
	}
	before := func(ps [][2]float64) [][2]float64 {
		return slices.DeleteFunc(slices.Clone(ps), func(p [2]float64) bool { return p[0] >= limit })
	}
	end := [2]float64{limit, float64(latency.Quantiles(h, 1-1/limit)[0])}
	return append(before(pts), end), before(marks)
}

// ticksPerHalf is how many points the curve has per halving of the
// distance to 100%, as HdrHistogram's percentile tables print.
const ticksPerHalf = 5

// percentileCurve is a histogram's latency (ns) at x = 1/(1-p) up to the
// last percentile its count can tell, then the maximum at x = n. Its
// percentiles are nearest-rank, as every figure's.
func percentileCurve(h *hdrhistogram.Histogram) (pts, marks [][2]float64) {
	n := float64(h.TotalCount())
	var xs, qs []float64
	for i := 0; ; i++ {
		x := math.Pow(2, float64(i)/ticksPerHalf)
		if x >= n {
			break
		}
		xs, qs = append(xs, x), append(qs, 1-1/x)
	}
	curve := len(xs)
	for _, p := range percentileTicks {
		if x := 1 / (1 - p/100); x < n {
			xs, qs = append(xs, x), append(qs, p/100)
		}
	}
	for i, v := range latency.Quantiles(h, qs...) {
		pt := [2]float64{xs[i], float64(v)}
		if i < curve {
			pts = append(pts, pt)
		} else {
			marks = append(marks, pt)
		}
	}
	last := [2]float64{n, float64(h.Max())}
	return append(pts, last), append(marks, last)
}
