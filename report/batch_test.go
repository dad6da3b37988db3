package report

import (
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// A -batch row adds its documents per second; a row of a run without
// batches adds nothing, so default rows stay byte for byte as they were.
func TestDocsColumn(t *testing.T) {
	r := results.Result{Scenario: results.Scenario{Mode: results.ModeEncdec, Pairs: 1}, N: 2500, Window: time.Second}
	if got := docsColumn(r); got != "" {
		t.Errorf("no batch: %q, want nothing", got)
	}
	for batch, want := range map[int]string{1: " 2500 docs/s", 10: " 25.0k docs/s", 1000: " 2.50M docs/s"} {
		r.Batch = batch
		if got := docsColumn(r); got != want {
			t.Errorf("batch %d: %q, want %q", batch, got, want)
		}
	}
}
