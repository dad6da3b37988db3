package plan

import (
	"fmt"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
)

func TestPlanInterleavesRepeats(t *testing.T) {
	cfg := results.Config{Codecs: []string{"std", "sonic", "baseline"}, Levels: []results.Level{{Spec: "1", Pairs: 1}, {Spec: "N", Pairs: 2}}, Count: 3}
	plan := Plan(cfg, inputsNamed("a", "b"), 2)
	if want := 2 * 3 * 2 * 3; len(plan) != want {
		t.Fatalf("%d scenarios, want %d", len(plan), want)
	}
	seen := map[string]int{}
	for i, s := range plan {
		key := fmt.Sprintf("%s/%s/%d", s.Input, s.Codec, s.Pairs)
		if s.Repeat != seen[key] {
			t.Errorf("scenario %d (%s) is repeat %d, want %d: a repeat must finish before the next starts", i, key, s.Repeat, seen[key])
		}
		seen[key]++
		if i > 0 {
			p := plan[i-1]
			if p.Input == s.Input && p.Codec == s.Codec && p.Pairs == s.Pairs {
				t.Errorf("scenario %d (%s) runs back to back with its previous repeat", i, key)
			}
			if p.Repeat == s.Repeat && p.Input == s.Input && p.Pairs > s.Pairs {
				t.Errorf("scenario %d (%s) follows %s/%d: a level's codecs must run one after the other, before the next level", i, key, p.Codec, p.Pairs)
			}
		}
	}
	for key, n := range seen {
		if n != 3 {
			t.Errorf("%s ran %d times, want 3", key, n)
		}
	}
}

// The codecs of a level are side by side in the plan: they take turns in
// its window (interleave.go).
func TestPlanPutsALevelsCodecsSideBySide(t *testing.T) {
	cfg := results.Config{Codecs: []string{"std", "sonic"}, Levels: []results.Level{{Spec: "1", Pairs: 1}, {Spec: "N", Pairs: 2}}}
	for _, count := range []int{0, 1} {
		cfg.Count = count
		var got []string
		for _, s := range Plan(cfg, inputsNamed("a"), 2) {
			got = append(got, fmt.Sprintf("%s/%d/%d", s.Codec, s.Pairs, s.Repeat))
		}
		if want := "[std/1/0 sonic/1/0 std/2/0 sonic/2/0]"; fmt.Sprint(got) != want {
			t.Errorf("count %d: plan %v, want %v", count, got, want)
		}
	}
}

// inputsNamed is inputs as a caller planning ahead knows them: by name.
func inputsNamed(names ...string) []results.InputInfo {
	out := make([]results.InputInfo, len(names))
	for i, n := range names {
		out[i].Name = n
	}
	return out
}
