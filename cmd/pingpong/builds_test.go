package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// secondBuild is a copy of the binary, made once for every test that runs
// across builds: two files are two builds to pingpong like any.
var secondBuild = sync.OnceValues(func() (string, error) {
	second := filepath.Join(filepath.Dir(binary), "pingpong.new")
	b, err := os.ReadFile(binary)
	if err != nil {
		return "", err
	}
	return second, os.WriteFile(second, b, 0o755)
})

// A run across two builds: here two copies of one binary.
func twoBuildRun(t *testing.T, args ...string) (stdout, stderr string, code int, out string) {
	t.Helper()
	dir := t.TempDir()
	second, err := secondBuild()
	if err != nil {
		t.Fatal(err)
	}
	tiny := filepath.Join(dir, "tiny.json")
	if err := os.WriteFile(tiny, []byte(`{"a":[1,2.5,"x"],"b":{"c":null,"d":true}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out = filepath.Join(dir, "results.json")
	args = append([]string{"-build", "base=" + binary, "-build", "new=" + second, "-input", tiny, "-levels", "1",
		"-duration", "30ms", "-warmup", "0", "-probe", "0", "-json", out}, args...)
	stdout, stderr, code = runBinary(t, args...)
	return stdout, stderr, code, out
}

func TestRunAcrossBuilds(t *testing.T) {
	t.Parallel()
	stdout, stderr, code, out := twoBuildRun(t, "-impls", "std,baseline", "-count", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var order []string
	for _, r := range readRun(t, out).Results {
		order = append(order, r.CodecLabel()+" r"+string(rune('0'+r.Repeat)))
	}
	want := []string{"std (base) r0", "std (new) r0", "baseline (base) r0", "baseline (new) r0",
		"std (new) r1", "std (base) r1", "baseline (new) r1", "baseline (base) r1"}
	if !slices.Equal(order, want) {
		t.Errorf("results %q, want both builds' rows, their order alternating by repeat: %q", order, want)
	}
	if !strings.Contains(stdout, "\n[std (new)]\n") || !strings.Contains(stdout, "  builds:      base "+binary+", new ") {
		t.Errorf("the console does not name the builds:\n%s", stdout)
	}
	cmp, stderr, code := runBinary(t, "compare", out)
	if code != 0 || !strings.Contains(cmp, "  old: "+out+", build base (") || !strings.Contains(cmp, "\ntiny std 1x encdec (procs 2): untested") {
		t.Errorf("compare of the builds: exit %d %s\n%s", code, stderr, cmp)
	}
	for expr, wantCode := range map[string]int{"rt/s<-99%": 0, "late>+10%": 1} {
		cmp, _, code := runBinary(t, "compare", "-fail", expr, out)
		if code != wantCode || !strings.Contains(cmp, "gate: -fail '"+expr+"'") {
			t.Errorf("compare -fail %s: exit %d, want %d\n%s", expr, code, wantCode, cmp)
		}
	}
}

func TestBuildBadUseExits2(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-impls", "nosuch"}, `pingpong: -impls: no build has codec "nosuch" (the builds have: std, sonic,`},
		{[]string{"-isolate=false"}, "pingpong: -build: a run across builds runs each codec in its build's worker processes: drop -isolate=false"},
		{[]string{"-build", "New=x"}, `pingpong: invalid value "New=x" for flag -build: build name "New" is malformed`},
		{[]string{"-build", "base=x"}, `pingpong: invalid value "base=x" for flag -build: build base is given twice`},
		{[]string{"-build", "third=/nonexistent/pingpong"}, "pingpong: -build third=/nonexistent/pingpong: pingpong -list -json: fork/exec /nonexistent/pingpong: no such file or directory"},
	} {
		_, stderr, code, out := twoBuildRun(t, c.args...)
		if code != 2 || !strings.HasPrefix(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line starting %q", c.args, code, stderr, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%q: %s was written", c.args, out)
		}
	}
	_, stderr, code, out := twoBuildRun(t, "-impls", "baseline", "-build", "third="+binary)
	if code != 0 {
		t.Fatalf("three builds: exit %d: %s", code, stderr)
	}
	_, stderr, code = runBinary(t, "compare", out)
	if want := "pingpong compare: " + out + ": compare takes two files, or one of a run across two builds (-build); this one has 3 builds\n"; code != 2 || stderr != want {
		t.Errorf("compare of a run across three builds: exit %d, %q; want 2 and %q", code, stderr, want)
	}
}
