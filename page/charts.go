package page

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/results"
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

// chartSeries is one line of a chart. Codec picks its colour and marker, Src
// (which source it came from) its dash, so a codec looks the same in every
// chart and two files of one codec differ only in the dash.
type chartSeries struct {
	Name   string
	Codec  string
	Src    int
	Floor  bool         // the probe's idle floor: a reference line, not a codec
	Dotted bool         // a codec's line drawn dotted: baseline's, on the MMU chart
	Points [][2]float64 // x, y; y in nanoseconds for latencies
	// Marks are the points that get a marker, all of them when nil.
	Marks [][2]float64
	// Cuts are where the line breaks: indexes of Points that begin a new
	// piece, not joined to the point before.
	Cuts []int
}

// cell is one scenario of one source as the charts read it: the median of
// its repeats, and the histogram of every repeat's round trips.
type cell struct {
	src  int
	res  results.Result
	hist *hdrhistogram.Histogram
	// intervals are the window over time of the scenario's first repeat,
	// interval its width (Config.Interval).
	intervals []results.Interval
	interval  time.Duration
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
		intervals := map[results.Key][]results.Interval{}
		for _, r := range run.Results {
			if r.Repeat == 0 {
				intervals[r.Key()] = r.Intervals
			}
		}
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
			out = append(out, cell{src: i, res: r, hist: hists[r.Key()],
				intervals: intervals[r.Key()], interval: run.Config.Interval})
		}
	}
	return out
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

func sortSeries(ss []chartSeries) {
	slices.SortStableFunc(ss, func(a, b chartSeries) int {
		if a.Floor != b.Floor {
			if a.Floor {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(results.CodecRank(a.Codec), results.CodecRank(b.Codec)), strings.Compare(a.Codec, b.Codec), cmp.Compare(a.Src, b.Src))
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
