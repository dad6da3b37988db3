package report

import (
	"fmt"
	"io"
	"strings"
	"unicode"

	"pingpong/results"
)

// benchUnits are the units beyond ns/op and MB/s, each with the direction
// benchstat should call better. The "Unit" lines that say so are part of
// the Go benchmark format (golang.org/x/perf/benchfmt).
var benchUnits = []struct{ unit, better string }{
	{"mean-ns", "lower"},
	{"p95-ns", "lower"},
	{"p99-ns", "lower"},
	{"p999-ns", "lower"},
	{"max-ns", "lower"},
	{"rt/s", "higher"},
	{"docs/s", "higher"},
	{"ops/s", "higher"},
	{"probe-p99-ns", "lower"},
	{"probe-max-ns", "lower"},
	{"stw-p99-ns", "lower"},
	{"stw-max-ns", "lower"},
	{"sched-p99-ns", "lower"},
	{"gc-pause-max-ns", "lower"},
	{"gc-cycles", "lower"},
}

// WriteGoBench writes run in the Go benchmark format, one line per measured
// scenario and repeat, so that `benchstat old.txt new.txt` compares two
// runs. The iteration count is n, the round trips recorded; ns/op is the
// median round trip (p50), the headline latency, as in the Erlang
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
	for _, u := range benchUnits {
		fmt.Fprintf(&b, "Unit %s better=%s\n", u.unit, u.better)
	}
	for _, r := range run.Results {
		if r.N == 0 || r.Err != "" {
			continue // `go test` prints no line for a failed benchmark, whatever it ran first
		}
		l := r.Latency
		fmt.Fprintf(&b, "%s\t%8d\t%12d ns/op", benchName(r.Scenario), r.N, l.P50.Nanoseconds())
		if r.Bytes > 0 {
			fmt.Fprintf(&b, "\t%8.2f MB/s", r.MBPerSec())
		}
		fmt.Fprintf(&b, "\t%d mean-ns\t%d p95-ns\t%d p99-ns\t%d p999-ns\t%d max-ns",
			l.Mean.Nanoseconds(), l.P95.Nanoseconds(), l.P99.Nanoseconds(), l.P999.Nanoseconds(), l.Max.Nanoseconds())
		if r.IsEncdec() {
			fmt.Fprintf(&b, "\t%.2f rt/s", r.RoundTripsPerSec())
			if r.Batch > 0 {
				fmt.Fprintf(&b, "\t%.2f docs/s", r.DocsPerSec())
			}
		} else {
			fmt.Fprintf(&b, "\t%.2f ops/s", r.OpsPerSec())
		}
		if p := r.Probe; p != nil {
			fmt.Fprintf(&b, "\t%d probe-p99-ns\t%d probe-max-ns", p.P99.Nanoseconds(), p.Max.Nanoseconds())
		}
		if s := r.STW; s != nil {
			fmt.Fprintf(&b, "\t%d stw-p99-ns\t%d stw-max-ns", s.P99.Nanoseconds(), s.Max.Nanoseconds())
		}
		if rt := r.Runtime; rt != nil {
			fmt.Fprintf(&b, "\t%d sched-p99-ns\t%d gc-pause-max-ns\t%d gc-cycles\t%.0f B/op\t%.2f allocs/op",
				rt.SchedLatency.P99.Nanoseconds(), rt.GCPauses.Max.Nanoseconds(), rt.GCCycles, r.AllocBytesPerOp, r.AllocsPerOp)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// benchName is the scenario's name as a sub-benchmark's:
// BenchmarkPingPong/input=citm-catalog/impl=sonic/pairs=2-2, the fields
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
