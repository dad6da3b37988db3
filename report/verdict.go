package report

import (
	"fmt"
	"strings"

	"github.com/pingpong-bench/pingpong/verdict"
)

// verdictText is the level's section of the console report: the table,
// the codec that froze the program longest first, the references last,
// then the conclusions a script can read, then the sentence of each codec
// that stands out, with its culprit, and of each the run cannot tell.
// verbose adds where each codec that does not lay, and the minimum
// mutator utilization of each.
func verdictText(v verdict.Level, verbose bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nresponsiveness, %s (every stop of the world the probe forced, against %s; ran %s):\n", v.Label, v.Reference(), v.Ran())
	b.WriteString(alignColumns(v.Table()))
	for _, c := range v.Conclusions() {
		b.WriteString("  " + c + "\n")
	}
	if c := v.Caveat(); c != "" {
		b.WriteString("  " + c + "\n")
	}
	for _, w := range v.Sentences() {
		b.WriteString("  " + w + "\n")
	}
	for _, cv := range v.Answers(verdict.CannotTell) {
		b.WriteString("  " + v.Sentence(cv) + "\n")
	}
	if !verbose {
		return b.String()
	}
	for _, cv := range v.Answers(verdict.DoesNot) {
		if w := v.Sentence(cv); w != "" {
			b.WriteString("  " + w + "\n")
		}
	}
	if t := v.MMUTable(); t != nil {
		b.WriteString("  minimum mutator utilization (the least share of any window of that length in which no stop held the program):\n")
		b.WriteString(alignColumns(t))
	}
	return b.String()
}
