package report

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

func TestGoBenchParsesWithBenchfmt(t *testing.T) {
	base := resultstest.SampleRun()
	// The first codec's rows carry responsiveness figures, as with -probe.
	for i := range base.Results {
		if r := &base.Results[i]; r.Codec == "std" {
			r.Probe = &latency.Summary{N: 100, P50: 60 * time.Microsecond, P99: 900 * time.Microsecond, Max: 2 * time.Millisecond}
			r.Runtime = &latency.Runtime{SchedLatency: latency.Distribution{P99: 300 * time.Microsecond}, GCPauses: latency.Distribution{Max: 50 * time.Microsecond}, GCCycles: 12}
			r.AllocBytesPerOp, r.AllocsPerOp = 123456, 789.5
			r.STW = &latency.Summary{N: 200, P50: 40 * time.Microsecond, P99: 1200 * time.Microsecond, Max: 31 * time.Millisecond}
		}
	}
	run := resultstest.Repeated(base, 2, 0.1)
	run.Inputs[0].Name = "my file.json" // a file name with a space must not break the name
	for i := range run.Results {
		run.Results[i].Input = "my file.json"
	}
	var b bytes.Buffer
	if err := WriteGoBench(&b, run); err != nil {
		t.Fatal(err)
	}

	var measured []results.Result
	for _, r := range run.Results {
		if r.N > 0 {
			measured = append(measured, r)
		}
	}
	rd := benchfmt.NewReader(bytes.NewReader(b.Bytes()), "bench.txt")
	var got []*benchfmt.Result
	units := map[string]string{}
	for rd.Scan() {
		switch rec := rd.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Fatalf("benchfmt: %v", rec)
		case *benchfmt.UnitMetadata:
			units[rec.OrigUnit] = rec.Value
		case *benchfmt.Result:
			got = append(got, rec.Clone())
		}
	}
	if err := rd.Err(); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(measured) {
		t.Fatalf("%d benchmark lines, want one per measured scenario and repeat: %d\n%s", len(got), len(measured), b.String())
	}
	if units["rt/s"] != "higher" || units["p99-ns"] != "lower" || units["stw-p99-ns"] != "lower" || units["stw-max-ns"] != "lower" {
		t.Errorf("unit metadata %v: want rt/s better=higher, p99-ns, stw-p99-ns and stw-max-ns better=lower", units)
	}
	for i, res := range got {
		r := measured[i]
		for key, want := range map[string]string{"goos": "linux", "goarch": "amd64", "pkg": "pingpong", "cpu": "Test CPU @ 2.0GHz"} {
			if v := res.GetConfig(key); v != want {
				t.Errorf("config %s = %q, want %q", key, v, want)
			}
		}
		base, parts := res.Name.Parts()
		wantParts := []string{"/input=my_file.json", "/impl=" + r.Codec, "/pairs=" + strconv.Itoa(r.Pairs), "-2"}
		if string(base) != "PingPong" || !equalParts(parts, wantParts) {
			t.Errorf("line %d: name %s parts %q, want PingPong %q", i, res.Name, parts, wantParts)
		}
		if res.Iters != int(r.N) {
			t.Errorf("line %d: iterations %d, want n = %d", i, res.Iters, r.N)
		}
		// benchfmt tidies units ("ns/op" to "sec/op"), keeping the original.
		want := map[string]float64{
			"ns/op":   float64(r.Latency.P50),
			"mean-ns": float64(r.Latency.Mean),
			"p95-ns":  float64(r.Latency.P95),
			"p99-ns":  float64(r.Latency.P99),
			"p999-ns": float64(r.Latency.P999),
			"max-ns":  float64(r.Latency.Max),
			"rt/s":    r.RoundTripsPerSec(),
		}
		if r.Bytes > 0 {
			want["MB/s"] = r.MBPerSec()
		}
		if r.Probe != nil {
			want["probe-p99-ns"] = float64(r.Probe.P99)
			want["probe-max-ns"] = float64(r.Probe.Max)
		}
		if s := r.STW; s != nil {
			want["stw-p99-ns"] = float64(s.P99)
			want["stw-max-ns"] = float64(s.Max)
		}
		if rt := r.Runtime; rt != nil {
			want["sched-p99-ns"] = float64(rt.SchedLatency.P99)
			want["gc-pause-max-ns"] = float64(rt.GCPauses.Max)
			want["gc-cycles"] = float64(rt.GCCycles)
			want["B/op"] = r.AllocBytesPerOp
			want["allocs/op"] = r.AllocsPerOp
		}
		have := map[string]float64{}
		for _, v := range res.Values {
			unit, val := v.Unit, v.Value
			if v.OrigUnit != "" {
				unit, val = v.OrigUnit, v.OrigValue
			}
			have[unit] = val
		}
		for unit, w := range want {
			if h, ok := have[unit]; !ok || !near(h, w, 0.01) {
				t.Errorf("line %d (%s): %s = %v (present %v), want %v", i, res.Name, unit, h, ok, w)
			}
		}
		if len(have) != len(want) {
			t.Errorf("line %d: units %v, want exactly %v", i, have, want)
		}
	}
}

