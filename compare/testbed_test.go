package compare_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/compare"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

func TestCheckTestbedsRefusesAcrossMachines(t *testing.T) {
	amd, arm := resultstest.SampleRun(), resultstest.OnArm64(resultstest.SampleRun())
	if err := compare.CheckTestbeds("a.json", "b.json", amd, resultstest.SampleRun()); err != nil {
		t.Errorf("one testbed refused: %v", err)
	}
	err := compare.CheckTestbeds("a.json", "b.json", amd, arm)
	if err == nil {
		t.Fatal("two testbeds judged against each other")
	}
	msg := err.Error()
	for _, want := range []string{"a.json ran on linux/amd64 Test 2c go1.26.8", "b.json on linux/arm64 Neoverse-N1 4c", "--across-testbeds"} {
		if !strings.Contains(msg, want) || strings.Contains(msg, "\n") {
			t.Errorf("refusal %q: want one line with %q", msg, want)
		}
	}
	// Merged files of the same testbeds compare, each against its own.
	m1, _ := results.Merge(amd, arm)
	m2, _ := results.Merge(resultstest.SampleRun(), resultstest.OnArm64(resultstest.SampleRun()))
	if err := compare.CheckTestbeds("m1", "m2", m1, m2); err != nil {
		t.Errorf("the same two testbeds refused: %v", err)
	}
	if err := compare.CheckTestbeds("m1", "a", m1, amd); err == nil {
		t.Error("a merged file of two testbeds judged against one of them")
	}
}

func TestAcrossTestbedsGolden(t *testing.T) {
	amd, arm := resultstest.SampleRun(), resultstest.OnArm64(resultstest.SampleRun())
	arm.Env.GoVersion = "go1.25.7"
	arm.Results[0].Latency.P50 *= 2 // arm's std 1x is twice as slow: shown, not judged
	// On 4 cores level N is 4 pairs at GOMAXPROCS 4, and still the N
	// level of the 2-core machine's run.
	arm.Env.GOMAXPROCS = 4
	arm.Config.Levels = []results.Level{{Spec: "1", Pairs: 1}, {Spec: "N", Pairs: 4}}
	for i := range arm.Results {
		r := &arm.Results[i]
		r.Procs = 4
		if r.Pairs == 2 {
			r.Pairs = 4
		}
	}
	var b bytes.Buffer
	if err := compare.WriteAcrossTestbeds(&b, "amd64.json", "arm64.json", amd, arm); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, bad := range []string{"regressed", "improved", "significant"} {
		if strings.Contains(out, bad) {
			t.Errorf("across testbeds claims %q:\n%s", bad, out)
		}
	}
	if !strings.Contains(out, "2.00x") || !strings.Contains(out, "golang/go#79391") || strings.Contains(out, "only in") ||
		!strings.Contains(out, "old: citm-catalog sonic 2x encdec (procs 2); new: citm-catalog sonic 4x encdec (procs 4)") {
		t.Errorf("want the ratio of std 1x's p50 and the sched.* warning:\n%s", out)
	}
	resultstest.Golden(t, "across-testbeds", b.Bytes())
}

func TestSchedMeaningWarning(t *testing.T) {
	for _, c := range []struct {
		old, new string
		warn     bool
	}{
		{"go1.26.8", "go1.26.8", false},
		{"go1.26.1", "go1.27.0", false},
		{"go1.25.7", "go1.26.8", true},
		{"go1.26.8", "go1.24.2", true},
		{"go1.24.2", "go1.25.7", false},
		{"devel go1.27-abc", "go1.26.8", false},
		{"weird", "go1.26.8", true}, // unknown: warn rather than stay silent
	} {
		if got := compare.SchedMeaningWarning(c.old, c.new) != ""; got != c.warn {
			t.Errorf("%s -> %s: warning %v, want %v", c.old, c.new, got, c.warn)
		}
	}
}
