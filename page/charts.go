package page

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"pingpong/latency"
	"pingpong/results"
)

// Source is one run in a report, with the name it goes by: the results
// file it was read from, or "" for the run that just ended.
type Source struct {
	Name string
	Run  *results.Run
}

// chartData is one picture of a report, as data: the page draws it as SVG,
// -png as a PNG file. Charts are built from runs in a stable order, so
// that a page rendered from saved results is the page of the run.
type chartData struct {
	ID     string // stable: the page's anchor and the PNG's file name
	Title  string
	Desc   string // what the chart shows, for its caption and screen readers
	XLabel string
	YLabel string // without the unit, which drawing picks from the values
	Kind   chartKind
	Series []chartSeries
}

// chartKind says how a chart's axes are drawn.
type chartKind int

const (
	// percentileKind: x is 1/(1-percentile), logarithmic, ticks at 50%,
	// 90%, 99%...; y is latency, logarithmic (the HdrHistogram plot).
	percentileKind chartKind = iota
	// scalingRateKind: x is a count (pairs, GOMAXPROCS) on a log scale; y
	// is round trips per second from 0.
	scalingRateKind
	// scalingDurationKind: x as scalingRateKind; y is a latency from 0.
	scalingDurationKind
)

// chartSeries is one line of a chart. Impl picks its colour and marker, Src
// (which source it came from) its dash, so a codec looks the same in every
// chart and two files of one codec differ only in the dash.
type chartSeries struct {
	Name   string
	Impl   string
	Src    int
	Floor  bool         // the probe's idle floor: a reference line, not a codec
	Points [][2]float64 // x, y; y in nanoseconds for latencies
	// Marks are the points that get a marker, all of them when nil.
	Marks [][2]float64
}

// cell is one scenario of one source as the charts read it: the median of
// its repeats, and the histogram of every repeat's round trips.
type cell struct {
	src  int
	res  results.Result
	hist *hdrhistogram.Histogram
	spec string // the level as asked for: "1", "N", "2N"
}

// cellsOf reads every scenario of every source, the repeats of each
// summed up: figures are medians (as the console shows), histograms are
// merged, since a percentile plot of all the round trips needs them all.
func cellsOf(srcs []Source) []cell {
	var out []cell
	for i, s := range srcs {
		run := s.Run
		var rs []results.Result
		hists := map[results.Key]*hdrhistogram.Histogram{}
		if run.Config.Repeats() > 1 {
			for _, g := range results.GroupRepeats(run) {
				rs = append(rs, g.Median)
			}
			for _, r := range run.Results {
				if r.Hist == nil {
					continue
				}
				k := r.Key()
				if h, ok := hists[k]; ok {
					h.Merge(r.Hist)
				} else {
					hists[k] = r.Hist.Clone() // the run's own stays as it was
				}
			}
		} else {
			rs = run.Results
			for _, r := range rs {
				hists[r.Key()] = r.Hist
			}
		}
		for _, r := range rs {
			out = append(out, cell{src: i, res: r, hist: hists[r.Key()], spec: levelSpec(run.Config, r.Pairs)})
		}
	}
	return out
}

// levelSpec is how the level of a scenario was asked for, so that levels
// of runs at different GOMAXPROCS line up: 2N pairs is 4 at GOMAXPROCS 2
// and 8 at 4.
func levelSpec(cfg results.Config, pairs int) string {
	for _, l := range cfg.Levels {
		if l.Pairs == pairs && l.Spec != "" {
			return l.Spec
		}
	}
	return fmt.Sprint(pairs)
}

// chartGroup is the scenarios one set of charts is about: one input and
// decode target.
type chartGroup struct {
	input, target string
	batch         int // documents per message, 0 for the default one
	inputAt       int // where the input first appears among the sources' cells
	cells         []cell
}

// groupsOf sorts cells into groups: inputs in the order they first
// appear, across every source, then the any target before struct, then
// batch sizes.
func groupsOf(cells []cell) []chartGroup {
	var out []chartGroup
	inputAt := map[string]int{}
	type groupKey struct {
		input, target string
		batch         int
	}
	at := map[groupKey]int{}
	for _, c := range cells {
		if !c.res.IsEncdec() {
			continue // probe passes have no round trips to plot
		}
		if _, ok := inputAt[c.res.Input]; !ok {
			inputAt[c.res.Input] = len(inputAt)
		}
		k := groupKey{c.res.Input, targetOf(c.res), c.res.Key().Batch}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, chartGroup{input: k.input, target: k.target, batch: k.batch, inputAt: inputAt[k.input]})
		}
		out[i].cells = append(out[i].cells, c)
	}
	sortGroups(out)
	return out
}

// sortGroups orders groups by their key alone, input then target, so the
// order does not depend on the order they come in.
func sortGroups(gs []chartGroup) {
	slices.SortFunc(gs, func(a, b chartGroup) int {
		return cmp.Or(cmp.Compare(a.inputAt, b.inputAt), cmp.Compare(targetRank(a.target), targetRank(b.target)), strings.Compare(a.target, b.target),
			cmp.Compare(a.batch, b.batch))
	})
}

func targetOf(r results.Result) string {
	if t := r.Key().Target; t != "" {
		return t
	}
	return results.TargetAny
}

