package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

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
	resultstest.Golden(t, name, b.Bytes())
	return b.String()
}

func TestConsoleGolden(t *testing.T) {
	goldenConsole(t, "console", resultstest.SampleRun(), ConsoleOptions{})
}

func TestRowKeepsTheOriginalsColumns(t *testing.T) {
	r := resultstest.SampleRun().Results[0]
	got := row(r, nil)
	want := "  1x encdec                    n=108 p50=9.5ms p95=14.2ms p99=19.0ms max=28.5ms"
	if len(got) < len(want) || got[:len(want)] != want {
		t.Fatalf("row\n%q\nwant prefix\n%q", got, want)
	}
}

// A result with no mode or target (a file from before they existed, or a
// hand-made one) is an encdec row into any.
func TestNoModeIsAnEncdecRow(t *testing.T) {
	r := resultstest.SampleRun().Results[0]
	old := r
	old.Mode, old.Target = "", ""
	if got, want := row(old, nil), row(r, nil); got != want {
		t.Errorf("row without a mode\n%q\nwant\n%q", got, want)
	}
}

// A row's first line fits a terminal of rowWidth columns with the widest
// figures a closed-loop row gets: a 7-digit n, tails in the hundreds of
// milliseconds, every responsiveness column and the NOISY flag.
func TestRowFitsATerminal(t *testing.T) {
	us, ms := time.Microsecond, time.Millisecond
	r := results.Result{
		Scenario: results.Scenario{Input: "small-doc", Codec: "segmentio", Mode: results.ModeEncdec, Pairs: 16, Procs: 8, Target: results.TargetStruct},
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
	run := resultstest.SampleRun()
	run.Codecs = append(run.Codecs, results.CodecInfo{Name: "sonic-optdec", Version: "v1.15.5", Input: "citm-catalog", Env: []string{"SONIC_USE_OPTDEC=1"}})
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
	row := func(codec string, pairs int, warm time.Duration) pendingRow {
		return pendingRow{Result: results.Result{Scenario: results.Scenario{Codec: codec, Mode: results.ModeEncdec, Pairs: pairs}, Warmup: warm}}
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
