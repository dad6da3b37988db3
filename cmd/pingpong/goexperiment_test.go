package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/internal/codecs"
)

// bench_scheduling.sh --goexperiment: a second pingpong built under a
// GOEXPERIMENT, run with the normal one in one run across builds. The
// first jsonv2 build compiles the standard library and every dependency
// again (about a minute and a half on two cores); later ones come from
// the build cache.

func TestBenchSchedulingGoexperimentJSONv2(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	out := filepath.Join(work, "out")
	tiny, pp := tinyRun(t, work)
	args := append(tiny, "-o", out, "--goexperiment", "jsonv2", "--compare", "std,stdv2", "--count", "1")
	// at N pairs, where control runs
	code, stdout, stderr := runBench(t, nil, append(args, append(pp, "-levels", "N")...)...)
	if code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr)
	}
	run := readRun(t, filepath.Join(out, "results.json"))
	if v := versionOf(run, "std", "base"); !strings.HasPrefix(v, "go1.") || strings.Contains(v, "GOEXPERIMENT") {
		t.Errorf("the normal build's std is %q", v)
	}
	if v := versionOf(run, "std", "new"); !strings.HasPrefix(v, "go1.") || !strings.HasSuffix(v, " (GOEXPERIMENT=jsonv2)") {
		t.Errorf("the jsonv2 build's std is %q, want go1.x (GOEXPERIMENT=jsonv2)", v)
	}
	if v := versionOf(run, "stdv2", "base"); v != "" {
		t.Errorf("the normal build ran stdv2 (%s)", v)
	}
	if v := versionOf(run, "stdv2", "new"); !strings.HasSuffix(v, " (GOEXPERIMENT=jsonv2)") {
		t.Errorf("the jsonv2 build's stdv2 is %q", v)
	}
	var ran []string
	for _, r := range run.Results {
		ran = append(ran, r.CodecLabel())
	}
	if want := []string{"std (base)", "std (new)", "stdv2 (new)", "control (base)", "control (new)", "baseline (base)", "baseline (new)"}; !slices.Equal(ran, want) {
		t.Errorf("ran %q, want %q: stdv2 in the build that has it alone, control and baseline (which the script adds) in both", ran, want)
	}
	if !strings.Contains(stdout, "versions:    std (base) go1.") || !strings.Contains(stdout, ", std (new) go1.") ||
		!strings.Contains(stdout, ", stdv2 (new) go1.") {
		t.Errorf("the headers do not tell the builds apart:\n%s", stdout)
	}
	if row := rowOf(stdout, "stdv2 (new)"); !strings.Contains(row, "n=") || strings.Contains(row, "MISMATCH") || strings.Contains(row, "error") {
		t.Errorf("stdv2 did not run cleanly: %q", row)
	}
	cmp := readFile(t, filepath.Join(out, "compare.txt"))
	if !strings.Contains(cmp, "  std version: go1.") || !strings.Contains(cmp, " (GOEXPERIMENT=jsonv2)\n") {
		t.Errorf("compare.txt does not compare std across the builds:\n%s", cmp)
	}
	if _, err := os.Stat(filepath.Join(out, "report.html")); err != nil {
		t.Error(err)
	}
}

func TestBenchSchedulingUnknownGoexperiment(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := runBench(t, nil, "-o", out, "--goexperiment", "bogusexperiment")
	want := "bench_scheduling.sh: --goexperiment bogusexperiment: unknown GOEXPERIMENT bogusexperiment"
	if line := oneLine(t, stderr); code != 2 || line != want {
		t.Errorf("exit %d, line %q; want 2 and %q", code, line, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s exists after a failed start (stat: %v)", out, err)
	}
}

func TestImplsStdv2NeedsAJSONv2Build(t *testing.T) {
	if _, err := codecs.LookupAll([]string{"stdv2"}); err == nil {
		t.Skip("this test binary was built with GOEXPERIMENT=jsonv2: stdv2 is there")
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"-impls", "std,stdv2"}, &stdout, &stderr)
	want := "pingpong: -impls: stdv2 needs a build with GOEXPERIMENT=jsonv2 (rebuild: GOEXPERIMENT=jsonv2 go build -o bin/ ./cmd/pingpong, or bench_scheduling.sh --goexperiment jsonv2)\n"
	if code != 2 || stderr.String() != want || stdout.Len() != 0 {
		t.Errorf("exit %d, stderr %q, stdout %q; want 2 and %q", code, stderr.String(), stdout.String(), want)
	}
}
