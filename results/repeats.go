package results

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/latency"
)

// RepeatGroup is one scenario's repeats summed up for the console: Median is
// a Result whose n, bytes, window and latency figures are each the median
// of the repeats', and so are the freeze figures of its first line
// (stw.max, probe.p99, sched.p99); its culprit is that of the repeats'
// longest stall; the other fields are those of the repeat with the median
// round trips per second. Spreads is, per figure, the largest deviation of
// a repeat from that median, as a fraction of it.
type RepeatGroup struct {
	Median  Result
	Runs    int // repeats that measured something
	Of      int // repeats planned (more than ran, after an interrupt)
	Spreads []FigureSpread
}

// FigureSpread is how far one figure's repeats stray from their median.
type FigureSpread struct {
	Figure string
	Frac   float64
}

// spreadFigures are the figures whose spread a repeated row shows.
var spreadFigures = []Metric{MetricOf("p50"), MetricOf("p99"), MetricOf("max"), MetricOf("rt/s")}

// GroupRepeats sums up each scenario's repeats, in the order of a run with
// one repeat (per input, per codec, per level), whatever order they ran in.
func GroupRepeats(run *Run) []RepeatGroup {
	by, keys := GroupByKey(run.Results)
	inputAt, codecAt := map[string]int{}, map[string]int{}
	for _, in := range run.Inputs {
		inputAt[in.Name] = len(inputAt)
	}
	for _, im := range run.Config.Codecs {
		codecAt[im] = len(codecAt)
	}
	buildAt := map[string]int{}
	for _, b := range run.Config.Builds {
		buildAt[b.Name] = len(buildAt)
	}
	pointAt := map[Point]int{}
	for _, k := range keys {
		p := by[k][0].Point()
		if _, seen := pointAt[p]; !seen {
			pointAt[p] = len(pointAt)
		}
	}
	// Repeats interleave codecs within a level; the console prints a
	// codec's levels together.
	slices.SortStableFunc(keys, func(a, b Key) int {
		ra, rb := by[a][0], by[b][0]
		if c := inputAt[ra.Input] - inputAt[rb.Input]; c != 0 {
			return c
		}
		if c := pointAt[ra.Point()] - pointAt[rb.Point()]; c != 0 {
			return c // a sweep's values print one after the other
		}
		if c := codecAt[ra.Codec] - codecAt[rb.Codec]; c != 0 {
			return c
		}
		return buildAt[ra.Build] - buildAt[rb.Build] // a codec's builds one after the other
	})
	out := make([]RepeatGroup, len(keys))
	for i, k := range keys {
		out[i] = SummarizeRepeats(by[k])
		out[i].Of = max(out[i].Of, run.Config.Repeats())
	}
	return out
}

func SummarizeRepeats(rs []Result) RepeatGroup {
	ok, _ := Measured(rs)
	rep := RepeatGroup{Median: rs[0], Runs: len(ok), Of: len(rs)}
	if len(ok) == 0 {
		return rep
	}
	byRate := slices.Clone(ok)
	slices.SortStableFunc(byRate, func(a, b Result) int {
		return cmp.Compare(a.RoundTripsPerSec(), b.RoundTripsPerSec())
	})
	m := byRate[(len(byRate)-1)/2]
	med := func(f func(Result) float64) float64 { return latency.Median(Values(ok, f)) }
	dur := func(f func(Result) time.Duration) time.Duration {
		return time.Duration(math.Round(med(func(r Result) float64 { return float64(f(r)) })))
	}
	m.N = int64(math.Round(med(func(r Result) float64 { return float64(r.N) })))
	m.Window = dur(func(r Result) time.Duration { return r.Window })
	m.Bytes = int64(math.Round(med(Result.MBPerSec) * 1e6 * m.Window.Seconds()))
	l := &m.Latency
	l.N = m.N
	l.Min = dur(func(r Result) time.Duration { return r.Latency.Min })
	l.Mean = dur(func(r Result) time.Duration { return r.Latency.Mean })
	l.P50 = dur(func(r Result) time.Duration { return r.Latency.P50 })
	l.P95 = dur(func(r Result) time.Duration { return r.Latency.P95 })
	l.P99 = dur(func(r Result) time.Duration { return r.Latency.P99 })
	l.P999 = dur(func(r Result) time.Duration { return r.Latency.P999 })
	l.Max = dur(func(r Result) time.Duration { return r.Latency.Max })
	m.Hist = nil // a repeat's histogram is not the median's
	medianFreezeFigures(&m, ok)
	worstCulprit(&m, rs)
	for _, r := range rs {
		m.Partial = m.Partial || r.Partial
		if m.Err == "" {
			m.Err = r.Err
		}
	}
	rep.Median = m
	for _, f := range spreadFigures {
		vs := Values(ok, f.Value)
		c := latency.Median(vs)
		var dev float64
		for _, v := range vs {
			dev = max(dev, math.Abs(v-c))
		}
		if c != 0 {
			rep.Spreads = append(rep.Spreads, FigureSpread{f.Name, dev / c})
		}
	}
	return rep
}