func TestBenchNameShowsOnlyNonDefaultMode(t *testing.T) {
	s := results.Scenario{Input: "twitter", Codec: "std", Mode: "encdec", Pairs: 4, Procs: 2}
	if got, want := benchName(s), "BenchmarkPingPong/input=twitter/impl=std/pairs=4-2"; got != want {
		t.Errorf("benchName = %q, want %q", got, want)
	}
	s.Target = results.TargetAny
	if got, want := benchName(s), "BenchmarkPingPong/input=twitter/impl=std/pairs=4-2"; got != want {
		t.Errorf("benchName = %q, want %q: any is the default target", got, want)
	}
	s.Mode, s.Target = results.ModeDecode, results.TargetStruct
	if got, want := benchName(s), "BenchmarkPingPong/input=twitter/impl=std/mode=decode/target=struct/pairs=4-2"; got != want {
		t.Errorf("benchName = %q, want %q", got, want)
	}
	s.GOGC, s.MemLimit = "400", "1GiB"
	if got, want := benchName(s), "BenchmarkPingPong/input=twitter/impl=std/mode=decode/target=struct/gogc=400/memlimit=1GiB/pairs=4-2"; got != want {
		t.Errorf("benchName = %q, want %q", got, want)
	}
}

func equalParts(parts [][]byte, want []string) bool {
	if len(parts) != len(want) {
		return false
	}
	for i := range parts {
		if string(parts[i]) != want[i] {
			return false
		}
	}
	return true
}

func near(a, b, tol float64) bool {
	if a == b {
		return true
	}
	d := a - b
	if d < 0 {
		d = -d
	}
	return d <= tol*max(abs(a), abs(b))
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// A scenario that ended in error gets no benchmark line, even when it
// completed round trips before it failed: no "0 ns/op", no partial figure.
func TestGoBenchLeavesErroredResultsOut(t *testing.T) {
	run := resultstest.SampleRun()
	run.Results[0].Err = "echo decode: boom" // std 1x, with its 108 round trips
	var b bytes.Buffer
	if err := WriteGoBench(&b, run); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, "impl=std/pairs=1-") || strings.Contains(out, "impl=goccy/pairs=1-") {
		t.Errorf("a line for a scenario that ended in error:\n%s", out)
	}
	if strings.Contains(out, " 0 ns/op") {
		t.Errorf("a 0 ns/op line:\n%s", out)
	}
	if n := strings.Count(out, "\nBenchmarkPingPong/"); n != len(run.Results)-2 {
		t.Errorf("%d lines, want %d: one per scenario without error\n%s", n, len(run.Results)-2, out)
	}
}
