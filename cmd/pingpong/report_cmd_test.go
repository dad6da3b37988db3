package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The page written at the end of a run is the page `pingpong report`
// renders from the run's -json file, and -png writes its charts.
func TestHTMLAtTheEndEqualsReportFromJSON(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	js, page, pngs := filepath.Join(dir, "r.json"), filepath.Join(dir, "run.html"), filepath.Join(dir, "png")
	// The paths as given are what the page shows: run from dir, both ways.
	_, stderr, code := runBinaryWithin(t, 60*time.Second, "-duration", "50ms", "-warmup", "10ms", "-impls", "std,baseline",
		"-input", "github", "-levels", "1,2", "-probe", "0", "-json", js, "-html", page, "-png", pngs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	again := filepath.Join(dir, "report.html")
	if _, stderr, code := runBinaryWithin(t, 30*time.Second, "report", "-html", again, js); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	a, _ := os.ReadFile(page)
	b, _ := os.ReadFile(again)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("-html wrote %d bytes, report -html from its -json %d, and they differ", len(a), len(b))
	}
	if !bytes.Contains(a, []byte(`data-chart="chart-latency-github-any-procs`)) {
		t.Error("the page has no latency chart")
	}
	if names, _ := filepath.Glob(filepath.Join(pngs, "*.png")); len(names) < 3 {
		t.Errorf("-png wrote %v, want a throughput and two latency charts", names)
	}
}

// `pingpong report FILE.json` prints the console report the run printed,
// on stdout, exit 0; a run of one scenario says "1 scenario".
func TestReportPrintsTheRunsConsole(t *testing.T) {
	t.Parallel()
	js := filepath.Join(t.TempDir(), "r.json")
	live, stderr, code := runBinaryWithin(t, 60*time.Second, "-duration", "50ms", "-warmup", "0s", "-impls", "baseline",
		"-input", "github", "-levels", "1", "-probe", "0", "-stw", "0", "-json", js)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(live, "  run:         1 scenario x (") {
		t.Errorf("the header does not count one scenario in the singular:\n%s", live)
	}
	back, stderr, code := runBinaryWithin(t, 30*time.Second, "report", js)
	if code != 0 || stderr != "" || back != live {
		t.Errorf("report %s: exit %d, stderr %q; stdout equals the run's console: %v\nrun:\n%s\nreport:\n%s", js, code, stderr, back == live, live, back)
	}
}

func TestReportBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	wrong := filepath.Join(dir, "wrong.json")
	os.WriteFile(wrong, []byte(`{"schema": "other/v9"}`), 0o644)
	out := filepath.Join(dir, "out.html")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"report", wrong}, "wrong.json"},
		{[]string{"report", "-html", out}, "no results file"},
		{[]string{"report", "-html", out, wrong}, "wrong.json"},
		{[]string{"report", "-html", out, filepath.Join(dir, "none.json")}, "none.json"},
		{[]string{"report", "-html", wrong, wrong}, "is one of the results files"},
		{[]string{"report", "-html", filepath.Join(dir, "no", "such", "x.html"), wrong}, "-html"},
		{[]string{"report", "-bogus"}, "-bogus"},
	} {
		_, stderr, code := runBinaryWithin(t, 30*time.Second, c.args...)
		if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", c.args, code, stderr, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed report left a page behind")
	}
}
