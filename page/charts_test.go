package page

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// Groups from two runs, each with inputs the other lacks, come out in one
// order whatever order they are sorted from: inputs as they first appear
// across the runs, any before struct within an input.
func TestChartGroupsSortTheSameUnderShuffles(t *testing.T) {
	run := func(scenarios ...[2]string) *results.Run {
		r := resultstest.SampleRun()
		base := r.Results[0]
		r.Results = nil
		for _, s := range scenarios {
			res := base
			res.Input, res.Target = s[0], s[1]
			r.Results = append(r.Results, res)
		}
		return r
	}
	a := run([2]string{"twitter", results.TargetStruct}, [2]string{"citm", results.TargetAny}, [2]string{"twitter", ""})
	b := run([2]string{"github", results.TargetAny}, [2]string{"citm", results.TargetStruct}, [2]string{"canada", results.TargetStruct})
	groups := groupsOf(cellsOf([]Source{{Name: "a.json", Run: a}, {Name: "b.json", Run: b}}))
	want := "twitter/any twitter/struct citm/any citm/struct github/any canada/struct"
	name := func(gs []chartGroup) string {
		var out []string
		for _, g := range gs {
			out = append(out, g.input+"/"+g.target)
		}
		return strings.Join(out, " ")
	}
	if got := name(groups); got != want {
		t.Fatalf("groups %s, want %s", got, want)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100 {
		gs := slices.Clone(groups)
		rng.Shuffle(len(gs), func(i, j int) { gs[i], gs[j] = gs[j], gs[i] })
		sortGroups(gs)
		if got := name(gs); got != want {
			t.Fatalf("sorted from a shuffle: %s, want %s", got, want)
		}
	}
}
