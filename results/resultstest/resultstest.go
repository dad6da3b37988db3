// Package resultstest holds hand-made runs with fixed figures, and the
// golden-file check, for the tests of the packages that read runs.
package resultstest

import (
	"bytes"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// Golden compares got with testdata/NAME.golden, or rewrites it with -update.
func Golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update, then review the diff):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// SampleRun is a small hand-made run: fixed figures, so printed formats
// are reviewed diffs, never a machine's noise.
func SampleRun() *results.Run {
	ms := time.Millisecond
	res := func(codec string, pairs int, n int64, p50 time.Duration, bytes int64) results.Result {
		return results.Result{
			Scenario: results.Scenario{Input: "citm-catalog", Codec: codec, Mode: results.ModeEncdec, Pairs: pairs, Procs: 2, Target: results.TargetAny},
			N:        n, Bytes: bytes, Window: 2 * time.Second,
			Latency: latency.Summary{N: n, Min: p50 / 2, Mean: p50, P50: p50, P95: p50 * 3 / 2, P99: p50 * 2, P999: p50 * 2, Max: p50 * 3},
		}
	}
	return &results.Run{
		Env: results.Environment{GoVersion: "go1.26.8", GOOS: "linux", GOARCH: "amd64", CPU: "Test CPU @ 2.0GHz",
			Cores: 2, MemoryBytes: 24 << 30, GOMAXPROCS: 2, ProcsSource: "cpu count", GOGC: "100", GOMEMLIMIT: "off"},
		Config: results.Config{Codecs: []string{"std", "sonic", "goccy", "baseline"},
			Levels:   []results.Level{{Spec: "1", Pairs: 1}, {Spec: "N", Pairs: 2}},
			Duration: 2 * time.Second, Warmup: 500 * ms, Seed: 1},
		Inputs: []results.InputInfo{{Name: "citm-catalog", Kind: "built-in", Bytes: 1755254, SHA256: "0123456789abcdef0123", Seed: 1}},
		Codecs: []results.CodecInfo{
			{Name: "std", Version: "go1.26.8", Input: "citm-catalog"},
			{Name: "sonic", Version: "v1.15.5", Input: "citm-catalog", Notes: []string{"native JIT"}},
			{Name: "goccy", Version: "v0.12.0", Input: "citm-catalog", Mismatch: "$.a: 1 vs 2"},
			{Name: "baseline", Version: "go1.26.8", Input: "citm-catalog"},
		},
		Results: []results.Result{
			res("std", 1, 108, 9500*time.Microsecond, 740e6),
			res("std", 2, 190, 10200*time.Microsecond, 1300e6),
			res("sonic", 1, 350, 2800*time.Microsecond, 2400e6),
			res("sonic", 2, 600, 3100*time.Microsecond, 4100e6),
			func() results.Result {
				r := res("goccy", 1, 0, 0, 0)
				r.Err = "echo decode: boom"
				return r
			}(),
			func() results.Result { r := res("goccy", 2, 300, 6*ms, 2000e6); r.Mismatch = "$.a: 1 vs 2"; return r }(),
			res("baseline", 1, 2000000, 700, 0),
			res("baseline", 2, 3000000, 950, 0),
		},
	}
}

