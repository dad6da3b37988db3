package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
)

// bench_scheduling.sh --add: any library with an encoding/json-like
// Marshal and Unmarshal as a codec, built into a temporary copy. These run
// the script as users do, with a tiny input and one short level: each
// --add build compiles one generated file and links (the rest comes from
// the build cache), so they skip under -short like the other script tests.

// tinyRun is what every run here measures: the smallest input, one level,
// no probe, no warmup.
func tinyRun(t *testing.T, dir string) (scriptArgs, pingpongArgs []string) {
	t.Helper()
	tiny := filepath.Join(dir, "tiny.json")
	if err := os.WriteFile(tiny, []byte(`{"a":[1,2.5,"x"],"b":{"c":null,"d":true}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// --count 1: a second build makes the script's default 5 repeats, and
	// a test that reads the repeats says --count itself (a later --count
	// wins)
	return []string{"-i", tiny, "--duration", "20ms", "--count", "1"}, []string{"--", "-warmup", "0", "-levels", "1", "-probe", "0"}
}

// runBench runs the script from a fresh directory with args as they are
// and returns its exit status, stdout and stderr.
func runBench(t *testing.T, env []string, args ...string) (int, string, string) {
	t.Helper()
	return runScriptIn(t, t.TempDir(), env, args...)
}

// writeModule writes a module's files (path relative to dir: content).
func writeModule(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// wrapModule is a local module whose root package is encoding/json under
// another name, with packages beside it that test the gates a codec goes
// through: one that loses data, one that kills its process, and one that
// lacks a function.
func wrapModule(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "wrap")
	writeModule(t, dir, map[string]string{
		"go.mod": "module example.com/wrap\n\ngo 1.22\n",
		"wrap.go": `// Package wrap is encoding/json under another name.
package wrap

import "encoding/json"

func Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
`,
		"lossy/lossy.go": `// Package lossy forgets the key "b" of the document it decodes into any.
package lossy

import "encoding/json"

func Marshal(v any) ([]byte, error) { return json.Marshal(v) }

func Unmarshal(data []byte, v any) error {
	if err := json.Unmarshal(data, v); err != nil {
		return err
	}
	if p, ok := v.(*any); ok {
		if m, ok := (*p).(map[string]any); ok {
			delete(m, "b")
		}
	}
	return nil
}
`,
		"crashy/crashy.go": `// Package crashy kills its process when it encodes: a panic on another
// goroutine, which no recover in the caller can catch.
package crashy

import "encoding/json"

func Marshal(v any) ([]byte, error) {
	go func() { panic("crashy: boom") }()
	select {}
}

func Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
`,
		"nomarshal/nomarshal.go": `// Package nomarshal decodes only.
package nomarshal

import "encoding/json"

func Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
`,
	})
	return dir
}

// versionOf is the version codec name ran at on tinyRun's input in build
// ("" outside a run across builds); "" if it did not run there.
func versionOf(run *results.Run, name, build string) string {
	im, _ := run.Codec(results.Scenario{Input: "tiny", Codec: name, Build: build})
	return im.Version
}

// rowOf is the console row of codec name's block (the line after "[name]").
func rowOf(console, name string) string {
	_, after, ok := strings.Cut(console, "\n["+name+"]\n")
	if !ok {
		return ""
	}
	row, _, _ := strings.Cut(after, "\n")
	return row
}

// readFile is a file's content, or "" (and a test error) when it is missing.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Error(err)
	}
	return string(b)
}

func TestBenchSchedulingAddsALocalModule(t *testing.T) {
	t.Parallel()
	mod := wrapModule(t)
	gomod := readFile(t, "../../go.mod")
	work := t.TempDir()
	out := filepath.Join(work, "out")
	tiny, pp := tinyRun(t, work)
	args := append(tiny, "--compare", "baseline", "-o", out,
		"--add", "w="+mod,
		"--add", "lossy="+mod+":example.com/wrap/lossy",
		"--add", "crashy="+mod+":example.com/wrap/crashy")
	code, stdout, stderr := runBench(t, nil, append(args, pp...)...)
	// crashy's rows end in error: pingpong exits 1 for that (or 0 before
	// it did), and the script carries on and says so.
	if code != 0 && (code != 1 || !strings.Contains(stderr, "some scenarios ended in error")) {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "  impls:       control, baseline, w, lossy, crashy\n") {
		t.Errorf("the --add codecs do not join the run after --compare's:\n%s", stdout)
	}
	if !strings.Contains(stdout, "w (devel), lossy (devel), crashy (devel)") {
		t.Errorf("the versions line does not label the checkout's codecs (devel):\n%s", stdout)
	}
	if v := versionOf(readRun(t, filepath.Join(out, "results.json")), "w", ""); v != "(devel)" {
		t.Errorf("results.json: w is version %s, want (devel)", v)
	}
	// The gates every codec goes through: the check against encoding/json,
	// and the worker process that a crash costs.
	if row := rowOf(stdout, "w"); !strings.Contains(row, "n=") || strings.Contains(row, "MISMATCH") || strings.Contains(row, "error") {
		t.Errorf("w (encoding/json itself) did not run cleanly: %q", row)
	}
	if row := rowOf(stdout, "lossy"); !strings.Contains(row, "MISMATCH") || !strings.Contains(stdout, "lossy disagrees with encoding/json at $.b") {
		t.Errorf("lossy's lost key is not flagged: row %q\n%s", row, stdout)
	}
	if row := rowOf(stdout, "crashy"); !strings.Contains(row, "error: worker died") {
		t.Errorf("crashy's crash is not its row's error: %q", row)
	}
	list, err := testCommand(t, filepath.Join(out, "pingpong"), "-list").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(list), "example.com/wrap/lossy: Marshal, Unmarshal") {
		t.Errorf("-list does not describe lossy:\n%s", list)
	}
	if after := readFile(t, "../../go.mod"); after != gomod {
		t.Errorf("go.mod changed:\n%s", after)
	}
}

// A module from the module cache, never fetched: GOPROXY=off.
func TestBenchSchedulingAddsAModuleFromTheCache(t *testing.T) {
	t.Parallel()
	script(t)
	cache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	const mod, version = "github.com/json-iterator/go", "v1.1.12"
	if _, err := os.Stat(filepath.Join(strings.TrimSpace(string(cache)), "cache/download", mod, "@v", version+".mod")); err != nil {
		t.Skipf("%s@%s is not in the module cache", mod, version)
	}
	gomod, gosum := readFile(t, "../../go.mod"), readFile(t, "../../go.sum")
	work := t.TempDir()
	out := filepath.Join(work, "out")
	tiny, pp := tinyRun(t, work)
	args := append(tiny, "--compare", "std", "-o", out, "--add", "jit="+mod+"@"+version)
	code, stdout, stderr := runBench(t, []string{"GOPROXY=off", "GOFLAGS=-mod=mod"}, append(args, pp...)...)
	if code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "versions:    std go1.") || !strings.Contains(stdout, ", jit v1.1.12") {
		t.Errorf("the versions line lacks jit v1.1.12:\n%s", stdout)
	}
	if row := rowOf(stdout, "jit"); !strings.Contains(row, "n=") || strings.Contains(row, "MISMATCH") || strings.Contains(row, "error") {
		t.Errorf("jit did not run cleanly: %q", row)
	}
	if v := versionOf(readRun(t, filepath.Join(out, "results.json")), "jit", ""); v != version {
		t.Errorf("results.json: jit is version %s, want %s", v, version)
	}
	if readFile(t, "../../go.mod") != gomod || readFile(t, "../../go.sum") != gosum {
		t.Error("go.mod or go.sum changed")
	}
}

// oneLine is the script's one line of complaint: its stderr less the "== "
// progress lines, which must leave exactly one.
func oneLine(t *testing.T, stderr string) string {
	t.Helper()
	var said []string
	for _, l := range strings.Split(strings.TrimRight(stderr, "\n"), "\n") {
		if !strings.HasPrefix(l, "== ") {
			said = append(said, l)
		}
	}
	if len(said) != 1 {
		t.Errorf("want one line of complaint, got %d:\n%s", len(said), stderr)
		return ""
	}
	return said[0]
}

func TestBenchSchedulingAddErrors(t *testing.T) {
	t.Parallel()
	mod := wrapModule(t)
	// What a spec says is checked by internal/benchbuild's own tests; here
	// one of those, and what takes the go command to find out.
	cases := []struct {
		name, add, want string
		env             []string
	}{
		{"uppercase name", "Oj=" + mod, `codec name "Oj" is malformed: use lowercase letters, digits and '-'`, nil},
		{"cannot be fetched", "nope=example.invalid/nope@v1.0.0", "cannot fetch example.invalid/nope@v1.0.0: module lookup disabled by GOPROXY=off", []string{"GOPROXY=off"}},
		{"no such package", "oj=" + mod + ":example.com/wrap/nope", "no package example.com/wrap/nope: the checkout " + mod + " has no directory nope", nil},
		{"no Marshal", "nm=" + mod + ":example.com/wrap/nomarshal",
			"package example.com/wrap/nomarshal has no usable Marshal(any) ([]byte, error): undefined: nomarshal.Marshal", nil},
		{"built-in name", "std=" + mod, "std is a built-in codec; pick another NAME", nil},
		{"name of another build's codec", "stdv2=" + mod, "stdv2 is a built-in codec; pick another NAME", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(t.TempDir(), "out")
			code, _, stderr := runBench(t, c.env, "--compare", "std", "-o", out, "--add", c.add)
			line := oneLine(t, stderr)
			if code != 2 || !strings.HasPrefix(line, "bench_scheduling.sh: --add "+c.add+": ") || !strings.Contains(line, c.want) {
				t.Errorf("exit %d, line %q; want exit 2 and a line saying %q\nstderr:\n%s", code, line, c.want, stderr)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("%s exists after a failed start (stat: %v)", out, err)
			}
		})
	}
}
