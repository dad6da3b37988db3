package report

import (
	"fmt"
	"strings"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/verdict"
)

// recommendationText prints a GOMAXPROCS recommendation: the rule's
// inputs (each value's geometric means at the judged level), then the
// line and the remarks, as verdict words them.
func recommendationText(r verdict.Procs) string {
	var b strings.Builder
	at := ""
	if r.At != "" {
		at = ", " + r.At
	}
	if len(r.Values) == 0 {
		fmt.Fprintf(&b, "\nGOMAXPROCS, %s%s:\n  %s\n", r.Input, at, r.Line)
		return b.String()
	}
	margins := "the margins of one run (-count 3 measures them)"
	if r.FromRepeats {
		margins = "the repeats' largest deviation from their median"
	}
	fmt.Fprintf(&b, "\nGOMAXPROCS, %s%s: level %s, geometric mean over %s:\n", r.Input, at, r.Level, strings.Join(r.Codecs, ", "))
	table := [][]string{{"value", "pairs", "round trips/s", "p99", "probe.p99", "stw.p99", "others"}}
	for _, v := range r.Values {
		line := []string{fmt.Sprintf("GOMAXPROCS=%d", v.Procs), fmt.Sprint(v.Pairs), format.Rate(v.Rate), format.Duration(v.P99), "-", "-", "-"}
		if v.HasProbe {
			line[4] = format.Duration(v.ProbeP99)
		}
		if v.HasSTW {
			line[5] = format.Duration(v.STWP99)
		}
		if v.HasNoise {
			line[6] = fmt.Sprintf("%.2f cores", v.OthersCores)
		}
		table = append(table, line)
	}
	b.WriteString(alignColumns(table))
	lines := []string{fmt.Sprintf("within %s (throughput) and %s (p99, probe.p99) counts as equal, %s", format.Percent(r.RateMargin), format.Percent(r.LatencyMargin), margins)}
	if r.Best > 0 {
		lines = append(lines, "recommended: "+r.Line)
	} else {
		lines = append(lines, r.Line)
	}
	for _, l := range append(lines, r.Remarks...) {
		for _, w := range wrapText("  ", "      ", l, rowWidth) {
			b.WriteString(w + "\n")
		}
	}
	return b.String()
}
