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

// openLoopRun is sampleRun on a schedule, with the harness floor measured:
// one codec keeps the rate, one cannot.
func openLoopRun() *results.Run {
	run := resultstest.SampleRun()
	run.Config.Codecs = []string{"std", "sonic", "baseline"}
	run.Codecs = append(run.Codecs[:2], run.Codecs[3])
	run.Config.Rate = 100
	run.Calibration = &results.Calibration{Window: 300 * time.Millisecond,
		Channel:  latency.Summary{N: 500000, P50: 450, P99: 800},
		Baseline: latency.Summary{N: 400000, P50: 500, P99: 900},
		OpenLoop: &results.OpenLoopFloor{Pairs: 2, Rate: 200, Latency: latency.Summary{N: 400, P50: 600, P99: 4 * time.Microsecond},
			SendDelay: latency.Summary{N: 400, P50: 200, P99: 3 * time.Microsecond}}}
	var rs []results.Result
	for _, r := range run.Results {
		switch r.Codec {
		case "std", "sonic", "baseline":
		default:
			continue
		}
		r.RequestedRate = 100 * float64(r.Pairs)
		r.Uncorrected = r.Latency
		r.Uncorrected.P50, r.Uncorrected.P99 = r.Latency.P50*9/10, r.Latency.P99/2
		if r.Codec == "std" { // 54/s at 1x: it cannot keep 100/s
			r.Late, r.Latency.P50, r.Latency.P99 = r.N-1, 400*time.Millisecond, 900*time.Millisecond
		} else {
			r.N = int64(r.RequestedRate * r.Window.Seconds())
			r.Latency.N = r.N
		}
		if r.Codec == "baseline" && r.Pairs == 2 {
			r.Overslept = 3
		}
		r.AchievedRate = r.RoundTripsPerSec()
		if r.Late < r.N {
			r.SendDelay = latency.Summary{N: r.N - r.Late, P50: 500, P99: 12 * time.Microsecond}
		}
		rs = append(rs, r)
	}
	run.Results = rs
	return run
}

func TestConsoleOpenLoopGolden(t *testing.T) {
	out := goldenConsole(t, "console-openloop", openLoopRun(), ConsoleOptions{Verbose: true})
	wantContains(t, out, "  load:        open loop, 100/s per pair", "  floor:       channel p50=450ns p99=800ns, baseline p50=500ns p99=900ns\n",
		"  open floor:  baseline at 200/s on 2 pairs: p50=600ns p99=4us, send delay p99=3us\n",
		"54/s of 100/s 370MB/s RATE NOT SUSTAINED\n", "\n"+rowIndent+"late=107 uncorr.p50=8.6ms uncorr.p99=9.5ms harness.delay.p99=12us\n",
		"late=0 uncorr.p50=2.5ms uncorr.p99=2.8ms harness.delay.p99=12us\n")
	if strings.Contains(out, "round trips/s):") {
		t.Errorf("an open-loop run compares throughput, which the schedule fixed:\n%s", out)
	}
}

func TestOpenLoopColumnsOnlyWhenSaturated(t *testing.T) {
	r := results.Result{OpenLoopResult: results.OpenLoopResult{RequestedRate: 1000, AchievedRate: 960}}
	if s := openLoopColumns(r); strings.Contains(s, "NOT SUSTAINED") {
		t.Errorf("96%% of the rate is sustained: %q", s)
	}
	r.AchievedRate = 940
	if s := openLoopColumns(r); !strings.Contains(s, "NOT SUSTAINED") {
		t.Errorf("94%% of the rate is not sustained: %q", s)
	}
	if s := openLoopColumns(results.Result{}); s != "" {
		t.Errorf("a closed-loop row got %q", s)
	}
}

// With -v the floor multiples follow the 1x rows: p50 over the channel's
// and the baseline's p50. The default console leaves them out.
func TestFloorMultiples(t *testing.T) {
	run := resultstest.SampleRun()
	run.Calibration = &results.Calibration{Channel: latency.Summary{P50: 500}, Baseline: latency.Summary{P50: 1000}}
	var b bytes.Buffer
	if err := WriteConsole(&b, run, ConsoleOptions{Verbose: true}); err != nil {
		t.Fatal(err)
	}
	// std 1x p50 is 9.5ms: 19000x the channel, 9500x the baseline.
	if !strings.Contains(b.String(), "  std                   9.5ms  19000 x channel  9500 x baseline\n") {
		t.Errorf("no std multiple in\n%s", b.String())
	}
	b.Reset()
	if err := WriteConsole(&b, run, ConsoleOptions{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "x channel") {
		t.Errorf("the default console has the floor multiples:\n%s", b.String())
	}
}
