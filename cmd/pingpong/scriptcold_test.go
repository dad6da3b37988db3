package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bench_scheduling.sh --cold runs pingpong cold on the build it made and
// writes its three files; it refuses what does not apply to it, in one
// line, before building anything.
func TestBenchSchedulingCold(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runBench(t, nil, "--cold", "--compare", "std", "-i", "github", "--count", "1", "-o", out,
		"--", "-steady", "1", "-fresh-mb", "1")
	if code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr)
	}
	for _, f := range []string{"cold.json", "cold.html", "console.txt"} {
		if fi, err := os.Stat(filepath.Join(out, f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	if !strings.Contains(stdout, "cold start check") || !strings.Contains(stdout, "[std]") {
		t.Errorf("stdout lacks pingpong cold's console:\n%s", stdout)
	}
	for _, args := range [][]string{{"--cold", "--version", "github.com/goccy/go-json@v0.10.5"}, {"--cold", "--duration", "1s"}} {
		code, _, stderr := runBench(t, nil, args...)
		if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "--cold") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line", args, code, stderr)
		}
	}
}
