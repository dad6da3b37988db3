package report

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// Each row names its build: the console's blocks and level comparisons,
// the benchmark names and the CSV.
func TestRowsNameTheirBuild(t *testing.T) {
	old, new := resultstest.CompareRuns(1)
	run := resultstest.AcrossBuilds(old, new)
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
	rows := csvRows(t, run)
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
