package report

import (
	"strings"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// docsColumn is a -batch row's documents per second, after its round
// trips per second: " 12.3k docs/s". "" in a run without batches, whose
// rows have no such column.
func docsColumn(r results.Result) string {
	if r.Batch == 0 {
		return ""
	}
	return " " + strings.TrimSuffix(format.Rate(r.DocsPerSec()), "/s") + " docs/s"
}
