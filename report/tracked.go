package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// Continuous-benchmarking services (Bencher, github-action-benchmark) keep
// one series per benchmark and measure, and keep testbeds apart
// themselves: a benchmark's name is therefore the same on every machine
// (results.PortableName).

// trackedMeasure is one figure those services track per scenario.
type trackedMeasure struct {
	Slug string // Bencher's measure
	Name string // github-action-benchmark's suffix to the benchmark's name
	Unit string
	// Bigger: more is better (github-action-benchmark's
	// customBiggerIsBetter); else smaller is.
	Bigger  bool
	Value   func(results.Result) float64
	Applies func(results.Result) bool
}

func metricMeasure(slug, name, unit, metric string) trackedMeasure {
	m := results.MetricOf(metric)
	return trackedMeasure{Slug: slug, Name: name, Unit: unit, Bigger: m.Worse == results.LowerIsWorse, Value: m.Value, Applies: m.Has}
}

// trackedMeasures are round trips/s, the latency's p50 and p99, how long
// stops of the world took to begin (p99), the share of the window the
// program waited for them, and allocations per round trip.
var trackedMeasures = []trackedMeasure{
	metricMeasure("round-trips-per-second", "round trips/s", "round trips/s", "rt/s"),
	metricMeasure("latency-p50", "p50", "ns", "p50"),
	metricMeasure("latency-p99", "p99", "ns", "p99"),
	metricMeasure("stw-p99", "stw p99", "ns", "stw.p99"),
	{Slug: "stw-waiting-share", Name: "stw waiting share", Unit: "share of window",
		Value:   func(r results.Result) float64 { return r.STWWaited.Seconds() / r.Window.Seconds() },
		Applies: func(r results.Result) bool { return r.STW != nil && r.Window > 0 }},
	metricMeasure("allocs-per-round-trip", "allocs/round trip", "allocs/round trip", "allocs"),
}

// trackedFigure is one measure of one scenario: the median of its repeats
// and, when there were several, the least and the most of them.
type trackedFigure struct {
	Value, Lower, Upper float64
	Repeats             int
}

// CheckTracked says whether the continuous-benchmarking formats (-bmf,
// -gab, -gab-bigger) can be written from run: not from a file merged from
// several testbeds, since each service takes one testbed's figures at a
// time. A command asks before it prints or writes anything.
func CheckTracked(run *results.Run) error {
	if names := run.TestbedNames(); len(names) > 0 {
		return fmt.Errorf("the results hold %d testbeds (%s): write this format from each testbed's own file, one testbed per upload", len(names), strings.Join(names, ", "))
	}
	return nil
}

// trackedBenchmark is one scenario with the measures it has.
type trackedBenchmark struct {
	Name     string
	Figures  []trackedFigure
	Measures []trackedMeasure
}

// trackedBenchmarks are run's encdec scenarios, measured ones only, each
// with every tracked measure it has. A file merged from several testbeds
// is refused: each service takes one testbed's figures at a time.
func trackedBenchmarks(run *results.Run) ([]trackedBenchmark, error) {
	if err := CheckTracked(run); err != nil {
		return nil, err
	}
	by, keys := results.GroupByKey(run.Results)
	var out []trackedBenchmark
	for _, k := range keys {
		rs, _ := results.Measured(by[k])
		if len(rs) == 0 || !rs[0].IsEncdec() {
			continue
		}
		b := trackedBenchmark{Name: results.PortableName(run.Config, k)}
		for _, m := range trackedMeasures {
			if !slices.ContainsFunc(rs, func(r results.Result) bool { return !m.Applies(r) }) {
				vs := results.Values(rs, m.Value)
				b.Measures = append(b.Measures, m)
				b.Figures = append(b.Figures, trackedFigure{Value: latency.Median(vs), Lower: slices.Min(vs), Upper: slices.Max(vs), Repeats: len(vs)})
			}
		}
		out = append(out, b)
	}
	return out, nil
}
