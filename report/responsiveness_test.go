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

// probedRun is sampleRun as the probes see it: an idle floor, probe,
// stop-the-world, runtime, split and noise figures on every row, a culprit
// named and one not, and a codec's probe passes.
func probedRun() *results.Run {
	run := resultstest.SampleRun()
	run.Config.Probe = time.Millisecond
	run.Config.STW, run.Config.Stall, run.Config.Culprits = 10*time.Millisecond, 10*time.Millisecond, true
	run.Env.LoadAverage = &[3]float64{0.52, 0.61, 0.7}
	run.Calibration = &results.Calibration{Window: 300 * time.Millisecond,
		Channel: latency.Summary{N: 500000, P50: 450, P99: 800}, Baseline: latency.Summary{N: 400000, P50: 500, P99: 900}, STWCost: 0.009}
	run.Config.Mode = results.RunAll
	run.Config.Codecs = []string{"std", "sonic"}
	us := time.Microsecond
	rt := func(schedP99 time.Duration, gc uint64, allocs uint64) *latency.Runtime {
		return &latency.Runtime{
			Window:        2 * time.Second,
			SchedLatency:  latency.Distribution{Count: 5000, P50: 2 * us, P99: schedP99, Max: 3 * schedP99},
			GCPauses:      latency.Distribution{Count: 2 * gc, Total: time.Duration(gc) * 300 * us, P50: 100 * us, P99: 200 * us, Max: 200 * us},
			GCCycles:      gc,
			OtherStopping: latency.Distribution{Count: 200, P50: 20 * us, P99: 250 * us, Max: 300 * us},
			GCStopping:    latency.Distribution{Count: 2 * gc, P50: 30 * us, P99: 300 * us, Max: 300 * us},
			GCCPUFraction: 0.041,
			AllocBytes:    allocs * 48, AllocObjects: allocs,
			PeakHeap: 45_200_000, UserCPU: 1900 * time.Millisecond, SysCPU: 40 * time.Millisecond,
		}
	}
	probe := func(p99, max time.Duration) *latency.Summary {
		return &latency.Summary{N: 1800, P50: 60 * us, P95: p99 / 2, P99: p99, Max: max}
	}
	idle := results.Result{Scenario: results.Scenario{Mode: results.ModeIdle, Procs: 2}, N: 1950, Window: 2 * time.Second,
		Latency: latency.Summary{N: 1950, P50: 55 * us, P95: 70 * us, P99: 90 * us, Max: 1200 * us}}
	stw := func(p99, max time.Duration) *latency.Summary {
		return &latency.Summary{N: 200, P50: 40 * us, P95: p99 / 2, P99: p99, Max: max}
	}
	idle.Responsiveness = results.Responsiveness{Probe: &idle.Latency, Runtime: rt(20*us, 0, 10), STW: stw(80*us, 150*us)}
	run.Idle = &idle
	run.Inputs[0].Scenarios = 12 // as planned: the run holds only some of its results

	var rs []results.Result
	for _, r := range run.Results {
		if r.Codec != "std" && r.Codec != "sonic" {
			continue
		}
		r.Responsiveness = results.Responsiveness{Probe: probe(1100*us, 4*time.Millisecond), Runtime: rt(400*us, 12, uint64(r.N)*1000),
			STW: stw(900*us, 3100*us), STWWaited: 24 * time.Millisecond, STWWall: stw(8100*us, 12*time.Millisecond),
			Noise:           &latency.Noise{Window: 2 * time.Second, OthersCores: 0.02, Cores: 2},
			Split:           &results.Split{Decode: latency.Summary{P50: r.Latency.P50 * 4 / 10}, Encode: latency.Summary{P50: r.Latency.P50 / 5}, Rest: latency.Summary{P50: r.Latency.P50 * 4 / 10}},
			AllocBytesPerOp: 48000, AllocsPerOp: 1000}
		switch {
		case r.Codec == "sonic" && r.Pairs == 2: // frozen by its JIT code, on a busy machine
			r.STW = stw(29*time.Millisecond, 58700*us)
			r.Noise.OthersCores, r.Noise.StealCores = 0.37, 0.01
			r.Culprit = &latency.Culprit{Stall: 58700 * us, Stop: 58900 * us, Kind: latency.KindNonPreemptible, What: "stop-the-world (read mem stats)",
				Goroutine: 23, Frame: "github.com/bytedance/sonic/internal/decoder/jitdec.Decode"}
			r.Trace = "/tmp/traces/citm-catalog-sonic-2x.trace"
		case r.Codec == "std" && r.Pairs == 1:
			r.CulpritErr = "flight recorder: snapshot: no stop of the world in the window"
		}
		rs = append(rs, r)
	}
	pass := results.Result{Scenario: results.Scenario{Input: "citm-catalog", Codec: "sonic", Mode: results.ModeDecode, Pairs: 2, Procs: 2},
		N: 1700, Ops: 1400, Bytes: 1400 * 500_000, Window: 2 * time.Second, Latency: *probe(2500*us, 9*time.Millisecond)}
	pass.Responsiveness = results.Responsiveness{Probe: &pass.Latency, Runtime: rt(900*us, 30, 1400*400), STW: stw(1200*us, 4*time.Millisecond),
		AllocBytesPerOp: 19200, AllocsPerOp: 400}
	run.Results = append(rs, pass)
	run.Codecs = run.Codecs[:2]
	return run
}

