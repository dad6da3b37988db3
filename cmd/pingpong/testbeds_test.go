package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// saveRun writes run as a -json file in dir and returns its path.
func saveRun(t *testing.T, dir, name string, run *results.Run) string {
	t.Helper()
	path := filepath.Join(dir, name)
	var b bytes.Buffer
	if err := results.WriteJSON(&b, run); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Two files that differ only in their testbed, as a CI matrix's amd64 and
// arm64 jobs upload them: merged, they stay two labelled groups; compared,
// they are refused with one line naming both, unless --across-testbeds.
func TestTwoTestbeds(t *testing.T) {
	dir := t.TempDir()
	amd := saveRun(t, dir, "amd64.json", resultstest.SampleRun())
	arm := saveRun(t, dir, "arm64.json", resultstest.OnArm64(resultstest.SampleRun()))
	amdName, armName := "linux/amd64 Test 2c go1.26.8", "linux/arm64 Neoverse-N1 4c GOMAXPROCS=2 go1.26.8"

	var stdout, stderr bytes.Buffer
	merged, csvPath := filepath.Join(dir, "merged.json"), filepath.Join(dir, "merged.csv")
	if code := run([]string{"merge", "-json", merged, "-csv", csvPath, amd, arm}, &stdout, &stderr); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr.String())
	}
	for _, name := range []string{amdName, armName} {
		if n := strings.Count(stdout.String(), "testbed: "+name+"\n"); n != 1 {
			t.Errorf("merge's console heads testbed %s %d times, want once:\n%s", name, n, stdout.String())
		}
	}
	csvText, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{amdName, armName} { // each row says its testbed
		if n := strings.Count(string(csvText), ","+name+"\n"); n != 8 {
			t.Errorf("%d CSV rows end with testbed %s, want its 8", n, name)
		}
	}
	if m := readRun(t, merged); len(m.Testbeds) != 2 || m.Config.Repeats() != 1 {
		t.Errorf("merged file: %d testbeds, %d repeats; want 2 apart, not repeats of one", len(m.Testbeds), m.Config.Repeats())
	}

	stdout.Reset()
	stderr.Reset()
	code := run([]string{"compare", amd, arm}, &stdout, &stderr)
	line := stderr.String()
	if code != 2 || strings.Count(line, "\n") != 1 || !strings.Contains(line, amdName) || !strings.Contains(line, armName) || stdout.Len() != 0 {
		t.Errorf("compare across testbeds: exit %d, stderr %q, stdout %d bytes; want exit 2 and one line naming both testbeds", code, line, stdout.Len())
	}

	for _, args := range [][]string{{amd, arm}, {merged}} {
		stdout.Reset()
		stderr.Reset()
		code = run(append([]string{"compare", "--across-testbeds"}, args...), &stdout, &stderr)
		if code != 0 || !strings.Contains(stdout.String(), amdName) || !strings.Contains(stdout.String(), armName) ||
			!strings.Contains(stdout.String(), "citm-catalog sonic 2x encdec") {
			t.Errorf("compare --across-testbeds %q: exit %d, stderr %s\n%s", args, code, stderr.String(), stdout.String())
		}
	}
	stderr.Reset()
	if code = run([]string{"compare", "--across-testbeds", "-fail", "p99>+10%", amd, arm}, &stdout, &stderr); code != 2 {
		t.Errorf("--across-testbeds with -fail: exit %d, want 2 (nothing is judged): %s", code, stderr.String())
	}
}

// The report job of docs/ci/pingpong-matrix.yml, run on what its two
// measure jobs upload: one file per runner, each a run across the base
// and head builds. The page holds both testbeds; the gate judges each
// file's builds against each other, and finds the regression in both.
func TestCIMatrixReportJob(t *testing.T) {
	dir := t.TempDir()
	old, new := resultstest.CompareRuns(5)
	amd := saveRun(t, dir, "pingpong-amd64.json", resultstest.AcrossBuilds(old, new))
	arm := saveRun(t, dir, "pingpong-arm64.json", resultstest.OnArm64(resultstest.AcrossBuilds(old, new)))
	page, merged := filepath.Join(dir, "pingpong.html"), filepath.Join(dir, "merged.json")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"merge", "-html", page, "-json", merged, amd, arm}, &stdout, &stderr); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr.String())
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range []string{"linux-amd64 Test 2c go1.26.8", "linux-arm64 Neoverse-N1 4c GOMAXPROCS=2 go1.26.8"} {
		if !strings.Contains(string(html), tb) {
			t.Errorf("the page does not show testbed %s", tb)
		}
	}
	for _, f := range []string{amd, arm, merged} {
		stdout.Reset()
		stderr.Reset()
		code := run([]string{"compare", "-fail", "p99>+10%", f}, &stdout, &stderr)
		if code != 1 || !strings.Contains(lastLineOf(stdout.String()), "REGRESSION") {
			t.Errorf("gate of %s: exit %d, want 1 for sonic's regression; stderr %s\n%s", filepath.Base(f), code, stderr.String(), lastLineOf(stdout.String()))
		}
	}
	if n := strings.Count(stdout.String(), "on linux/arm64"); n == 0 {
		t.Errorf("the merged file's gate does not judge arm64's scenarios on their own:\n%s", stdout.String())
	}
}

// merge -bmf across testbeds is refused before anything is printed or
// written: one line naming the flag, exit 2.
func TestMergeRefusesTrackedFormatsAcrossTestbedsFirst(t *testing.T) {
	dir := t.TempDir()
	amd := saveRun(t, dir, "amd64.json", resultstest.SampleRun())
	arm := saveRun(t, dir, "arm64.json", resultstest.OnArm64(resultstest.SampleRun()))
	for _, flag := range []string{"-bmf", "-gab", "-gab-bigger"} {
		out := filepath.Join(dir, "out"+flag+".json")
		var stdout, stderr bytes.Buffer
		code := run([]string{"merge", flag, out, amd, arm}, &stdout, &stderr)
		if code != 2 || stdout.Len() != 0 || strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), flag+" ") {
			t.Errorf("merge %s across testbeds: exit %d, stdout %d bytes, stderr %q; want 2, nothing printed, one line naming %s", flag, code, stdout.Len(), stderr.String(), flag)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("merge %s wrote %s", flag, out)
		}
	}
}
