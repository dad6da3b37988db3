package report

import (
	"fmt"
	"strings"

	"github.com/pingpong-bench/pingpong/verdict"
)

// verdictText is the level's section of the console report: the table,
// longest waiting first, baseline last, then the conclusion a script can
// read, then each codec in plain words.
func verdictText(v verdict.Level) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nresponsiveness, %s (every stop of the world the probe forced, against baseline's in the same run):\n", v.Label)
	b.WriteString(alignColumns(v.Table()))
	b.WriteString("  " + v.Conclusion() + "\n")
	for _, w := range v.Sentences() {
		b.WriteString("  " + w + "\n")
	}
	return b.String()
}
