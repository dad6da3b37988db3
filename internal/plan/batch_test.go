package plan

import (
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
)

// Batch is a dimension of the plan inside each level; without -batch every
// scenario keeps Batch 0, so default names do not change.
func TestPlanBatches(t *testing.T) {
	cfg := results.Config{Codecs: []string{"std"}, Levels: []results.Level{{Spec: "1", Pairs: 1}, {Spec: "N", Pairs: 2}}}
	in := []results.InputInfo{{Name: "small-doc"}}
	label := func(ss []results.Scenario) string {
		var out []string
		for _, s := range ss {
			out = append(out, results.Result{Scenario: s}.Label())
		}
		return strings.Join(out, ", ")
	}
	if got, want := label(Plan(cfg, in, 2)), "1x encdec, 2x encdec"; got != want {
		t.Errorf("default plan %s, want %s", got, want)
	}
	cfg.Batches = []int{1, 10}
	want := "1x encdec batch=1, 1x encdec batch=10, 2x encdec batch=1, 2x encdec batch=10"
	if got := label(Plan(cfg, in, 2)); got != want {
		t.Errorf("batch plan %s, want %s", got, want)
	}
	cfg.Count = 2
	if got := len(Plan(cfg, in, 2)); got != 8 {
		t.Errorf("2 repeats of 4 scenarios planned %d", got)
	}
}
