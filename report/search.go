package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/verdict"
)

// SearchText says how a safe-size search (-input SPEC:MIN..MAX) narrowed:
// each step's sizes and the codecs it ran (with refs, the references that
// ran at every step), then where it left each codec at each level. It follows
// the safe-size lines.
func SearchText(spec string, min, max int, budget time.Duration, res verdict.SearchResult, refs []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nsearch, %s %s..%s, budget %s (a coarse pass on a log scale, then sizes around each codec's crossing until its safe size is known within %gx, at most %d steps after the first):\n",
		spec, format.Size(float64(min)), format.Size(float64(max)), format.Duration(budget), verdict.SearchFactor, verdict.SearchSteps)
	for i, st := range res.Steps {
		impls := append(st.Impls[:len(st.Impls):len(st.Impls)], refs...)
		fmt.Fprintf(&b, "  step %d: %s (%s)\n", i+1, verdict.SizesText(st.Sizes), strings.Join(impls, ", "))
	}
	level := ""
	var table [][]string
	flush := func() {
		b.WriteString(alignColumns(table))
		table = nil
	}
	for _, l := range res.Lines {
		if l.Level != level {
			flush()
			level = l.Level
			fmt.Fprintf(&b, "  %s\n", level)
		}
		table = append(table, []string{"  " + l.Impl, searchLine(l)})
	}
	flush()
	return b.String()
}

// searchLine is where the search left one codec at one level.
func searchLine(l verdict.SearchLine) string {
	safe, over := l.Safe.Bracket()
	size := func(i int) string { return format.Size(float64(l.Safe.Points[i].Bytes)) }
	switch {
	case over < 0:
		return "within the budget at every size, up to " + size(safe)
	case safe < 0:
		return "over the budget from the smallest size, " + size(over)
	case l.Settled:
		return fmt.Sprintf("between %s (within) and %s (over)", size(safe), size(over))
	}
	return fmt.Sprintf("between %s (within) and %s (over): not within %gx after %d steps; list sizes in that range to pin it", size(safe), size(over), verdict.SearchFactor, verdict.SearchSteps)
}
