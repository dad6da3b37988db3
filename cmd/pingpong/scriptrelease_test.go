package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// bench_scheduling.sh --base MOD@VERSION --replace MOD=DIR: the release
// against the checkout, in one run.

// gitInit makes dir a git repository of one commit, as a user's checkout
// is, and returns the commit's short hash.
func gitInit(dir string) (string, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return "", err
	}
	for _, args := range [][]string{
		{"init", "-q"}, {"add", "-A"},
		{"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "checkout"},
	} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			return "", fmt.Errorf("git %v: %w: %s", args, err, out)
		}
	}
	head, err := exec.Command("git", "-C", dir, "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return "", fmt.Errorf("git rev-parse: %w", err)
	}
	return strings.TrimSpace(string(head)), nil
}

func TestBenchSchedulingReleaseAgainstCheckout(t *testing.T) {
	t.Parallel()
	checkout, commit := sharedCheckout(t, "github.com/goccy/go-json@v0.12.0", true)
	gomod := readFile(t, "../../go.mod")
	work := t.TempDir()
	out := filepath.Join(work, "out")
	tiny, pp := tinyRun(t, work)
	args := append(tiny, "--compare", "goccy", "--count", "2", "-o", out,
		"--base", "github.com/goccy/go-json@v0.10.5", "--replace", "github.com/goccy/go-json="+checkout)
	code, stdout, stderr := runBench(t, nil, append(args, pp...)...)
	if code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr)
	}
	for _, want := range []string{
		"== base: github.com/goccy/go-json v0.10.5 (h1:", ") [goccy@v0.10.5]\n",
		"== new:  github.com/goccy/go-json => " + checkout + " (git commit " + commit + ") [goccy@(devel)]\n",
	} {
		if !strings.Contains(stderr, want) || !strings.Contains(stdout, want) {
			t.Errorf("stderr and console.txt do not say %q:\n%s", want, stderr)
		}
	}
	if cmp := readFile(t, filepath.Join(out, "compare.txt")); !strings.Contains(cmp, "goccy version: v0.10.5 -> (devel)") {
		t.Errorf("compare.txt does not compare v0.10.5 with the checkout:\n%s", cmp)
	}
	if readFile(t, "../../go.mod") != gomod {
		t.Error("go.mod changed")
	}
}

// Refused in one line, before anything is built: a --version the
// --replace of the same module would silently override.
func TestBenchSchedulingRefusesAVersionAndAReplaceOfOneModule(t *testing.T) {
	t.Parallel()
	checkout, _ := sharedCheckout(t, "github.com/goccy/go-json@v0.12.0", true)
	code, _, stderr := runScript(t, nil, "--version", "github.com/goccy/go-json@v0.10.5", "--replace", "github.com/goccy/go-json="+checkout,
		"-o", filepath.Join(t.TempDir(), "out"))
	if line := oneLine(t, stderr); code != 2 || !strings.Contains(line, "and the replace would win: for the release against the checkout, give --base github.com/goccy/go-json@v0.10.5 --replace") {
		t.Errorf("exit %d, line %q; want 2 and the line refusing --version with --replace", code, line)
	}
	code, _, stderr = runScript(t, nil, "v0.10.5", "v0.11.0")
	if line := oneLine(t, stderr); code != 2 || line != "bench_scheduling.sh: v0.10.5 and v0.11.0: give one VERSION (see --help)" {
		t.Errorf("exit %d, line %q; want 2 and the line refusing two versions", code, line)
	}
}

// sonic v1.14.2 predates Go 1.26: one line says so, with its first
// compile error and what to try, and nothing is measured.
func TestBenchSchedulingSaysWhenAVersionDoesNotBuild(t *testing.T) {
	t.Parallel()
	copyModule(t, "github.com/bytedance/sonic@v1.14.2") // skips unless the module cache has it: no download here
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runScript(t, nil, "--compare", "sonic", "--version", "github.com/bytedance/sonic@v1.14.2", "-o", out)
	line := oneLine(t, stderr)
	for _, want := range []string{"github.com/bytedance/sonic@v1.14.2 does not build with go1.", "sonic@v1.14.2/internal/rt/stubs.go:", "undefined: GoMapIterator", "; try a newer release (v1.15.0"} {
		if !strings.Contains(line, want) {
			t.Errorf("line %q lacks %q", line, want)
		}
	}
	if code != 2 || strings.Contains(stdout, "scheduler responsiveness check") {
		t.Errorf("exit %d, stdout %q; want 2 and nothing measured", code, stdout)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the output directory was made")
	}
}

// What TestBenchSchedulingSaysWhenAVersionDoesNotBuild sees (exit 2, a
// --version that does not build being the user's choice) is what --help
// and docs/compare-and-ci.md say.
func TestScriptHelpTellsAVersionThatDoesNotBuildIsExit2(t *testing.T) {
	help, err := exec.Command("bash", "../../bench_scheduling.sh", "--help").Output()
	if err != nil {
		t.Skip("bash: ", err)
	}
	for name, c := range map[string]struct{ text, says string }{
		"--help":                 {string(help), "2 for bad usage, found before anything is measured, including a --version, --base,"},
		"docs/compare-and-ci.md": {readFile(t, "../../docs/compare-and-ci.md"), "2 for bad usage, a `--version` or `--base` that does not build with this Go included"},
	} {
		if !strings.Contains(strings.Join(strings.Fields(c.text), " "), c.says) {
			t.Errorf("%s does not say %q", name, c.says)
		}
	}
}
