package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// goUnits are the units the Go benchmark format knows; the others get a
// "Unit" line saying which direction benchstat should call better.
var goUnits = []string{"ns/op", "MB/s", "B/op", "allocs/op"}

// WriteGoBench writes run in the Go benchmark format, one line per measured
// scenario and repeat, so that `benchstat old.txt new.txt` compares two
// runs. The iteration count is n, the round trips recorded; the figures
// are those of results.Metrics with a -bench unit, in its order: ns/op is
// the median round trip (p50), the headline latency, as in the Erlang
// original's rows; the tail, the throughput and, when measured, the
// responsiveness figures follow as extra units. B/op and allocs/op are per
// round trip (per decode or encode in a probe pass), as `go test
// -benchmem` has them per op.
//
// Only goos, goarch, pkg and cpu go in the configuration lines, as `go
// test` writes them: benchstat splits results into separate tables by
// every configuration key whose value differs, so codec versions or GOGC
// there would stop it from comparing exactly the runs it is meant to
// compare. They are in the JSON file.
func WriteGoBench(w io.Writer, run *results.Run) error {
	var b strings.Builder
	e := run.Env
	fmt.Fprintf(&b, "goos: %s\ngoarch: %s\npkg: pingpong\n", e.GOOS, e.GOARCH)
	if e.CPU != "" {
		fmt.Fprintf(&b, "cpu: %s\n", e.CPU)
	}
	for _, m := range results.Metrics {
		if m.Bench == "" || slices.Contains(goUnits, m.Bench) {
			continue
		}
		better := "lower"
		if m.Worse == results.LowerIsWorse {
			better = "higher"
		}
		fmt.Fprintf(&b, "Unit %s better=%s\n", m.Bench, better)
	}
	for _, r := range run.Results {
		if r.N == 0 || r.Err != "" {
			continue // `go test` prints no line for a failed benchmark, whatever it ran first
		}
		fmt.Fprintf(&b, "%s\t%d", benchName(r.Scenario), r.N)
		for _, m := range results.Metrics {
			if m.Bench != "" && m.Has(r) {
				fmt.Fprintf(&b, "\t%s %s", benchFigure(m.Unit, m.Value(r)), m.Bench)
			}
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// benchFigure prints v, a figure in unit u, as a value of a -bench line:
// nanoseconds and counts whole, bytes per operation whole, rates with two
// decimals.
func benchFigure(u format.Unit, v float64) string {
	switch u {
	case format.CountPerOp, format.PerSecond, format.MBPerSecond, format.Fraction:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strconv.FormatFloat(math.Round(v), 'f', 0, 64)
}

// benchName is the scenario's name as a sub-benchmark's:
// BenchmarkPingPong/input=citm-catalog/impl=goccy/pairs=2-2, the fields
// of results.Key.Name with GOMAXPROCS as the suffix, as in `go test`.
func benchName(s results.Scenario) string {
	var b strings.Builder
	b.WriteString("BenchmarkPingPong")
	procs := ""
	for _, f := range s.Key().Fields() {
		if f.Name == "procs" {
			procs = f.Value
			continue
		}
		b.WriteString("/" + f.Name + "=" + benchValue(f.Value))
	}
	return b.String() + "-" + procs
}

// benchValue keeps a name part parseable: whitespace ends a benchmark
// name, '/' starts a new part and '=' splits key from value.
func benchValue(v string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '/' || r == '=' {
			return '_'
		}
		return r
	}, v)
}
