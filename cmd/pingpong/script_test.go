package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
)

// These run bench_scheduling.sh as users do, from another directory, with
// a tiny input and window. Each builds pingpong, and the replace test a
// second one, so they skip under -short. They share a PINGPONG_BUILD_CACHE:
// a build that another test made already is not linked again (the go
// command checks that it is the same build), nor is internal/benchbuild.
// TestBenchSchedulingWritesTheFourFiles runs without, as users do by
// default.

func script(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs pingpong through bench_scheduling.sh")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	path, err := filepath.Abs("../../bench_scheduling.sh")
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// runScript runs the script in a fresh directory on tinyRun's input and
// window, with args before pingpong's, and returns its exit status, stdout
// and stderr.
func runScript(t *testing.T, env []string, args ...string) (int, string, string) {
	t.Helper()
	cwd := t.TempDir()
	tiny, pp := tinyRun(t, cwd)
	return runScriptIn(t, cwd, env, append(append(tiny, args...), pp...)...)
}

// runScriptIn runs the script in dir with args as they are, with the
// tests' build cache unless env says otherwise, and returns its exit
// status, stdout and stderr.
func runScriptIn(t *testing.T, dir string, env []string, args ...string) (int, string, string) {
	t.Helper()
	cmd := testCommand(t, script(t), args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "PINGPONG_BUILD_CACHE="+buildCache), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, stdout.String(), stderr.String()
}

func readRun(t *testing.T, path string) *results.Run {
	t.Helper()
	run, err := readResults(path)
	if err != nil {
		t.Fatal(err)
	}
	return run
}

func TestBenchSchedulingWritesTheFourFiles(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runScript(t, []string{"PINGPONG_BUILD_CACHE="}, "--compare", "std,baseline", "--procs", "1,2", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr)
	}
	for _, f := range []string{"results.json", "bench.txt", "results.csv", "report.html"} {
		if fi, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		} else if fi.Size() == 0 {
			t.Errorf("%s is empty", f)
		}
	}
	if !strings.Contains(stdout, "scheduler responsiveness check") || !strings.Contains(stdout, "== GOMAXPROCS=2") || !strings.Contains(stdout, "sweep summary") {
		t.Errorf("stdout lacks the console report of the sweep:\n%s", stdout)
	}
	procs := map[int]int{}
	for _, r := range readRun(t, filepath.Join(out, "results.json")).Results {
		procs[r.Procs]++
	}
	if procs[1] == 0 || procs[2] == 0 {
		t.Errorf("results per GOMAXPROCS %v: want both 1 and 2", procs)
	}
}

// copyModule copies a module from the module cache, writable, as a local
// checkout would be, for a test that changes it.
func copyModule(t *testing.T, modVersion string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "checkout")
	if err := makeCheckout(modVersion, dst); errors.Is(err, errNotCached) {
		t.Skip(err)
	} else if err != nil {
		t.Fatal(err)
	}
	return dst
}

var errNotCached = errors.New("not in the module cache")

// makeCheckout copies modVersion from the module cache to dst, writable.
func makeCheckout(modVersion, dst string) error {
	cache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return fmt.Errorf("go env GOMODCACHE: %w", err)
	}
	src := filepath.Join(strings.TrimSpace(string(cache)), modVersion)
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("%s: %w", modVersion, errNotCached)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	if out, err := exec.Command("cp", "-r", src, dst).CombinedOutput(); err != nil {
		return fmt.Errorf("cp: %w: %s", err, out)
	}
	if out, err := exec.Command("chmod", "-R", "u+w", dst).CombinedOutput(); err != nil {
		return fmt.Errorf("chmod: %w: %s", err, out)
	}
	return nil
}

// checkout is a copy of a module shared by the tests that only read it.
type checkout struct {
	dir, commit string
	err         error
}

var (
	checkoutsMu sync.Mutex
	checkouts   = map[string]*checkout{}
)

// sharedCheckout is a copy of modVersion from the module cache made once
// for every test that only reads it, so that their builds of it are one
// build to PINGPONG_BUILD_CACHE; with git, a git checkout of one commit,
// whose hash it returns.
func sharedCheckout(t *testing.T, modVersion string, git bool) (dir, commit string) {
	t.Helper()
	key := fmt.Sprintf("%s git=%v", modVersion, git)
	checkoutsMu.Lock()
	c, ok := checkouts[key]
	if !ok {
		c = &checkout{dir: filepath.Join(filepath.Dir(binary), "checkouts", strconv.Itoa(len(checkouts)), "checkout")}
		if c.err = makeCheckout(modVersion, c.dir); c.err == nil && git {
			c.commit, c.err = gitInit(c.dir)
		}
		checkouts[key] = c
	}
	checkoutsMu.Unlock()
	if errors.Is(c.err, errNotCached) || errors.Is(c.err, exec.ErrNotFound) {
		t.Skip(c.err)
	} else if c.err != nil {
		t.Fatal(c.err)
	}
	return c.dir, c.commit
}

