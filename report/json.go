package report

import (
	"io"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// WriteJSON writes run as the -json file, with what the verdict said of
// each level (results.Run.Verdict) and the safe sizes (SafeSizes), so
// that a script reads the answers without judging the rows again.
func WriteJSON(w io.Writer, run *results.Run) error {
	out := *run
	out.Verdict = verdict.Record(run)
	out.SafeSizes = verdict.RecordSafeSizes(run)
	return results.WriteJSON(w, &out)
}
