package compare

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// compare compares the builds of one file exactly as it compares the two
// files they would have been.
func TestCompareBuildsOfOneRunAsTwoFiles(t *testing.T) {
	old, new := resultstest.CompareRuns(5)
	run := resultstest.AcrossBuilds(old, new)
	var files, builds bytes.Buffer
	if _, err := WriteGatedComparison(&files, "A", "B", old, new, Gate{{Metric: "p99", Pct: 10}}); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteGatedComparison(&builds, "A", "B", run.OfBuild("base"), run.OfBuild("new"), Gate{{Metric: "p99", Pct: 10}}); err != nil {
		t.Fatal(err)
	}
	if files.String() != builds.String() {
		t.Errorf("the builds of one run compare otherwise than two files:\n%s\nagainst\n%s", builds.String(), files.String())
	}
	if !strings.Contains(builds.String(), "sonic version: v1.15.5 -> v1.16.0") || !strings.Contains(builds.String(), "REGRESSION") {
		t.Errorf("the comparison lacks sonic's change of version and regression:\n%s", builds.String())
	}
}

func TestCompareKeepsSweepValuesApart(t *testing.T) {
	old := resultstest.SweepRun()
	new := resultstest.SweepRun()
	for i := range new.Results {
		new.Results[i].GOGC = "400"
	}
	c := match(old, new, nil)
	if len(c.Scenarios) != 0 || len(c.OnlyOld) != len(old.Results) {
		t.Errorf("GOGC=400 matched the default's scenarios: %d matched, %d only old", len(c.Scenarios), len(c.OnlyOld))
	}
	if s := c.OnlyNew[0].Label(); !strings.Contains(s, "GOGC 400") {
		t.Errorf("key %q does not name its GOGC", s)
	}
	if c := match(old, resultstest.SweepRun(), nil); len(c.Scenarios) != len(old.Results) {
		t.Errorf("a run against itself matched %d of %d scenarios", len(c.Scenarios), len(old.Results))
	}
}