// SizeRun is a hand-made size sweep of long-string at 1, 4 and 16 MB, with
// a corpus and a sizeless shape beside it that the summary must leave out:
// std grows linearly (rt/s falls 4x per 4x size), sonic as n^1.9,
// baseline not at all, and goccy fails at 16MB.
func SizeRun() *results.Run {
	run := SampleRun()
	ms := time.Millisecond
	sizes := []struct {
		name  string
		bytes int
	}{{"long-string:1MB", 1e6}, {"long-string:4MB", 4e6}, {"long-string:16MB", 16e6}}
	run.Inputs = []results.InputInfo{{Name: "citm-catalog", Kind: "built-in", Bytes: 1755254, Seed: 1}}
	for _, s := range sizes {
		run.Inputs = append(run.Inputs, results.InputInfo{Name: s.name, Kind: "shape", Bytes: s.bytes, Shape: "long-string", AskedSize: s.bytes, Seed: 1})
	}
	run.Inputs = append(run.Inputs, results.InputInfo{Name: "tiny", Kind: "shape", Bytes: 10, Shape: "tiny"})
	run.Results = nil
	add := func(input, codec string, pairs int, rate float64, p99, stwMax time.Duration, err string) {
		window := 2 * time.Second
		n := int64(math.Round(rate * window.Seconds()))
		r := results.Result{
			Scenario: results.Scenario{Input: input, Codec: codec, Mode: results.ModeEncdec, Pairs: pairs, Procs: 2, Target: results.TargetAny},
			N:        n, Window: window, Err: err,
			Latency: latency.Summary{N: n, P50: p99 / 2, P95: p99 * 3 / 4, P99: p99, Max: p99 * 2},
		}
		r.STW = &latency.Summary{N: 200, P50: stwMax / 20, P99: stwMax / 2, Max: stwMax}
		run.Results = append(run.Results, r)
	}
	for _, input := range []string{"citm-catalog", "tiny"} {
		add(input, "std", 1, 100, 12*ms, ms, "")
		add(input, "sonic", 1, 300, 4*ms, ms, "")
	}
	for i, s := range sizes {
		grow := math.Pow(4, float64(i)) // 1, 4, 16
		for _, pairs := range []int{1, 2} {
			p := float64(pairs)
			add(s.name, "std", pairs, 800*p/grow, time.Duration(1.5*float64(ms)*grow), 2*ms, "")
			add(s.name, "sonic", pairs, 2000*p/math.Pow(grow, 1.9), time.Duration(0.6*float64(ms)*math.Pow(grow, 1.9)), time.Duration(float64(ms)*math.Pow(grow, 1.5)), "")
			if i < 2 {
				add(s.name, "goccy", pairs, 1500*p/grow, time.Duration(float64(ms)*grow), 2*ms, "")
			} else {
				add(s.name, "goccy", pairs, 0, 0, 0, "echo decode: boom")
			}
			add(s.name, "baseline", pairs, 2e6, 900, 300*time.Microsecond, "")
		}
	}
	return run
}

// Frozen is a hand-made encdec row with the verdict's three figures.
func Frozen(codec string, pairs, repeat int, stwMax, probeP99, schedP99 time.Duration) results.Result {
	return results.Result{
		Scenario: results.Scenario{Input: "citm-catalog", Codec: codec, Mode: results.ModeEncdec, Pairs: pairs, Procs: 2, Repeat: repeat},
		N:        100, Window: 2 * time.Second,
		Latency: latency.Summary{N: 100, P50: time.Millisecond},
		Responsiveness: results.Responsiveness{
			STW:     &latency.Summary{N: 200, P99: stwMax / 2, Max: stwMax},
			Probe:   &latency.Summary{N: 2000, P99: probeP99},
			Runtime: &latency.Runtime{SchedLatency: latency.Distribution{P99: schedP99}},
		},
	}
}

// Stopping is an encdec row whose stop-the-world probe saw stops in a
// window of window, taken in turns of 100ms: the stops, in an order
// shuffled from a fixed seed, evenly spread over it, as the probe records
// them at its default 10ms.
func Stopping(codec string, pairs, repeat int, window time.Duration, stops []time.Duration) results.Result {
	r := Frozen(codec, pairs, repeat, 0, time.Millisecond, time.Millisecond)
	r.Window = window
	h := latency.NewHistogram()
	for _, d := range stops {
		_ = h.RecordCorrectedValue(int64(d), int64(10*time.Millisecond))
		r.STWWaited += d
	}
	r.STWHist = h
	s := latency.Summarize(h)
	r.STW = &s
	order := slices.Clone(stops)
	rand.New(rand.NewPCG(uint64(len(stops)), 3)).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	const turn = 100 * time.Millisecond
	for at := time.Duration(0); at < window; at += turn {
		r.STWTurns = append(r.STWTurns, latency.Turn{Window: min(turn, window-at)})
	}
	for i, d := range order {
		at := window * time.Duration(i) / time.Duration(len(order))
		r.STWStops = append(r.STWStops, latency.Stop{At: at, Begin: d, Last: 10 * time.Microsecond})
		r.STWTurns[int(at/turn)].Stops++
	}
	r.MMU = results.MMUOf(r.STWStops, r.STWTurns)
	return r
}