// Two builds, one run: a release of jsoniter against a checkout of it,
// both builds' rows in one results.json, their order alternating by
// repeat, and compare.txt the comparison of the two, with a --fail gate
// that passes (the one that fails is TestBenchSchedulingFailExitsWithTheGate).
func TestBenchSchedulingBuildsAgainstALocalCheckout(t *testing.T) {
	t.Parallel()
	checkout, _ := sharedCheckout(t, "github.com/json-iterator/go@v1.1.12", false)
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	out := filepath.Join(work, "out")
	tiny, pp := tinyRun(t, work)
	args := append(tiny, "--compare", "jsoniter,baseline", "--count", "2", "--replace", "github.com/json-iterator/go="+checkout,
		"--fail", "rt/s<-99%", "-o", out)
	// at N pairs, where control runs
	code, stdout, stderr := runBench(t, nil, append(args, append(pp, "-levels", "N")...)...)
	if code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr)
	}
	// Each build's line names exactly what it holds: the version and its
	// go.sum hash, the checkout's directory (no git there: no commit).
	for _, want := range []string{
		"== base: github.com/json-iterator/go v1.1.12 (h1:", ") [jsoniter@v1.1.12]\n",
		"== new:  github.com/json-iterator/go => " + checkout + " (not a git checkout: no commit to name) [jsoniter@(devel)]\n",
	} {
		if !strings.Contains(stderr, want) || !strings.Contains(stdout, want) {
			t.Errorf("stderr and console.txt do not say %q:\n%s", want, stderr)
		}
	}
	run := readRun(t, filepath.Join(out, "results.json"))
	var versions, order []string
	for _, im := range run.Codecs {
		versions = append(versions, im.Label()+" "+im.Version)
	}
	for _, r := range run.Results {
		order = append(order, r.CodecLabel())
	}
	if want := []string{"jsoniter (base) v1.1.12", "jsoniter (new) (devel)"}; !slices.Equal(versions[:2], want) {
		t.Errorf("codec versions %q, want %q first", versions, want)
	}
	if want := []string{"jsoniter (base)", "jsoniter (new)", "control (base)", "control (new)", "baseline (base)", "baseline (new)", "jsoniter (new)", "jsoniter (base)", "control (new)", "control (base)", "baseline (new)", "baseline (base)"}; !slices.Equal(order, want) {
		t.Errorf("results %q, want %q", order, want)
	}
	if !strings.Contains(stdout, "\n[jsoniter (new)]\n") {
		t.Errorf("the console does not name the build of a block:\n%s", stdout)
	}
	cmp := readFile(t, filepath.Join(out, "compare.txt"))
	if !strings.Contains(cmp, "jsoniter version: v1.1.12 -> (devel)") || !strings.Contains(cmp, ", build new (") {
		t.Errorf("compare.txt does not compare the two builds:\n%s", cmp)
	}
	if !strings.Contains(cmp, "gate: -fail 'rt/s<-99%'") || lastLineOf(cmp) != "ok: no regression beyond -fail" {
		t.Errorf("compare.txt has no gate section ending in its pass:\n%s", cmp)
	}
	for _, f := range []string{"report.html", "results.csv", "bench.txt", "pingpong", "pingpong.new"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	// The user's module is never touched: the second build is a copy's.
	if after, err := os.ReadFile("../../go.mod"); err != nil || !bytes.Equal(after, gomod) {
		t.Errorf("go.mod changed (%v):\n%s", err, after)
	}
}

func TestBenchSchedulingSaysWhenAVersionNeedsANewerGo(t *testing.T) {
	t.Parallel()
	checkout := copyModule(t, "github.com/json-iterator/go@v1.1.12")
	gomod := filepath.Join(checkout, "go.mod")
	b, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gomod, []byte(strings.Replace(string(b), "\ngo 1.12\n", "\ngo 1.99\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runScript(t, nil, "--compare", "jsoniter", "--replace", "github.com/json-iterator/go="+checkout, "-o", filepath.Join(t.TempDir(), "out"))
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	last := lines[len(lines)-1]
	if code != 1 || !strings.Contains(last, "needs Go 1.99, this machine has go1.") || strings.Contains(stderr, "== building") {
		t.Errorf("exit %d, last line %q; want 1 and one line saying Go 1.99 is needed, before anything is built\n%s", code, last, stderr)
	}
}

func TestBenchSchedulingWithoutGo(t *testing.T) {
	t.Parallel()
	script(t)
	for _, dir := range []string{"/usr/bin", "/bin"} {
		if _, err := os.Stat(filepath.Join(dir, "go")); err == nil {
			t.Skipf("go is in %s", dir)
		}
	}
	code, _, stderr := runScript(t, []string{"PATH=/usr/bin:/bin"})
	if code != 1 || !strings.Contains(stderr, "Go is not installed or not on PATH") {
		t.Errorf("exit %d, stderr %q; want 1 and a line saying Go is missing", code, stderr)
	}
}

func TestBenchSchedulingShellcheck(t *testing.T) {
	t.Parallel()
	path := script(t)
	if _, err := exec.LookPath("shellcheck"); err != nil {
		t.Skip("shellcheck is not installed (.ci/run installs it)")
	}
	if out, err := exec.Command("shellcheck", path).CombinedOutput(); err != nil {
		t.Errorf("shellcheck: %v\n%s", err, out)
	}
}
