package main

import (
	"strings"
	"testing"
)

func TestProbeFlagsBadValuesExit2(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"-probe", "5us"},
		{"-probe", "-1ms"},
		{"-mode", "fast"},
		{"-mode", "probe", "-probe", "0"}, // passes measure nothing without the probe
	} {
		stdout, stderr, code := runBinary(t, args...)
		flag := args[0] // the flag whose value is wrong
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, flag) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want exit 2 and one line naming %s", args, code, stdout, stderr, flag)
		}
	}
}

func TestProbeModeRunsThePasses(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := runBinary(t, "-mode", "probe", "-impls", "baseline", "-input", "github",
		"-duration", "100ms", "-warmup", "0s", "-procs", "1")
	if code != 0 {
		t.Fatalf("exit %d\nstderr: %s", code, stderr)
	}
	var rows []string
	for _, line := range strings.Split(stdout, "\n") {
		if m := rowRE.FindStringSubmatch(line); m != nil {
			rows = append(rows, m[1])
		}
	}
	if got, want := strings.Join(rows, ", "), "1x decode, 1x encode, 2x decode, 2x encode"; got != want {
		t.Errorf("rows %s, want %s\n%s", got, want, stdout)
	}
	if !strings.Contains(stdout, "idle floor n=") || strings.Contains(stdout, "encdec") {
		t.Errorf("want the idle floor in the header and no encdec rows:\n%s", stdout)
	}
}
