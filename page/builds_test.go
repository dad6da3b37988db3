package page

import (
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// The page shows each build as a source of its own, compared.
func TestPageShowsEachBuild(t *testing.T) {
	old, new := resultstest.CompareRuns(1)
	pg, err := buildPage([]Source{{Name: "results.json", Run: resultstest.AcrossBuilds(old, new)}}, testConsole)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, s := range pg.Sources {
		labels = append(labels, s.Label)
	}
	if !slices.Equal(labels, []string{"base", "new"}) || !strings.Contains(pg.Compare, "sonic version: v1.15.5 -> v1.16.0") {
		t.Errorf("page sources %q, comparison:\n%s", labels, pg.Compare)
	}
}
