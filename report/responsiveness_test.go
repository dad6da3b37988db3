package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"pingpong/latency"
	"pingpong/results"
)

// probedRun is sampleRun as the probe sees it: an idle floor, probe and
// runtime figures on every row, and a codec's probe passes.
func probedRun() *results.Run {
	run := sampleRun()
	run.Config.Probe = time.Millisecond
	run.Config.Mode = results.RunAll
	run.Config.Impls = []string{"std", "sonic"}
	us := time.Microsecond
	rt := func(schedP99 time.Duration, gc uint64, allocs uint64) *latency.Runtime {
		return &latency.Runtime{
			Window:        2 * time.Second,
			SchedLatency:  latency.Distribution{Count: 5000, P50: 2 * us, P99: schedP99, Max: 3 * schedP99},
			GCPauses:      latency.Distribution{Count: 2 * gc, Total: time.Duration(gc) * 300 * us, P50: 100 * us, P99: 200 * us, Max: 200 * us},
			GCCycles:      gc,
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
	idle.Responsiveness = results.Responsiveness{Probe: &idle.Latency, Runtime: rt(20*us, 0, 10)}
	run.Idle = &idle
	run.Inputs[0].Scenarios = 12 // as planned: the run holds only some of its results

	var rs []results.Result
	for _, r := range run.Results {
		if r.Impl != "std" && r.Impl != "sonic" {
			continue
		}
		r.Responsiveness = results.Responsiveness{Probe: probe(1100*us, 4*time.Millisecond), Runtime: rt(400*us, 12, uint64(r.N)*1000),
			AllocBytesPerOp: 48000, AllocsPerOp: 1000}
		rs = append(rs, r)
	}
	pass := results.Result{Scenario: results.Scenario{Input: "citm-catalog", Impl: "sonic", Mode: results.ModeDecode, Pairs: 2, Procs: 2},
		N: 1700, Ops: 1400, Bytes: 1400 * 500_000, Window: 2 * time.Second, Latency: *probe(2500*us, 9*time.Millisecond)}
	pass.Responsiveness = results.Responsiveness{Probe: &pass.Latency, Runtime: rt(900*us, 30, 1400*400), AllocBytesPerOp: 19200, AllocsPerOp: 400}
	run.Results = append(rs, pass)
	run.Impls = run.Impls[:2]
	return run
}

func TestConsoleProbeGolden(t *testing.T) {
	goldenConsole(t, "console_probe", probedRun())
}

// The new columns come after the original's, which stay byte for byte.
func TestProbeColumnsFollowTheOriginals(t *testing.T) {
	run := probedRun()
	got := row(run.Results[0], nil)
	want := "  1x encdec                    n=108 p50=9.5ms p95=14.2ms p99=19.0ms max=28.5ms  54/s 370MB/s probe.p99=1.1ms probe.max=4.0ms sched.p99=400us gc=12"
	if got != want {
		t.Errorf("row\n%q\nwant\n%q", got, want)
	}
	var b bytes.Buffer
	if err := WriteConsole(&b, run); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "idle floor n=1950 p50=55us p95=70us p99=90us max=1.2ms") {
		t.Errorf("the header must carry the idle floor:\n%s", b.String())
	}
}
