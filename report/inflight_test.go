package report

import (
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results/resultstest"

	"github.com/pingpong-bench/pingpong/latency"
)

// A round trip still in flight at the window's end: a row with none
// completed says so in place of its figures, one with round trips shows
// the stall's age from 10ms on its -v line.
func TestConsoleInFlightGolden(t *testing.T) {
	run := resultstest.SampleRun()
	std := &run.Results[0] // 1x: one round trip held the whole window
	std.N, std.Bytes, std.Latency, std.InFlight = 0, 0, latency.Summary{}, 2*time.Second
	run.Results[3].InFlight = 2300 * time.Millisecond // sonic 2x: a stall crossed the window's end
	run.Results[2].InFlight = 3 * time.Millisecond    // sonic 1x: an ordinary round trip, cut
	run.Results[1].InFlight = 25 * time.Millisecond   // std 2x: no longer than its max, nothing vanished
	out := goldenConsole(t, "console-inflight", run, ConsoleOptions{Verbose: true})
	lines := strings.Split(out, "\n")
	find := func(prefix string) string {
		for _, l := range lines {
			if strings.HasPrefix(l, prefix) {
				return l
			}
		}
		t.Fatalf("no line %q in\n%s", prefix, out)
		return ""
	}
	if l := find("  1x encdec"); !strings.HasSuffix(l, "n=0 (a round trip still in flight after 2.0s)") || strings.Contains(l, "p50=") {
		t.Errorf("std 1x row %q: want n=0 and why, no percentiles", l)
	}
	if n := strings.Count(out, "in-flight="); n != 1 || !strings.HasSuffix(find("  2x encdec                    n=600"), " in-flight=2.3s") {
		t.Errorf("%d in-flight columns, want sonic 2x's alone, in-flight=2.3s on its first line:\n%s", n, out)
	}
	std.InFlight, std.Window, std.Partial = 0, 0, true
	if got := row(*std, nil); !strings.HasSuffix(got, "n=0 (cut short before the window opened) PARTIAL") {
		t.Errorf("row cut before its window: %q", got)
	}
	std.Window, std.Partial = 2*time.Second, false
	if got := row(*std, nil); !strings.HasSuffix(got, "n=0 (no round trip completed in 2.0s)") {
		t.Errorf("row with no round trip and none in flight: %q", got)
	}
}