// Split marks r's stops as split by the kernel's accounting, each holding
// held(i, its wait) of it, the rest the machine's; queued is what the
// machine kept the probe waiting in each gap (Stop.Queued).
func Split(r results.Result, held func(i int, wait time.Duration) time.Duration, queued time.Duration) results.Result {
	r.STWStops = slices.Clone(r.STWStops)
	r.STWTurns = slices.Clone(r.STWTurns)
	for i := range r.STWStops {
		s := &r.STWStops[i]
		s.Hold, s.Queued = min(s.Begin, held(i, s.Begin)), queued
	}
	for i := range r.STWTurns {
		r.STWTurns[i].Split, r.STWTurns[i].Queued = true, queued
	}
	return r
}

// StopsAround are n stops spread log-normally around typical (a machine's
// stops are skewed: mostly short, a few much longer), from a fixed seed.
func StopsAround(seed uint64, n int, typical time.Duration) []time.Duration {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = time.Duration(float64(typical) * math.Exp(0.6*rng.NormFloat64()))
	}
	return out
}

// WithHistograms gives every measured result of run a histogram of n
// deterministic, log-normally spread samples around its p50, and makes its
// summary the histogram's own, as a real run's is.
func WithHistograms(run *results.Run) *results.Run {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range run.Results {
		r := &run.Results[i]
		if r.N == 0 {
			continue
		}
		h := latency.NewHistogram()
		const draws = 500
		for d := int64(0); d < draws; d++ {
			count := r.N / draws
			if d == draws-1 {
				count = r.N - count*(draws-1)
			}
			v := float64(r.Latency.P50) * math.Exp(0.4*rng.NormFloat64())
			if count > 0 {
				_ = h.RecordValues(max(int64(v), 1), count)
			}
		}
		r.Hist = h
		r.Latency = latency.Summarize(h)
	}
	return run
}

// Repeated turns run into count repeats of each of its scenarios, repeat
// after repeat, each repeat's figures scaled by its factor
// (1 + spread*(rep - count/2)), so that medians and spreads are known.
func Repeated(run *results.Run, count int, spread float64) *results.Run {
	out := *run
	out.Config.Count = count
	out.Results = nil
	for rep := 0; rep < count; rep++ {
		f := 1 + spread*float64(rep-count/2)
		for _, r := range run.Results {
			r.Repeat = rep
			r.N = int64(float64(r.N) / f)
			r.Bytes = int64(float64(r.Bytes) / f)
			l := &r.Latency
			for _, d := range []*time.Duration{&l.Min, &l.Mean, &l.P50, &l.P95, &l.P99, &l.P999, &l.Max} {
				*d = time.Duration(float64(*d) * f)
			}
			l.N = r.N
			r.Hist = nil
			out.Results = append(out.Results, r)
		}
	}
	return &out
}

// Scaled makes codec's results slower (latency times f) and proportionally
// rarer, as a codec that changed would be.
func Scaled(run *results.Run, codec string, f float64) {
	for i := range run.Results {
		r := &run.Results[i]
		if r.Codec != codec {
			continue
		}
		r.N = int64(float64(r.N) / f)
		r.Bytes = int64(float64(r.Bytes) / f)
		l := &r.Latency
		for _, d := range []*time.Duration{&l.Min, &l.Mean, &l.P50, &l.P95, &l.P99, &l.P999, &l.Max} {
			*d = time.Duration(float64(*d) * f)
		}
	}
}

