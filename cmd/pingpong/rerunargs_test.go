package main

import (
	"slices"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// A rerun asks for the bars and the budget the run was judged by, each
// as its flag takes it (the frozen bar in points, without the float's
// noise), and for fresh memory when the run had it.
func TestRerunKeepsTheBarsAndTheBudget(t *testing.T) {
	in, err := datasets.Load("github", datasets.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	old := &results.Run{
		Inputs: []results.InputInfo{{Name: in.Name, SHA256: in.SHA256}},
		Config: results.Config{Codecs: []string{"std", "baseline"}, Levels: []results.Level{{Spec: "N"}}, Duration: time.Second,
			Seed: datasets.DefaultSeed, FrozenBar: 0.07, LongStop: 5 * time.Millisecond, Budget: 4 * time.Millisecond, FreshMemory: true},
	}
	args, err := rerunArgs("run.json", old)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"-frozen-bar=7", "-long-stop=5ms", "-budget=4ms", "-fresh-memory"} {
		if !slices.Contains(args, want) {
			t.Errorf("rerun args %q lack %s", args, want)
		}
	}
}
