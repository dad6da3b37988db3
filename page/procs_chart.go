package page

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// procsCharts are the charts of a group that ran at more than one
// GOMAXPROCS: per level as it was asked for, throughput against
// GOMAXPROCS; at the level the recommendation judges, p99 and probe.p99
// too, with the recommended value marked. Levels come from each source's
// verdict.SweepTables, the table the console's summary prints, so that
// level N is each value's own N pairs, and a scenario that is two levels
// at once (1 and N at GOMAXPROCS=1) is a point of both.
func procsCharts(srcs []Source, names []string, g chartGroup, subject, slug string) []chartData {
	var specs []string
	bySpec := map[string][]cell{}
	for i, s := range srcs {
		var rs []results.Result
		at := map[results.Key]cell{}
		for _, c := range g.cells {
			if c.src == i {
				rs = append(rs, c.res)
				at[c.res.Key()] = c
			}
		}
		for _, t := range verdict.SweepTables(s.Run.Config, rs) {
			for _, lv := range t.Levels {
				if !slices.Contains(specs, lv.Spec) {
					specs = append(specs, lv.Spec)
				}
				for _, row := range lv.Rows {
					for _, sc := range row.Cells {
						if sc.Ran {
							bySpec[lv.Spec] = append(bySpec[lv.Spec], at[sc.Key()])
						}
					}
				}
			}
		}
	}
	recs := recommendations(srcs, g.input)
	var out, judgedCharts []chartData
	for _, spec := range specs {
		cs := bySpec[spec]
		id := fmt.Sprintf("procs-%s-%s", slug, slugOf(spec))
		ch := scalingChart(cs, names, id, scalingRateKind,
			fmt.Sprintf("Throughput against GOMAXPROCS, level %s: %s", spec, subject), "GOMAXPROCS (log scale)", "round trips/s",
			fmt.Sprintf("Round trips per second at level %s (pairs as a multiple of N = GOMAXPROCS), one line per codec, for each GOMAXPROCS that ran.", spec),
			func(c cell) int { return c.res.Procs }, rateOf, false)
		judged := recs.at(spec)
		out = append(out, judged.mark(ch, true))
		if len(judged) == 0 {
			continue
		}
		for _, f := range []struct {
			id, title, ylabel string
			figure            results.Metric
		}{
			{"p99", "Round-trip p99", "round-trip p99", results.MetricOf("p99")},
			{"probe", "Sleep probe overshoot p99", "probe overshoot p99", results.ProbeP99},
		} {
			ch := scalingChart(cs, names, fmt.Sprintf("procs-%s-%s-%s", f.id, slug, slugOf(spec)), scalingDurationKind,
				fmt.Sprintf("%s against GOMAXPROCS, level %s: %s", f.title, spec, subject), "GOMAXPROCS (log scale)", f.ylabel,
				fmt.Sprintf("%s at level %s, one line per codec: with throughput, the figures the GOMAXPROCS recommendation weighs.", f.title, spec),
				func(c cell) int { return c.res.Procs }, cellFigure(f.figure), false)
			if len(ch.Series) > 0 {
				judgedCharts = append(judgedCharts, judged.mark(ch, false))
			}
		}
	}
	return append(out, judgedCharts...)
}

// sourceRecs are the GOMAXPROCS recommendations of one input, by the
// source they are of.
type sourceRecs []struct {
	src  int
	name string
	rec  verdict.Procs
}

// recommendations are each source's recommendations for input, as the
// console prints them (verdict.ProcsOf).
func recommendations(srcs []Source, input string) sourceRecs {
	var out sourceRecs
	names := sourceNames(srcs)
	for i, s := range srcs {
		for _, r := range verdict.ProcsOf(s.Run) {
			if r.Input == input {
				out = append(out, struct {
					src  int
					name string
					rec  verdict.Procs
				}{i, names[i], r})
			}
		}
	}
	return out
}

// at are the recommendations that judged level spec.
func (rs sourceRecs) at(spec string) sourceRecs {
	var out sourceRecs
	for _, r := range rs {
		if r.rec.Level == spec {
			out = append(out, r)
		}
	}
	return out
}

// mark adds each recommendation to ch: a vertical line at the
// recommended GOMAXPROCS, and its words to the caption, in full on the
// throughput chart and as the value alone on the others.
func (rs sourceRecs) mark(ch chartData, full bool) chartData {
	if len(rs) == 0 || len(ch.Series) == 0 {
		return ch
	}
	top := ch.maxY()
	var words []string
	for _, r := range rs {
		who := ""
		if len(rs) > 1 {
			who = " (" + r.name + ")"
		}
		if r.rec.At != "" {
			who += " at " + r.rec.At
		}
		switch {
		case full:
			words = append(words, fmt.Sprintf("GOMAXPROCS recommendation%s: %s.", who, strings.Join(append([]string{r.rec.Line}, r.rec.Remarks...), ". ")))
		case r.rec.Best > 0:
			words = append(words, fmt.Sprintf("The line marks the recommended GOMAXPROCS%s, %d: the throughput chart of level %s says why.", who, r.rec.Best, r.rec.Level))
		default:
			words = append(words, fmt.Sprintf("No GOMAXPROCS is recommended%s: the throughput chart of level %s says why.", who, r.rec.Level))
		}
		if r.rec.Best > 0 {
			x := float64(r.rec.Best)
			ch.Series = append(ch.Series, chartSeries{Name: fmt.Sprintf("recommended%s: %d", who, r.rec.Best), Src: r.src, Floor: true,
				Points: [][2]float64{{x, 0}, {x, top}}, Marks: [][2]float64{}})
		}
	}
	ch.Desc += " " + strings.Join(words, " ")
	return ch
}