// CompareRuns is a hand-made pair: std improved, sonic (new version)
// regressed, goccy unchanged, baseline's 2x missing from the new run, and
// jsonv2 new in it.
func CompareRuns(count int) (old, new *results.Run) {
	old = Repeated(SampleRun(), count, 0.02)
	base := SampleRun()
	Scaled(base, "std", 0.8)
	Scaled(base, "sonic", 1.3)
	var kept []results.Result
	for _, r := range base.Results {
		if r.Codec == "baseline" && r.Pairs == 2 {
			continue
		}
		kept = append(kept, r)
	}
	j := base.Results[2] // sonic 1x
	j.Codec = "jsonv2"
	base.Results = append(kept, j)
	base.Codecs[1].Version = "v1.16.0"
	new = Repeated(base, count, 0.02)
	return old, new
}

// AcrossBuilds is old and new as one run across builds "base" and "new":
// what a run of both binaries in one plan writes.
func AcrossBuilds(old, new *results.Run) *results.Run {
	run := *old
	run.Config.Codecs = slices.Clone(old.Config.Codecs)
	run.Codecs, run.Results = nil, nil
	for _, side := range []struct {
		name string
		run  *results.Run
	}{{"base", old}, {"new", new}} {
		b := results.Build{Name: side.name, Binary: "/bin/pingpong." + side.name}
		for _, im := range side.run.Codecs {
			im.Build = side.name
			run.Codecs = append(run.Codecs, im)
			b.Codecs = append(b.Codecs, results.ListedCodec{Name: im.Name, Version: im.Version})
		}
		for _, name := range side.run.Config.Codecs {
			if !slices.Contains(run.Config.Codecs, name) {
				run.Config.Codecs = append(run.Config.Codecs, name)
			}
		}
		run.Config.Builds = append(run.Config.Builds, b)
		for _, r := range side.run.Results {
			r.Build = side.name
			run.Results = append(run.Results, r)
		}
	}
	return &run
}

// SweepRun is a hand-made -procs 1,2 run: at GOMAXPROCS=1 the levels 1
// and N are the same single pair, at 2 they are 1 and 2 pairs.
func SweepRun() *results.Run {
	run := SampleRun()
	run.Config.Codecs = []string{"std", "sonic", "baseline"}
	run.Config.Procs = []int{1, 2}
	run.Env.ProcsSource = "cpu count; swept by -procs 1,2, one block per value"
	run.Codecs = []results.CodecInfo{{Name: "std", Version: "go1.26.8", Input: "citm-catalog"},
		{Name: "sonic", Version: "v1.15.5", Input: "citm-catalog", Notes: []string{"native JIT"}}, {Name: "baseline", Version: "go1.26.8", Input: "citm-catalog"}}
	res := func(codec string, procs, pairs int, n int64, p99 time.Duration) results.Result {
		return results.Result{
			Scenario: results.Scenario{Input: "citm-catalog", Codec: codec, Mode: "encdec", Pairs: pairs, Procs: procs},
			N:        n, Window: 2 * time.Second,
			Latency: latency.Summary{N: n, P50: p99 / 2, P95: p99 * 3 / 4, P99: p99, Max: p99 * 2},
		}
	}
	ms := time.Millisecond
	run.Results = []results.Result{
		res("std", 1, 1, 100, 12*ms),
		res("sonic", 1, 1, 300, 4*ms),
		res("baseline", 1, 1, 2000000, 900),
		res("std", 2, 1, 110, 11*ms),
		res("std", 2, 2, 180, 14*ms),
		res("sonic", 2, 1, 320, 4*ms),
		res("sonic", 2, 2, 560, 5*ms),
		res("baseline", 2, 1, 1900000, 950),
		func() results.Result {
			r := res("baseline", 2, 2, 0, 0)
			r.Err = "worker died: exit status 2"
			return r
		}(),
	}
	return run
}
