package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bench_scheduling.sh --fail: pingpong compare -fail on the two builds,
// its status the script's.

func lastLineOf(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func TestBenchSchedulingFailRefusesBadUsageBeforeMeasuring(t *testing.T) {
	t.Parallel()
	checkout, _ := sharedCheckout(t, "github.com/json-iterator/go@v1.1.12", false)
	for _, c := range []struct {
		args []string
		last string
	}{
		{[]string{"--fail", "p99>+10%"}, "bench_scheduling.sh: --fail gates the comparison of two builds: give --version, --replace, SONIC_ROOT, PINGPONG_REPLACE or --goexperiment too"},
		{[]string{"--fail", "p99>10%", "--replace", "github.com/json-iterator/go=" + checkout},
			`bench_scheduling.sh: --fail "p99>10%": missing sign; use METRIC>+N% or METRIC<-N%`},
	} {
		out := filepath.Join(t.TempDir(), "out")
		code, stdout, stderr := runScript(t, nil, append(c.args, "--compare", "baseline", "-o", out)...)
		last := lastLineOf(stderr)
		if code != 2 || !strings.HasPrefix(last, c.last) || strings.Contains(stdout, "scheduler responsiveness check") || strings.Contains(stderr, "== building") {
			t.Errorf("%q: exit %d, last line %q; want 2, %q and nothing built or measured\n%s", c.args, code, last, c.last, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%q: the output directory was made", c.args)
		}
	}
}

// Without -rate no scenario has late: a gate that judged nothing fails
// rather than pass CI silently. (A gate that passes is checked in
// TestBenchSchedulingBuildsAgainstALocalCheckout.)
func TestBenchSchedulingFailExitsWithTheGate(t *testing.T) {
	t.Parallel()
	checkout, _ := sharedCheckout(t, "github.com/json-iterator/go@v1.1.12", false)
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := runScript(t, nil, "--compare", "baseline", "--replace", "github.com/json-iterator/go="+checkout, "--fail", "late>+10%", "-o", out)
	if want := "bench_scheduling.sh: the --fail gate failed; see compare.txt"; code != 1 || lastLineOf(stderr) != want {
		t.Errorf("exit %d, last line %q; want 1 and %q\n%s", code, lastLineOf(stderr), want, stderr)
	}
	cmp := readFile(t, filepath.Join(out, "compare.txt"))
	if want := "NOTHING JUDGED: no scenario has late in both runs"; !strings.Contains(cmp, "gate: -fail 'late>+10%'") || lastLineOf(cmp) != want {
		t.Errorf("compare.txt has no gate section ending %q:\n%s", want, cmp)
	}
	if _, err := os.Stat(filepath.Join(out, "report.html")); err != nil {
		t.Error(err)
	}
}
