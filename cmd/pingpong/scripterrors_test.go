package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// How bench_scheduling.sh treats a pingpong run that fails: exit 1 (some
// scenario ended in error, every file written) lets the script go on to
// the comparison; exit 2 (bad usage) stops it at once.

// exiterModule is a codec whose first encode ends its process with status
// 1: its worker dies, which costs only its rows.
func exiterModule(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "exiter")
	writeModule(t, dir, map[string]string{
		"go.mod": "module example.com/exiter\n\ngo 1.22\n",
		"exiter.go": `// Package exiter ends its process with status 1 when it encodes.
package exiter

import (
	"encoding/json"
	"os"
)

func Marshal(v any) ([]byte, error) {
	os.Exit(1)
	return nil, nil
}

func Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
`,
	})
	return dir
}

func TestBenchSchedulingCarriesOnAfterARunEndedInError(t *testing.T) {
	t.Parallel()
	mod := exiterModule(t)
	// The second build (a replace by a copy of the same checkout) makes
	// the run one across two builds, ending in compare.
	other := filepath.Join(t.TempDir(), "exiter")
	if err := os.CopyFS(other, os.DirFS(mod)); err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	out := filepath.Join(work, "out")
	tiny, pp := tinyRun(t, work)
	args := append(tiny, "-o", out, "--compare", "exiter,baseline", "--add", "exiter="+mod,
		"--replace", "example.com/exiter="+other)
	code, stdout, stderr := runBench(t, nil, append(args, pp...)...)
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if last := lines[len(lines)-1]; code != 1 || last != "bench_scheduling.sh: some scenarios ended in error; see console.txt" ||
		!strings.HasPrefix(lines[len(lines)-2], "== wrote ") {
		t.Fatalf("exit %d, last line %q; want 1, every file written, then the line saying some scenarios ended in error\nstderr:\n%s", code, last, stderr)
	}
	for _, block := range []string{"[exiter (base)]\n  1x encdec                    error: worker died", "[exiter (new)]\n  1x encdec                    error: worker died", "[baseline (new)]\n  1x encdec                    n="} {
		if !strings.Contains(stdout, block) {
			t.Errorf("the console lacks %q:\n%s", block, stdout)
		}
	}
	if cmp := readFile(t, filepath.Join(out, "compare.txt")); !strings.Contains(cmp, "baseline 1x encdec") || !strings.Contains(cmp, "old measured nothing: worker died") {
		t.Errorf("compare.txt does not compare the runs that worked and say which did not:\n%s", cmp)
	}
	if _, err := os.Stat(filepath.Join(out, "report.html")); err != nil {
		t.Error(err)
	}
}

func TestBenchSchedulingStopsOnBadUsage(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	out := filepath.Join(work, "out")
	tiny, pp := tinyRun(t, work)
	args := append(append(tiny, "-o", out, "--compare", "baseline"), append(pp, "-nosuchflag")...)
	code, _, stderr := runBench(t, nil, args...)
	if line := oneLine(t, stderr); code != 2 || !strings.Contains(line, "pingpong: flag provided but not defined: -nosuchflag") {
		t.Errorf("exit %d, line %q; want 2 and pingpong's line about -nosuchflag", code, line)
	}
	// Nothing was measured, so the directory made for it is gone.
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s exists after bad usage (stat: %v)", out, err)
	}
}
