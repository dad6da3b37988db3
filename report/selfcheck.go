package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// WriteSelfCheck prints a self-check: per input, each codec's 1x round
// trip p50 next to its single-goroutine decode+encode, their ratio, the
// run-to-run spread, and the likely cause where the two are apart.
func WriteSelfCheck(w io.Writer, run *results.SelfCheckRun) error {
	var b strings.Builder
	e, cfg := run.Env, run.Config
	b.WriteString("pingpong selfcheck: does the harness measure the codec?\n")
	fmt.Fprintf(&b, "  system:      %s/%s, %s, %d cores, GOMAXPROCS=%d, %s\n", e.GOOS, e.GOARCH, e.CPUName(), e.Cores, e.GOMAXPROCS, e.GoVersion)
	fmt.Fprintf(&b, "  run:         %d repeats, interleaved across codecs, each: %v warmup + %v of 1x encdec, then about %v of a decode+encode loop on one goroutine\n",
		cfg.Count, cfg.Warmup, cfg.Duration, cfg.Duration)
	for _, l := range calibrationLines(&run.Calibration) {
		b.WriteString(l + "\n")
	}
	fmt.Fprintf(&b, "  ratio:       1x encdec p50 / one decode + one encode of the same bytes on one goroutine (ns/op); medians of the repeats; flagged when more than %.0f%% from 1\n",
		100*results.SelfCheckTolerance)
	b.WriteString("  cv:          coefficient of variation over the repeats (stddev / mean) of the p50 and of round trips/s: smaller differences between runs are noise\n")
	for _, in := range run.Inputs {
		fmt.Fprintf(&b, "\n%s (%s)\n", in.Name+".json", inputKind(in))
		fmt.Fprintf(&b, "  %-12s %11s %11s %8s %7s %8s\n", "impl", "encdec.p50", "dec+enc", "ratio", "cv.p50", "cv.rt/s")
		for _, r := range run.Results {
			if r.Input != in.Name {
				continue
			}
			b.WriteString(selfCheckRow(r, cfg.Count) + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func selfCheckRow(r results.SelfCheckResult, count int) string {
	head := fmt.Sprintf("  %-12s ", r.Codec)
	if len(r.Repeats) == 0 {
		return head + "error: " + r.Err
	}
	s := head + fmt.Sprintf("%11s %11s %8.2f %7s %8s", format.Duration(r.P50), format.Duration(r.Single), r.Ratio, percent(r.CVP50, len(r.Repeats)), percent(r.CVRate, len(r.Repeats)))
	if len(r.Repeats) < count {
		s += fmt.Sprintf("  (%d of %d repeats)", len(r.Repeats), count)
	}
	if r.Apart {
		s += "  APART: " + r.Cause
	}
	if r.Err != "" {
		s += "  error: " + r.Err
	}
	return s
}

// percent prints a coefficient of variation; one repeat has none.
func percent(cv float64, n int) string {
	if n < 2 {
		return "-"
	}
	return format.Percent(cv)
}
