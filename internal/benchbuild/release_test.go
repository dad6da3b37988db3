package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// modDir is a directory with a go.mod, as --replace needs.
func modDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestReleaseAgainstCheckout(t *testing.T) {
	dir := modDir(t)
	goccy := "github.com/goccy/go-json=" + dir
	for _, c := range []struct {
		args     []string
		wantBase string
	}{
		{[]string{"-base", "github.com/goccy/go-json@v0.10.5", "-replace", goccy}, "github.com/goccy/go-json@v0.10.5"},
		{[]string{"-release", "v0.10.5", "-replace", goccy}, "github.com/goccy/go-json@v0.10.5"},
		{[]string{"-release", "github.com/goccy/go-json@v0.10.5", "-replace", goccy}, "github.com/goccy/go-json@v0.10.5"},
		// A release against a release, and a base under another module's replace.
		{[]string{"-base", "github.com/goccy/go-json@v0.10.5", "-version", "github.com/goccy/go-json@v0.11.0"}, "github.com/goccy/go-json@v0.10.5"},
		{[]string{"-base", "github.com/bytedance/sonic@v1.15.0", "-replace", goccy}, "github.com/bytedance/sonic@v1.15.0"},
	} {
		r, err := parseFlags(append([]string{"-root", ".", "-dir", "."}, c.args...))
		if err == nil {
			err = r.check()
		}
		if err == nil {
			err = r.checkReleases()
		}
		if err != nil || r.base != c.wantBase {
			t.Errorf("%q: base %q, %v; want %q", c.args, r.base, err, c.wantBase)
		}
	}
}

// Flags that would set one module of one build two ways are refused with
// one line that says what to give instead; none is dropped.
func TestConflictingBuildFlagsAreRefused(t *testing.T) {
	dir, other := modDir(t), modDir(t)
	goccy := "github.com/goccy/go-json=" + dir
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-version", "github.com/goccy/go-json@v0.10.5", "-replace", goccy},
			"--version github.com/goccy/go-json@v0.10.5 and --replace " + goccy + " both set github.com/goccy/go-json in the second build, and the replace would win: for the release against the checkout, give --base github.com/goccy/go-json@v0.10.5 --replace " + goccy},
		{[]string{"-version", "a.b/c@v1", "-version", "a.b/c@v2"}, "--version a.b/c@v1 and --version a.b/c@v2: give it once"},
		{[]string{"-base", "a.b/c@v1", "-base", "a.b/c@v2", "-replace", goccy}, "--base a.b/c@v1 and --base a.b/c@v2: give it once"},
		{[]string{"-goexperiment", "jsonv2", "-goexperiment", "greenteagc"}, "--goexperiment jsonv2 and --goexperiment greenteagc: give it once"},
		{[]string{"-release", "v0.10.5", "-base", "github.com/goccy/go-json@v0.10.5", "-replace", goccy}, "v0.10.5 and --base github.com/goccy/go-json@v0.10.5 both name the base: give the release once"},
		{[]string{"-release", "v0.10.5"}, "v0.10.5: a bare VERSION is a release of the module the checkout holds: give exactly one --replace MOD=DIR (or SONIC_ROOT, PINGPONG_REPLACE), or MOD@v0.10.5; 0 given"},
		{[]string{"-base", "github.com/goccy/go-json@v0.10.5"}, "--base github.com/goccy/go-json@v0.10.5 sets the base build only: give the second too (--replace MOD=DIR, --version MOD@VERSION or --goexperiment)"},
		{[]string{"-base", "v0.10.5", "-replace", goccy}, "--base v0.10.5: want MODULE@VERSION, like github.com/goccy/go-json@v0.10.5"},
		{[]string{"-replace", goccy, "-replace", "github.com/goccy/go-json=" + other}, "--replace " + goccy + " and --replace github.com/goccy/go-json=" + other + " both replace github.com/goccy/go-json: give one"},
		{[]string{"-base", "a.b/c@v1", "-version", "a.b/c@v1"}, "--base a.b/c@v1 and --version a.b/c@v1 are the same: the comparison would show noise only"},
	} {
		r, err := parseFlags(append([]string{"-root", ".", "-dir", "."}, c.args...))
		if err == nil {
			err = r.checkReleases()
		}
		if err == nil || err.Error() != c.want || !errors.As(err, &usageError{}) {
			t.Errorf("%q:\n got %v\nwant %s", c.args, err, c.want)
		}
	}
}

// The first compile error of a dependency is the version's fault; one in
// pingpong's own (generated) files is not.
func TestFailsInDependency(t *testing.T) {
	dep := &goFailure{stderr: "# github.com/bytedance/sonic/internal/rt\n/root/go/pkg/mod/github.com/bytedance/sonic@v1.14.2/internal/rt/stubs.go:36:54: undefined: GoMapIterator\n"}
	own := &goFailure{stderr: "# github.com/pingpong-bench/pingpong/cmd/pingpong\ncmd/pingpong/generated.go:3:2: undefined: x\n"}
	if !failsInDependency(dep, "/tmp/base") || failsInDependency(own, "/tmp/base") {
		t.Error("failsInDependency cannot tell a dependency's error from pingpong's")
	}
	err := notBuilding("github.com/bytedance/sonic@v1.14.2", "/tmp/base", dep)
	for _, want := range []string{"github.com/bytedance/sonic@v1.14.2 does not build with go1.", ": sonic@v1.14.2/internal/rt/stubs.go:36:54: undefined: GoMapIterator; "} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%v\nlacks %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("more than one line: %q", err)
	}
	newer := &goFailure{stderr: "go: example.com/x@v2.0.0 requires go >= 1.99 (running go 1.26.8; GOTOOLCHAIN=local)\n"}
	if err := notBuilding("example.com/x@v2.0.0", "/tmp/base", newer); !strings.Contains(err.Error(), "example.com/x@v2.0.0 needs Go 1.99, this machine has go1.") ||
		!strings.Contains(err.Error(), "run with GOTOOLCHAIN=go1.99") {
		t.Errorf("a version that needs a newer Go: %v", err)
	}
}
