package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// runBinaryWithin runs the built binary, failing the test if it is still
// running after limit: the checks under test must act before measuring.
func runBinaryWithin(t *testing.T, limit time.Duration, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return runWithin(t, limit, binary, args)
}

// runWithin runs name with args as runBinaryWithin does; set, if given,
// sets up the command further (its stdin, extra descriptors).
func runWithin(t *testing.T, limit time.Duration, name string, args []string, set ...func(*exec.Cmd)) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.WaitDelay = 10 * time.Second
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	for _, f := range set {
		f(cmd)
	}
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%v: still running after %v", cmd.Args, limit)
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return o.String(), e.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), 0
}

func TestUnwritableOutputFailsBeforeMeasuring(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("keep me"), 0o644)
	fresh := filepath.Join(dir, "fresh.json")
	freshDir := filepath.Join(dir, "new", "hgrm")
	missing := filepath.Join(dir, "no-such-dir", "out.json")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-json", missing}, "-json " + missing},
		{[]string{"-csv", dir}, "is a directory"},
		{[]string{"-bench", filepath.Join(file, "x.txt")}, "-bench"},
		{[]string{"-hgrm", file}, "is a file"},
		{[]string{"-json", fresh, "-csv", fresh}, "same file"},
		// The good paths checked first must not be left behind.
		{[]string{"-json", fresh, "-hgrm", freshDir, "-csv", missing}, "-csv"},
		{[]string{"-count", "0"}, "-count"},
	}
	for _, c := range cases {
		// An hour per scenario: if the check came after measuring started, the
		// deadline would catch it.
		args := append([]string{"-duration", "1h", "-impls", "baseline", "-input", "github"}, c.args...)
		stdout, stderr, code := runBinaryWithin(t, 30*time.Second, args...)
		lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
		if code != 2 || len(lines) != 1 || !strings.Contains(lines[0], c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", c.args, code, stderr, c.want)
		}
		if stdout != "" {
			t.Errorf("%v: printed a report before failing: %q", c.args, stdout)
		}
	}
	for _, p := range []string{fresh, filepath.Join(dir, "new")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was left behind by a run that failed before writing", p)
		}
	}
	if b, _ := os.ReadFile(file); string(b) != "keep me" {
		t.Errorf("an existing file was changed by the check: %q", b)
	}
}

func TestResultFilesAndCompare(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	js, bench, csv, hgrm := filepath.Join(dir, "a.json"), filepath.Join(dir, "a.txt"), filepath.Join(dir, "a.csv"), filepath.Join(dir, "hgrm")
	_, stderr, code := runBinaryWithin(t, 60*time.Second, "-duration", "100ms", "-warmup", "20ms", "-impls", "std,baseline",
		"-input", "github", "-levels", "1", "-probe", "0", "-count", "2",
		"-json", js, "-bench", bench, "-csv", csv, "-hgrm", hgrm)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(js)
	if err != nil {
		t.Fatal(err)
	}
	run, err := results.ReadJSON(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	codecs := codecsAt1()
	if len(run.Results) != 2*codecs || run.Config.Count != 2 {
		t.Fatalf("%d results, count %d: want %d codecs (std, baseline, and control, which baseline brings along, where it runs) x 2 repeats", len(run.Results), run.Config.Count, codecs)
	}
	for _, r := range run.Results {
		if r.N == 0 || r.Hist == nil || r.Hist.TotalCount() != r.N {
			t.Errorf("%s repeat %d: n %d, histogram %v", r.Codec, r.Repeat, r.N, r.Hist != nil)
		}
	}
	if b, _ := os.ReadFile(bench); strings.Count(string(b), "\nBenchmarkPingPong/") != 2*codecs {
		t.Errorf("-bench file has not %d benchmark lines:\n%s", 2*codecs, b)
	}
	if b, _ := os.ReadFile(csv); strings.Count(string(b), "\n") != 2*codecs+1 {
		t.Errorf("-csv file has not a header and %d rows:\n%s", 2*codecs, b)
	}
	if names, _ := filepath.Glob(filepath.Join(hgrm, "*.hgrm")); len(names) != 2*codecs {
		t.Errorf("-hgrm dir has %v, want %d files", names, 2*codecs)
	}

	stdout, stderr, code := runBinaryWithin(t, 30*time.Second, "compare", js, js)
	if code != 0 || !strings.Contains(stdout, "github std 1x encdec") || !strings.Contains(stdout, "no significance can be given") {
		t.Errorf("compare: exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
	wrong := filepath.Join(dir, "wrong.json")
	os.WriteFile(wrong, []byte(`{"schema": "other/v9"}`), 0o644)
	for _, args := range [][]string{{"compare", js, wrong}, {"compare", filepath.Join(dir, "none.json"), js}, {"compare", js}, {"compare", bench, js}} {
		_, stderr, code := runBinaryWithin(t, 30*time.Second, args...)
		if code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line", args, code, stderr)
		}
	}
}

func TestBenchToStdoutKeepsStdoutParseable(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := runBinaryWithin(t, 60*time.Second, "-duration", "50ms", "-warmup", "10ms", "-impls", "baseline",
		"-input", "github", "-levels", "1", "-probe", "0", "-bench", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		ok := strings.HasPrefix(line, "Benchmark") || strings.HasPrefix(line, "Unit ") ||
			strings.HasPrefix(line, "goos: ") || strings.HasPrefix(line, "goarch: ") || strings.HasPrefix(line, "pkg: ") || strings.HasPrefix(line, "cpu: ")
		if !ok {
			t.Errorf("stdout line %q is not Go benchmark format", line)
		}
	}
	if !strings.Contains(stderr, "scheduler responsiveness check") {
		t.Errorf("the console report should go to stderr with -bench -; stderr:\n%s", stderr)
	}
}

// codecsAt1 is how many codecs a run of -impls std,baseline -levels 1
// measures: std and baseline, and control, which baseline brings along,
// when one pair is as many as the machine's Ps.
func codecsAt1() int {
	if results.RunsAt(results.Control, 1, runtime.GOMAXPROCS(0)) {
		return 3
	}
	return 2
}
