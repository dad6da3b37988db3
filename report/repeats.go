package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"pingpong/latency"
	"pingpong/results"
)

// repeatGroup is one scenario's repeats summed up for the console: Median is
// a Result whose n, bytes, window and latency figures are each the median
// of the repeats', and so are the freeze figures of its first line
// (stw.max, probe.p99, sched.p99); its culprit is that of the repeats'
// longest stall; the other fields are those of the repeat with the median
// round trips per second. Spreads is, per figure, the largest deviation of
// a repeat from that median, as a fraction of it.
type repeatGroup struct {
	Median  results.Result
	Runs    int // repeats that measured something
	Of      int // repeats planned (more than ran, after an interrupt)
	Spreads []figureSpread
}

// figureSpread is how far one figure's repeats stray from their median.
type figureSpread struct {
	Figure string
	Frac   float64
}

// spreadFigures are the figures whose spread a repeated row shows.
var spreadFigures = []struct {
	name  string
	value func(results.Result) float64
}{
	{"p50", func(r results.Result) float64 { return float64(r.Latency.P50) }},
	{"p99", func(r results.Result) float64 { return float64(r.Latency.P99) }},
	{"max", func(r results.Result) float64 { return float64(r.Latency.Max) }},
	{"rt/s", results.Result.RoundTripsPerSec},
}

// groupRepeats sums up each scenario's repeats, in the order of a run with
// one repeat (per input, per codec, per level), whatever order they ran in.
func groupRepeats(run *results.Run) []repeatGroup {
	by, keys := groupByKey(run.Results)
	inputAt, implAt := map[string]int{}, map[string]int{}
	for _, in := range run.Inputs {
		inputAt[in.Name] = len(inputAt)
	}
	for _, im := range run.Config.Impls {
		implAt[im] = len(implAt)
	}
	buildAt := map[string]int{}
	for _, b := range run.Config.Builds {
		buildAt[b.Name] = len(buildAt)
	}
	pointAt := map[results.Point]int{}
	for _, k := range keys {
		if p := by[k][0].Point(); !hasKey(pointAt, p) {
			pointAt[p] = len(pointAt)
		}
	}
	// Repeats interleave codecs within a level; the console prints a
	// codec's levels together.
	slices.SortStableFunc(keys, func(a, b results.Key) int {
		ra, rb := by[a][0], by[b][0]
		if c := inputAt[ra.Input] - inputAt[rb.Input]; c != 0 {
			return c
		}
		if c := pointAt[ra.Point()] - pointAt[rb.Point()]; c != 0 {
			return c // a sweep's values print one after the other
		}
		if c := implAt[ra.Impl] - implAt[rb.Impl]; c != 0 {
			return c
		}
		return buildAt[ra.Build] - buildAt[rb.Build] // a codec's builds one after the other
	})
	out := make([]repeatGroup, len(keys))
	for i, k := range keys {
		out[i] = summarizeRepeats(by[k])
		out[i].Of = max(out[i].Of, run.Config.Repeats())
	}
	return out
}