// medianFreezeFigures makes the figures a row's first line shows of how
// the program froze the medians of the repeats that have them, as the
// verdict reads them. A figure no repeat has (probe.p99 in a probe pass,
// whose latency is the probe's) stays as it was.
func medianFreezeFigures(m *Result, ok []Result) {
	median := func(f Metric) (time.Duration, bool) {
		vs := FigureValues(ok, f)
		return time.Duration(math.Round(latency.Median(vs))), len(vs) > 0
	}
	if v, has := median(STWMax); has && m.STW != nil {
		s := *m.STW // the repeat's own stays as it was
		s.Max = v
		m.STW = &s
	}
	if v, has := median(ProbeP99); has && m.Probe != nil {
		p := *m.Probe
		p.P99 = v
		m.Probe = &p
	}
	if v, has := median(SchedP99); has && m.Runtime != nil {
		rt := *m.Runtime
		rt.SchedLatency.P99 = v
		m.Runtime = &rt
	}
}

// worstCulprit gives a repeated row the culprit of its repeats' longest
// stall, with that repeat's trace: the one worth looking at. With none,
// the first repeat's reason for none.
func worstCulprit(m *Result, rs []Result) {
	m.Culprit, m.CulpritErr, m.Trace = nil, "", ""
	for _, r := range rs {
		switch {
		case r.Culprit != nil && (m.Culprit == nil || r.Culprit.Stall > m.Culprit.Stall):
			m.Culprit, m.Trace = r.Culprit, r.Trace
		case m.CulpritErr == "":
			m.CulpritErr = r.CulpritErr
		}
	}
	if m.Culprit != nil {
		m.CulpritErr = ""
	}
}

// Suffix is what a repeated row adds to the row of its median:
// "  [5 runs; ± p50 2% p99 8% max 31% rt/s 1%]", or "  [1 of 5 runs]"
// after an interrupt, where one run has no spread.
func (r RepeatGroup) Suffix() string {
	var b strings.Builder
	b.WriteString("  [")
	if r.Runs != r.Of {
		fmt.Fprintf(&b, "%d of ", r.Runs)
	}
	if r.Of == 1 {
		b.WriteString("1 run")
	} else {
		fmt.Fprintf(&b, "%d runs", r.Of)
	}
	if len(r.Spreads) > 0 && r.Runs > 1 {
		b.WriteString("; ±")
		for _, s := range r.Spreads {
			fmt.Fprintf(&b, " %s %.0f%%", s.Figure, s.Frac*100)
		}
	}
	b.WriteString("]")
	return b.String()
}

// GroupByKey collects each scenario's repeats, keys in first-seen order.
func GroupByKey(rs []Result) (map[Key][]Result, []Key) {
	by := map[Key][]Result{}
	var keys []Key
	for _, r := range rs {
		k := r.Key()
		if _, ok := by[k]; !ok {
			keys = append(keys, k)
		}
		by[k] = append(by[k], r)
	}
	return by, keys
}

// Measured keeps the repeats that measured round trips and ended without
// error, returning the first other one's reason: a failed repeat is no
// sample of the codec's speed, even with the round trips it completed
// before it failed.
func Measured(rs []Result) ([]Result, string) {
	var out []Result
	why := ""
	for _, r := range rs {
		switch {
		case r.N > 0 && r.Err == "":
			out = append(out, r)
		case why != "":
		case r.Err != "":
			why = r.Err
		case r.IsEncdec():
			why = r.WhyNoRoundTrip()
		default:
			why = "nothing measured"
		}
	}
	return out, why
}

func all(rs []Result, f func(Result) bool) bool {
	for _, r := range rs {
		if !f(r) {
			return false
		}
	}
	return true
}

func Values(rs []Result, f func(Result) float64) []float64 {
	out := make([]float64, len(rs))
	for i, r := range rs {
		out[i] = f(r)
	}
	return out
}

// WhyNoRoundTrip says why an encdec row without error has n=0.
func (r Result) WhyNoRoundTrip() string {
	switch {
	case r.InFlight > 0:
		return "a round trip still in flight after " + format.Age(r.InFlight)
	case r.Partial && r.Window == 0:
		return "cut short before the window opened"
	default:
		return "no round trip completed in " + format.Age(r.Window)
	}
}

// FigureValues are f's values over the repeats that measured something.
func FigureValues(rs []Result, f Metric) []float64 {
	var out []float64
	ok, _ := Measured(rs)
	for _, r := range ok {
		if v, has := f.Of(r); has {
			out = append(out, float64(v))
		}
	}
	return out
}