func targetRank(t string) int {
	if t == results.TargetAny {
		return 0
	}
	return 1
}

// buildCharts builds the charts of a report on srcs, in the page's order: per
// input and decode target, per GOMAXPROCS, throughput, the longest stop of
// the world, probe and sched latency against pairs, then latency by percentile per level; then, when
// more than one GOMAXPROCS ran, throughput against GOMAXPROCS per level.
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
			}
		}
		if len(procs) > 1 {
			for _, spec := range distinctStrings(g.cells, func(c cell) string { return c.spec }) {
				cs := filter(g.cells, func(c cell) bool { return c.spec == spec })
				out = append(out, scalingChart(cs, names, fmt.Sprintf("procs-%s-%s", slug, slugOf(spec)), scalingRateKind,
					fmt.Sprintf("Throughput against GOMAXPROCS, level %s: %s", spec, subject), "GOMAXPROCS (log scale)", "round trips/s",
					fmt.Sprintf("Round trips per second at level %s (pairs as a multiple of N = GOMAXPROCS), one line per codec, for each GOMAXPROCS that ran.", spec),
					func(c cell) int { return c.res.Procs }, rateOf, false))
			}
		}
	}
	return append(out, sizeCharts(srcs)...)
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
		impl string
		src  int
	}
	pts := map[key][][2]float64{}
	srcsAt := map[string]map[int]bool{} // impl and x -> sources
	for _, c := range cs {
		v, ok := y(c)
		if !ok || (!keepBaseline && c.res.Impl == results.Baseline) {
			continue
		}
		xv := x(c)
		pts[key{c.res.Impl, c.src}] = append(pts[key{c.res.Impl, c.src}], [2]float64{float64(xv), v})
		at := fmt.Sprintf("%s\x00%d", c.res.Impl, xv)
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
		name := k.impl
		if split {
			name += " (" + names[k.src] + ")"
		}
		ch.Series = append(ch.Series, chartSeries{Name: name, Impl: k.impl, Src: k.src, Points: p})
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
// percentile and at the maximum.
func percentileChart(cs []cell, names []string, id, title string) chartData {
	ch := chartData{ID: id, Title: title, Kind: percentileKind, XLabel: "percentile (log scale of 1/(1-percentile))", YLabel: "round-trip latency",
		Desc: "Round-trip latency at each percentile, every codec one line; both axes logarithmic. A line ends at its slowest round trip; with n round trips the last percentile that can be told is 1-1/n."}
	perImpl := map[string]int{}
	for _, c := range cs {
		if c.hist != nil && c.hist.TotalCount() > 0 {
			perImpl[c.res.Impl]++
		}
	}
	for _, c := range cs {
		if c.hist == nil || c.hist.TotalCount() == 0 {
			continue
		}
		name := c.res.Impl
		if perImpl[c.res.Impl] > 1 {
			name += " (" + names[c.src] + ")"
		}
		pts, marks := percentileCurve(c.hist)
		ch.Series = append(ch.Series, chartSeries{Name: name, Impl: c.res.Impl, Src: c.src, Points: pts, Marks: marks})
	}
	sortSeries(ch.Series)
	return ch
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

func sortSeries(ss []chartSeries) {
	slices.SortStableFunc(ss, func(a, b chartSeries) int {
		if a.Floor != b.Floor {
			if a.Floor {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(results.ImplRank(a.Impl), results.ImplRank(b.Impl)), strings.Compare(a.Impl, b.Impl), cmp.Compare(a.Src, b.Src))
	})
}

// sourceNames are the names series carry when two sources are on one
// chart: the files' base names, or "run 1", "run 2" where they do not tell
// the sources apart.
func sourceNames(srcs []Source) []string {
	out := make([]string, len(srcs))
	seen := map[string]bool{}
	unique := true
	for i, s := range srcs {
		out[i] = strings.TrimSuffix(baseName(s.Name), ".json")
		if out[i] == "" || seen[out[i]] {
			unique = false
		}
		seen[out[i]] = true
	}
	if !unique {
		for i := range out {
			out[i] = fmt.Sprintf("run %d", i+1)
		}
	}
	return out
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

func distinct(cs []cell, f func(cell) int) []int {
	var out []int
	for _, c := range cs {
		if v := f(c); !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return out
}

// distinctStrings keeps first-seen order: levels as the runs listed them.
func distinctStrings(cs []cell, f func(cell) string) []string {
	var out []string
	for _, c := range cs {
		if v := f(c); !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

func filter(cs []cell, keep func(cell) bool) []cell {
	var out []cell
	for _, c := range cs {
		if keep(c) {
			out = append(out, c)
		}
	}
	return out
}

// slugOf makes a name safe for an id and a file name.
func slugOf(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '.':
			return r
		}
		return '_'
	}, s)
}

// durationUnit picks the unit a latency axis is labelled in from its
// largest value, as the console prints: ms from 1ms, us from 1us, else ns.
func durationUnit(maxNs float64) (string, float64) {
	switch {
	case maxNs >= float64(time.Millisecond):
		return "ms", float64(time.Millisecond)
	case maxNs >= float64(time.Microsecond):
		return "us", float64(time.Microsecond)
	default:
		return "ns", 1
	}
}
