package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// writeRepeats writes a -json file of one scenario run five times, its
// p99 the given values, and returns its path.
func writeRepeats(t *testing.T, name string, p99s ...time.Duration) string {
	t.Helper()
	run := &results.Run{
		Env:    results.Environment{GoVersion: "go1.26.8", GOOS: "linux", GOARCH: "amd64", GOMAXPROCS: 2},
		Config: results.Config{Codecs: []string{"std"}, Duration: time.Second, Count: len(p99s)},
		Inputs: []results.InputInfo{{Name: "twitter", Kind: "built-in"}},
		Codecs: []results.CodecInfo{{Name: "std", Version: "go1.26.8", Input: "twitter"}},
	}
	for i, p99 := range p99s {
		run.Results = append(run.Results, results.Result{
			Scenario: results.Scenario{Input: "twitter", Codec: "std", Mode: results.ModeEncdec, Pairs: 1, Procs: 2, Repeat: i},
			N:        1000, Window: time.Second,
			Latency: latency.Summary{N: 1000, P50: p99 / 2, P95: p99 * 9 / 10, P99: p99, Max: p99 * 2},
		})
	}
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := results.WriteJSON(f, run); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCompareFailExitCodes(t *testing.T) {
	ms := time.Millisecond
	old := writeRepeats(t, "old.json", 10*ms, 10*ms+100e3, 10*ms-100e3, 10*ms+200e3, 10*ms-200e3)
	slower := writeRepeats(t, "new.json", 13*ms, 13*ms+100e3, 13*ms-100e3, 13*ms+200e3, 13*ms-200e3) // p99 +30%
	for _, c := range []struct {
		args       []string
		code       int
		lastStdout string // the gate's verdict, or "" when there is no gate section
		stderr     string // its one line, or "" for none
	}{
		{[]string{"-fail", "p99>+10%", old, slower}, 1,
			"REGRESSION: 1 of 1 scenarios (p99 +30% in twitter std 1x encdec (procs 2))",
			"pingpong compare: -fail 'p99>+10%': REGRESSION: 1 of 1 scenarios (p99 +30% in twitter std 1x encdec (procs 2))"},
		{[]string{"-fail", "p99>+50%,rt/s<-5%", old, slower}, 0, "ok: no regression beyond -fail", ""},
		{[]string{"-fail", "p99>+10%", old, old}, 0, "ok: no regression beyond -fail", ""},
		{[]string{old, slower}, 0, "", ""}, // without -fail a regression is a finding
		{[]string{"-fail", "p99>10%", old, slower}, 2, "", `pingpong compare: -fail "p99>10%": missing sign; use METRIC>+N% or METRIC<-N%`},
		{[]string{"-fail", "", old, slower}, 2, "", `pingpong compare: -fail "": empty; use`},
		{[]string{"-fail", "p99>+10%"}, 2, "", "pingpong compare: want two files"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"compare"}, c.args...), &stdout, &stderr)
		last := lastLineOf(stdout.String())
		if code != c.code {
			t.Errorf("%q: exit %d, want %d\nstderr: %s", c.args, code, c.code, stderr.String())
		}
		if c.lastStdout != "" && last != c.lastStdout {
			t.Errorf("%q: last line\n  %s\nwant\n  %s", c.args, last, c.lastStdout)
		}
		if c.lastStdout == "" && strings.Contains(stdout.String(), "gate: -fail") {
			t.Errorf("%q: a gate section without -fail:\n%s", c.args, stdout.String())
		}
		if n := strings.Count(stderr.String(), "\n"); (c.stderr == "") != (n == 0) || n > 1 || !strings.HasPrefix(stderr.String(), c.stderr) {
			t.Errorf("%q: stderr %q, want one line starting %q (none for exit 0)", c.args, stderr.String(), c.stderr)
		}
	}
}

// A flag after the files is refused with the hint that flags go first,
// not counted as more files; by every command.
func TestFlagAfterArguments(t *testing.T) {
	old := writeRepeats(t, "old.json", time.Millisecond, time.Millisecond, time.Millisecond, time.Millisecond, time.Millisecond)
	for _, args := range [][]string{
		{"compare", old, old, "-fail", "p99>+10%"},
		{"merge", old, "-json", "x.json"},
		{"report", old, "-html=x.html"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		if code != 2 || strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), "flags go first") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line saying flags go first", args, code, stderr.String())
		}
	}
}
