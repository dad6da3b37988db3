package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pingpong/latency"
	"pingpong/results"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// golden compares got with testdata/NAME.golden, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
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
		t.Fatalf("%v (run go test ./report -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test ./report -update, then review the diff):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// wantContains fails t for each of wants that got lacks.
func wantContains(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
}

// goldenConsole prints run as the console does with opts, compares it with
// testdata/NAME.golden and returns it for further checks.
func goldenConsole(t *testing.T, name string, run *results.Run, opts ConsoleOptions) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteConsole(&b, run, opts); err != nil {
		t.Fatal(err)
	}
	golden(t, name, b.Bytes())
	return b.String()
}

// sampleRun is a small hand-made run: fixed figures, so printed formats
// are reviewed diffs, never a machine's noise.
func sampleRun() *results.Run {
	ms := time.Millisecond
	res := func(impl string, pairs int, n int64, p50 time.Duration, bytes int64) results.Result {
		return results.Result{
			Scenario: results.Scenario{Input: "citm-catalog", Impl: impl, Mode: results.ModeEncdec, Pairs: pairs, Procs: 2, Target: results.TargetAny},
			N:        n, Bytes: bytes, Window: 2 * time.Second,
			Latency: latency.Summary{N: n, Min: p50 / 2, Mean: p50, P50: p50, P95: p50 * 3 / 2, P99: p50 * 2, P999: p50 * 2, Max: p50 * 3},
		}
	}
	return &results.Run{
		Env: results.Environment{GoVersion: "go1.26.8", GOOS: "linux", GOARCH: "amd64", CPU: "Test CPU @ 2.0GHz",
			Cores: 2, MemoryBytes: 24 << 30, GOMAXPROCS: 2, ProcsSource: "cpu count", GOGC: "100", GOMEMLIMIT: "off", SonicNative: true},
		Config: results.Config{Impls: []string{"std", "sonic", "goccy", "baseline"},
			Levels:   []results.Level{{Spec: "1", Pairs: 1}, {Spec: "N", Pairs: 2}},
			Duration: 2 * time.Second, Warmup: 500 * ms, Seed: 1},
		Inputs: []results.InputInfo{{Name: "citm-catalog", Kind: "built-in", Bytes: 1755254, SHA256: "0123456789abcdef0123", Seed: 1}},
		Impls: []results.ImplInfo{
			{Name: "std", Version: "go1.26.8", Input: "citm-catalog"},
			{Name: "sonic", Version: "v1.15.5", Input: "citm-catalog"},
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

func TestConsoleGolden(t *testing.T) {
	goldenConsole(t, "console", sampleRun(), ConsoleOptions{})
}

func TestRowKeepsTheOriginalsColumns(t *testing.T) {
	r := sampleRun().Results[0]
	got := row(r, nil)
	want := "  1x encdec                    n=108 p50=9.5ms p95=14.2ms p99=19.0ms max=28.5ms"
	if len(got) < len(want) || got[:len(want)] != want {
		t.Fatalf("row\n%q\nwant prefix\n%q", got, want)
	}
}

// A result with no mode or target (a file from before they existed, or a
// hand-made one) is an encdec row into any, on the console and the page.
func TestNoModeIsAnEncdecRow(t *testing.T) {
	run := sampleRun()
	r := run.Results[0]
	old := r
	old.Mode, old.Target = "", ""
	if got, want := row(old, nil), row(r, nil); got != want {
		t.Errorf("row without a mode\n%q\nwant\n%q", got, want)
	}
	if got, want := rowOf(run, old, "").Rate, fmtRate(r.RoundTripsPerSec()); got != want {
		t.Errorf("page row without a mode: rate %q, want %q", got, want)
	}
}

// A row's first line fits a terminal of rowWidth columns with the widest
// figures a closed-loop row gets: a 7-digit n, tails in the hundreds of
// milliseconds, every responsiveness column and the NOISY flag.
func TestRowFitsATerminal(t *testing.T) {
	us, ms := time.Microsecond, time.Millisecond
	r := results.Result{
		Scenario: results.Scenario{Input: "small-doc", Impl: "segmentio", Mode: results.ModeEncdec, Pairs: 16, Procs: 8, Target: results.TargetStruct},
		N:        1234567, Bytes: 246_000_000, Window: 2 * time.Second,
		Latency: latency.Summary{N: 1234567, P50: 1200, P95: 45 * us, P99: 850 * us, Max: 1234500 * us},
	}
	r.Probe = &latency.Summary{P99: 123400 * us, Max: 1500 * ms}
	r.STW = &latency.Summary{P99: 99 * ms, Max: 1234500 * us}
	r.Runtime = &latency.Runtime{SchedLatency: latency.Distribution{P99: 123400 * us}}
	r.Noise = &latency.Noise{OthersCores: 1.37, StealCores: 0.25}
	got := row(r, nil)
	if len(got) > rowWidth {
		t.Errorf("a row of %d columns, over %d:\n%s", len(got), rowWidth, got)
	}
	if want := "  16x encdec struct            n=1234567 p50=1us p95=45us p99=850us max=1234.5ms  617k/s 123MB/s"; !strings.HasPrefix(got, want) {
		t.Errorf("row\n%q\nwant prefix\n%q", got, want)
	}
}

// The versions line says what a codec's process ran with: sonic-optdec is
// sonic with its optdec decoder switched on.
func TestVersionsShowACodecsEnv(t *testing.T) {
	run := sampleRun()
	run.Impls = append(run.Impls, results.ImplInfo{Name: "sonic-optdec", Version: "v1.15.5", Input: "citm-catalog", Env: []string{"SONIC_USE_OPTDEC=1"}})
	var b bytes.Buffer
	if err := WriteConsole(&b, run, ConsoleOptions{}); err != nil {
		t.Fatal(err)
	}
	if want := ", sonic-optdec v1.15.5 (SONIC_USE_OPTDEC=1)\n"; !strings.Contains(b.String(), want) {
		t.Errorf("no %q in\n%s", want, b.String())
	}
}

// The warmup a level really took heads its input's blocks: at least
// -warmup, longer for a codec whose pairs took longer for their first
// round trips.
func TestWarmupLine(t *testing.T) {
	cfg := results.Config{Warmup: 500 * time.Millisecond}
	row := func(impl string, pairs int, warm time.Duration) pendingRow {
		return pendingRow{Result: results.Result{Scenario: results.Scenario{Impl: impl, Mode: results.ModeEncdec, Pairs: pairs}, Warmup: warm}}
	}
	if got := warmupLine(cfg, []pendingRow{row("std", 1, 0)}); got != "" {
		t.Errorf("rows without a warmup: %q, want no line", got)
	}
	got := warmupLine(cfg, []pendingRow{row("baseline", 1, 501*time.Millisecond), row("std", 2, 1900*time.Millisecond), row("sonic", 2, 620*time.Millisecond)})
	want := "  warmup:      501.0ms to 1900.0ms (longest: std 2x encdec), until every pair had done 2 round trips (at least 500.0ms, at most 5000.0ms)"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
