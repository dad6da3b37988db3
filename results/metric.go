package results

import (
	"math"
	"time"

	"github.com/pingpong-bench/pingpong/format"
)

// Worse is the direction in which a figure regresses.
type Worse int

const (
	HigherIsWorse Worse = iota + 1 // the zero value, a name not in the table, never regresses
	LowerIsWorse
)

// Metric is one figure a scenario has in each repeat: its name as the
// console prints it on a row and -fail names it, what it counts, which way
// it gets worse, its names in the Go benchmark format and in CSV, and how
// to read it from a result.
type Metric struct {
	Name  string
	Unit  format.Unit
	Worse Worse
	// Shown: compare prints it for every scenario that has it; the others
	// only when -fail names them.
	Shown bool
	// Bench is its unit in -bench files ("" when they leave it out), CSV
	// its column ("" likewise).
	Bench, CSV string
	Value      func(Result) float64
	// Applies says whether a result has the figure at all (baseline has
	// no MB/s, a run without -probe no probe.*); nil: every result has it.
	Applies func(Result) bool
}

// Has says whether r has the figure.
func (m Metric) Has(r Result) bool { return m.Applies == nil || m.Applies(r) }

// MetricNamed is the metric the console prints as name.
func MetricNamed(name string) (Metric, bool) {
	for _, m := range Metrics {
		if m.Name == name {
			return m, true
		}
	}
	return Metric{}, false
}

// Figures is each metric's value in every repeat of rs, by name. A metric
// that some repeat lacks is left out, so that a median never mixes repeats
// that measured different things. The map is never nil: empty, it says
// the scenario ran but measured nothing.
func Figures(rs []Result) map[string][]float64 {
	out := map[string][]float64{}
	if len(rs) == 0 {
		return out
	}
	for _, m := range Metrics {
		if all(rs, m.Has) {
			out[m.Name] = Values(rs, m.Value)
		}
	}
	return out
}

// The figures a row's first line shows of how the program froze, which
// the charts draw and repeated rows take the medians of: the longest stop
// of the world, how late the sleep probe woke, how long goroutines sat
// runnable.
var (
	STWMax   = MetricOf("stw.max")
	ProbeP99 = MetricOf("probe.p99")
	SchedP99 = MetricOf("sched.p99")
)

// MetricOf is the table's metric named name: a name not in it is a bug.
func MetricOf(name string) Metric {
	m, ok := MetricNamed(name)
	if !ok {
		panic("results: no metric " + name)
	}
	return m
}

// Of is m's value in r as a duration, and whether r has it at all.
func (m Metric) Of(r Result) (time.Duration, bool) {
	if !m.Has(r) {
		return 0, false
	}
	return time.Duration(math.Round(m.Value(r))), true
}
