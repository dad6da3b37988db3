package page

import (
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// A file merged from two testbeds shows each as a source of its own, side
// by side and unjudged.
func TestPageShowsEachTestbed(t *testing.T) {
	m, err := results.Merge(resultstest.SampleRun(), resultstest.OnArm64(resultstest.SampleRun()))
	if err != nil {
		t.Fatal(err)
	}
	pg, err := buildPage([]Source{{Name: "merged.json", Run: m}}, testConsole)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, s := range pg.Sources {
		labels = append(labels, s.Label)
	}
	want := []string{"testbed linux-amd64 Test 2c go1.26.8", "testbed linux-arm64 Neoverse-N1 4c GOMAXPROCS=2 go1.26.8"}
	if !slices.Equal(labels, want) || !strings.Contains(pg.Compare, "--across-testbeds") || strings.Contains(pg.Compare, "Mann-Whitney") {
		t.Errorf("page sources %q, want %q; comparison:\n%s", labels, want, pg.Compare)
	}
}