func TestConsoleProbeGolden(t *testing.T) {
	out := goldenConsole(t, "console_probe", probedRun(), ConsoleOptions{})
	wantContains(t, out,
		"  probe:       time.Sleep(1ms) overshoot; idle floor n=1950 p50=55us p95=70us p99=90us max=1.2ms sched.p99=20us stw.p99=80us stw.max=150us\n",
		"; stw probe costs 0.9% of baseline round trips\n",
		"  load avg:    0.52 0.61 0.70 (1, 5, 15 min, before the run)\n",
		"      culprit: 58.7ms stop waited on goroutine 23 in github.com/bytedance/sonic/internal/decoder/jitdec.Decode (non-preemptible)\n")
	for _, only := range []string{"gc.pauses=", "culprit: none", "trace:", "stw.p99=900us"} {
		if strings.Contains(out, only) {
			t.Errorf("%q is for -v only:\n%s", only, out)
		}
	}
}

// -v adds every other figure under each row, and why a row names no
// culprit.
func TestConsoleProbeVerboseGolden(t *testing.T) {
	out := goldenConsole(t, "console_probe-v", probedRun(), ConsoleOptions{Verbose: true})
	wantContains(t, out,
		"stw.p50=40us stw.p99=900us stw.waiting=1.2% stw.wall.p99=8.1ms stopping.other.p99=250us stopping.gc.p99=300us",
		"dec=3.8ms enc=1.9ms rest=3.8ms",
		"cpu.others=37% cpu.steal=1%",
		"      culprit: none (flight recorder: snapshot: no stop of the world in the window)\n",
		"      culprit: none (worst stop 3.1ms, under the 10.0ms stall; only stops are traced to a culprit)\n",
		"      trace:   /tmp/traces/citm-catalog-sonic-2x.trace\n")
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, rowIndent) && len(l) > rowWidth {
			t.Errorf("a -v line of %d columns, over %d: %q", len(l), rowWidth, l)
		}
	}
}

// The new columns come after the original's, which stay byte for byte.
func TestProbeColumnsFollowTheOriginals(t *testing.T) {
	run := probedRun()
	got := row(run.Results[0], nil)
	want := "  1x encdec                    n=108 p50=9.5ms p95=14.2ms p99=19.0ms max=28.5ms  54/s 370MB/s probe.p99=1.1ms stw.max=3.1ms sched.p99=400us"
	if got != want {
		t.Errorf("row\n%q\nwant\n%q", got, want)
	}
	var b bytes.Buffer
	if err := WriteConsole(&b, run, ConsoleOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "idle floor n=1950 p50=55us p95=70us p99=90us max=1.2ms") {
		t.Errorf("the header must carry the idle floor:\n%s", b.String())
	}
}

func TestCulpritText(t *testing.T) {
	for _, c := range []struct {
		c    latency.Culprit
		want string
	}{
		{latency.Culprit{Stall: 30 * time.Millisecond, Goroutine: 2, Frame: "example.com/slow.Decode", Kind: latency.KindNonPreemptible},
			"30.0ms stop waited on goroutine 2 in example.com/slow.Decode (non-preemptible)"},
		{latency.Culprit{Stall: 20 * time.Microsecond, What: "stop-the-world (read mem stats)", Kind: latency.KindNone},
			"20us stop-the-world (read mem stats) (none)"},
		{latency.Culprit{Stall: 999600 * time.Nanosecond, Goroutine: 7, Kind: latency.KindCPU},
			"1.0ms stop waited on goroutine 7 in an unknown function (cpu)"},
	} {
		if got := culpritText(c.c); got != c.want {
			t.Errorf("culpritText = %q, want %q", got, c.want)
		}
	}
}