func summarizeRepeats(rs []results.Result) repeatGroup {
	ok, _ := measured(rs)
	rep := repeatGroup{Median: rs[0], Runs: len(ok), Of: len(rs)}
	if len(ok) == 0 {
		return rep
	}
	byRate := slices.Clone(ok)
	slices.SortStableFunc(byRate, func(a, b results.Result) int {
		return cmpFloat(a.RoundTripsPerSec(), b.RoundTripsPerSec())
	})
	m := byRate[(len(byRate)-1)/2]
	med := func(f func(results.Result) float64) float64 { return latency.Median(values(ok, f)) }
	dur := func(f func(results.Result) time.Duration) time.Duration {
		return time.Duration(math.Round(med(func(r results.Result) float64 { return float64(f(r)) })))
	}
	m.N = int64(math.Round(med(func(r results.Result) float64 { return float64(r.N) })))
	m.Window = dur(func(r results.Result) time.Duration { return r.Window })
	m.Bytes = int64(math.Round(med(results.Result.MBPerSec) * 1e6 * m.Window.Seconds()))
	l := &m.Latency
	l.N = m.N
	l.Min = dur(func(r results.Result) time.Duration { return r.Latency.Min })
	l.Mean = dur(func(r results.Result) time.Duration { return r.Latency.Mean })
	l.P50 = dur(func(r results.Result) time.Duration { return r.Latency.P50 })
	l.P95 = dur(func(r results.Result) time.Duration { return r.Latency.P95 })
	l.P99 = dur(func(r results.Result) time.Duration { return r.Latency.P99 })
	l.P999 = dur(func(r results.Result) time.Duration { return r.Latency.P999 })
	l.Max = dur(func(r results.Result) time.Duration { return r.Latency.Max })
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
		vs := values(ok, f.value)
		c := latency.Median(vs)
		var dev float64
		for _, v := range vs {
			dev = max(dev, math.Abs(v-c))
		}
		if c != 0 {
			rep.Spreads = append(rep.Spreads, figureSpread{f.name, dev / c})
		}
	}
	return rep
}

// medianFreezeFigures makes the figures a row's first line shows of how
// the program froze the medians of the repeats that have them, as the
// verdict reads them. A figure no repeat has (probe.p99 in a probe pass,
// whose latency is the probe's) stays as it was.
func medianFreezeFigures(m *results.Result, ok []results.Result) {
	median := func(f metric) (time.Duration, bool) {
		vs := figureValues(ok, f)
		return time.Duration(math.Round(latency.Median(vs))), len(vs) > 0
	}
	if v, has := median(stwMax); has && m.STW != nil {
		s := *m.STW // the repeat's own stays as it was
		s.Max = v
		m.STW = &s
	}
	if v, has := median(probeP99); has && m.Probe != nil {
		p := *m.Probe
		p.P99 = v
		m.Probe = &p
	}
	if v, has := median(schedP99); has && m.Runtime != nil {
		rt := *m.Runtime
		rt.SchedLatency.P99 = v
		m.Runtime = &rt
	}
}

// worstCulprit gives a repeated row the culprit of its repeats' longest
// stall, with that repeat's trace: the one worth looking at. With none,
// the first repeat's reason for none.
func worstCulprit(m *results.Result, rs []results.Result) {
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

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// suffix is what a repeated row adds to the row of its median:
// "  [5 runs; ± p50 2% p99 8% max 31% rt/s 1%]", or "  [1 of 5 runs]"
// after an interrupt, where one run has no spread.
func (r repeatGroup) suffix() string {
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

// writeRepeats prints a run of several repeats: the console report with one
// row per scenario, showing the median of its repeats and their spread.
func writeRepeats(w io.Writer, run *results.Run, opts ConsoleOptions) error {
	c := NewConsole(w, run.Env, run.Config, opts)
	c.cal = run.Calibration
	c.repeats, _ = groupByKey(run.Results)
	if run.Idle != nil {
		c.Result(*run.Idle)
	}
	groups := groupRepeats(run)
	for _, in := range run.Inputs {
		c.Input(withScenarios(run, in), implsOf(run, in.Name))
		for _, g := range groups {
			if g.Median.Input != in.Name {
				continue
			}
			suffix := ""
			if g.Runs > 0 {
				suffix = g.suffix()
			}
			c.add(g.Median, suffix)
		}
	}
	return c.Finish()
}

// repeatsLine is the header's line for a run of several repeats.
func repeatsLine(cfg results.Config) string {
	return fmt.Sprintf("  repeats:     %d, interleaved across codecs; a row is the median of its repeats, ± the largest deviation from it", cfg.Repeats())
}

// figureValues are f's values over the repeats that measured something.
func figureValues(rs []results.Result, f metric) []float64 {
	var out []float64
	ok, _ := measured(rs)
	for _, r := range ok {
		if v, has := f.of(r); has {
			out = append(out, float64(v))
		}
	}
	return out
}
