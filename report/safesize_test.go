package report

import (
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results/resultstest"
)

func TestSafeSizeGolden(t *testing.T) {
	run := resultstest.SafeSizeRun()
	got := bySizeOf(run).safeSizeText(run.Config, nil)
	resultstest.Golden(t, "safesize", []byte(got))
	for _, want := range []string{
		"\nsafe size, long-string, budget 10.0ms on the p99 stop (",
		"each p99 of 200 to 500 stops; ",
		"  2x encdec\n",
		"    jsoniter   none of the sizes tried (p99 stop 12.0ms at 1MB; ",
		"    goccy      up to ~3.5MB (p99 stop 2.0ms at 1MB, 12.0ms at 4MB; ",
		"under the budget again at 16MB, not counted)",
		"    sonic      up to ~8MB (p99 stop 5.0ms at 4MB, 20.0ms at 16MB; ",
		"    std        every size tried (up to 32MB; p99 stop 8.8ms at 32MB; ~250us per MB)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("safe sizes lack %q:\n%s", want, got)
		}
	}
	// The console prints them after the by-size summary.
	var b strings.Builder
	if err := WriteConsole(&b, run, ConsoleOptions{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if i, j := strings.Index(out, "\nby size, long-string"), strings.Index(out, "\nsafe size, long-string"); i < 0 || j < i {
		t.Errorf("safe sizes not after the by-size summary (at %d, %d):\n%s", i, j, out)
	}
}

func TestApproxSize(t *testing.T) {
	for b, want := range map[float64]string{5.38e6: "5.4MB", 8e6: "8MB", 12.6e6: "13MB", 540e3: "540kB", 999.6e3: "1MB", 999: "1kB", 120: "120B"} {
		if got := approxSize(b); got != want {
			t.Errorf("approxSize(%.0f) = %q, want %q", b, got, want)
		}
	}
}
