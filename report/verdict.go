package report

import (
	"fmt"
	"strings"

	"github.com/pingpong-bench/pingpong/verdict"
)

// verdictText is the level's section of the console report: the table,
// the codec that froze the program longest first, baseline last, then the
// conclusion a script can read, then the sentence of each codec that
// stands out, with its culprit. verbose adds why each other codec does
// not, and the minimum mutator utilization of each.
func verdictText(v verdict.Level, verbose bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nresponsiveness, %s (every stop of the world the probe forced, against baseline's in the same run):\n", v.Label)
	b.WriteString(alignColumns(v.Table()))
	b.WriteString("  " + v.Conclusion() + "\n")
	if c := v.Caveat(); c != "" {
		b.WriteString("  " + c + "\n")
	}
	for _, w := range v.Sentences() {
		b.WriteString("  " + w + "\n")
	}
	if !verbose {
		return b.String()
	}
	for _, w := range v.Reasons() {
		b.WriteString("  " + w + "\n")
	}
	if t := v.MMUTable(); t != nil {
		b.WriteString("  minimum mutator utilization (the least share of any window of that length in which no stop held the program):\n")
		b.WriteString(alignColumns(t))
	}
	return b.String()
}
