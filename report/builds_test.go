package report

import (
	"bytes"
	"encoding/csv"
	"slices"
	"strings"
	"testing"

	"pingpong/results"
)

// acrossBuilds is old and new as one run across builds "base" and "new":
// what a run of both binaries in one plan writes.
func acrossBuilds(old, new *results.Run) *results.Run {
	run := *old
	run.Config.Impls = slices.Clone(old.Config.Impls)
	run.Impls, run.Results = nil, nil
	for _, side := range []struct {
		name string
		run  *results.Run
	}{{"base", old}, {"new", new}} {
		b := results.Build{Name: side.name, Binary: "/bin/pingpong." + side.name}
		for _, im := range side.run.Impls {
			im.Build = side.name
			run.Impls = append(run.Impls, im)
			b.Codecs = append(b.Codecs, results.ListedCodec{Name: im.Name, Version: im.Version})
		}
		for _, name := range side.run.Config.Impls {
			if !slices.Contains(run.Config.Impls, name) {
				run.Config.Impls = append(run.Config.Impls, name)
			}
		}
		run.Config.Builds = append(run.Config.Builds, b)
		for _, r := range side.run.Results {
			r.Build = side.name
			run.Results = append(run.Results, r)
		}
	}
	return &run
}

// compare compares the builds of one file exactly as it compares the two
// files they would have been.
func TestCompareBuildsOfOneRunAsTwoFiles(t *testing.T) {
	old, new := compareRuns(5)
	run := acrossBuilds(old, new)
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

// Each row names its build: the console's blocks and level comparisons,
// the benchmark names and the CSV.
func TestRowsNameTheirBuild(t *testing.T) {
	old, new := compareRuns(1)
	run := acrossBuilds(old, new)
	var console bytes.Buffer
	if err := WriteConsole(&console, run, ConsoleOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\n[sonic (base)]\n  1x encdec", "\n[sonic (new)]\n  1x encdec", "\n[jsonv2 (new)]\n",
		"  impls:       std (base), sonic (base),", "  builds:      base /bin/pingpong.base, new /bin/pingpong.new",
		"sonic (new) v1.16.0", "comparison, 1x encdec, build base (round trips/s)", "comparison, 2x encdec, build new (round trips/s)"} {
		if !strings.Contains(console.String(), want) {
			t.Errorf("the console lacks %q:\n%s", want, console.String())
		}
	}
	var bench bytes.Buffer
	if err := WriteGoBench(&bench, run); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(bench.String(), "BenchmarkPingPong/input=citm-catalog/impl=sonic/build=new/pairs=1-2\t") {
		t.Errorf("-bench does not name the build:\n%s", bench.String())
	}
	var b bytes.Buffer
	if err := WriteCSV(&b, run); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, row := range rows[1:] {
		if row[1] == "sonic" && row[6] == "1" {
			got = append(got, row[2]+" "+row[3])
		}
	}
	if rows[0][2] != "build" || !slices.Equal(got, []string{"base v1.15.5", "new v1.16.0"}) {
		t.Errorf("CSV: column %q, sonic 1x rows %q; want build, base v1.15.5 and new v1.16.0", rows[0][2], got)
	}
}

// A run across builds merges with another build by build: the builds'
// versions differ, which is no reason to refuse.
func TestMergeKeepsBuilds(t *testing.T) {
	old, new := compareRuns(1)
	run := acrossBuilds(old, new)
	m, err := Merge(run, run)
	if err != nil {
		t.Fatal(err)
	}
	if m.Config.Count != 2 || !slices.Equal(m.Config.BuildNames(), []string{"base", "new"}) || len(m.Impls) != len(run.Impls) {
		t.Errorf("merged: count %d, builds %v, %d codec infos (want 2, base and new, %d)", m.Config.Count, m.Config.BuildNames(), len(m.Impls), len(run.Impls))
	}
}

// The page shows each build as a source of its own, compared.
func TestPageShowsEachBuild(t *testing.T) {
	old, new := compareRuns(1)
	pg, err := buildPage([]Source{{Name: "results.json", Run: acrossBuilds(old, new)}})
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
