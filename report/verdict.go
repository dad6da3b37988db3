package report

import (
	"fmt"
	"strings"

	"github.com/pingpong-bench/pingpong/verdict"
)

// verdictText is the level's section of the console report: a short head,
// the table (the codec that froze the program longest first, the
// references last), a footnote on the reference and how long the level
// ran, then the conclusions a script can read and the caveat. -v adds
// the sentence of each codec, the table in words, and the minimum mutator
// utilization of each; the default console wraps its lines at rowWidth,
// -v keeps each whole.
func verdictText(v verdict.Level, verbose bool) string {
	var b strings.Builder
	what := "the stops' holds, the machine's share apart"
	if !v.Split() {
		what = "the stops' whole waits, not split"
	}
	fmt.Fprintf(&b, "\nresponsiveness, %s (%s, against %s):\n", v.Label, what, v.RefName())
	b.WriteString(alignColumns(v.Table()))
	line := func(s string) {
		if verbose {
			b.WriteString("  " + s + "\n")
			return
		}
		for _, l := range wrapText("  ", "      ", s, rowWidth) {
			b.WriteString(l + "\n")
		}
	}
	line("against " + v.Reference() + "; ran " + v.Ran())
	if m := v.MachineNote(); m != "" {
		line(m)
	}
	for _, c := range v.Conclusions() {
		line(c)
	}
	if c := v.Caveat(); c != "" {
		line(c)
	}
	if !verbose {
		return b.String()
	}
	for _, w := range v.Sentences() {
		line(w)
	}
	for _, cv := range v.Answers(verdict.CannotTell) {
		line(v.Sentence(cv))
	}
	for _, cv := range v.Answers(verdict.DoesNot) {
		if w := v.Sentence(cv); w != "" {
			line(w)
		}
	}
	if t := v.MMUTable(); t != nil {
		b.WriteString("  minimum mutator utilization (the least share of any window of that length in which no stop held the program):\n")
		b.WriteString(alignColumns(t))
	}
	return b.String()
}
