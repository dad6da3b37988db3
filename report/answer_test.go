package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
	"github.com/pingpong-bench/pingpong/verdict"
)

// A level's freeze answer says who stands out and by how much, who the
// run cannot tell and why, and how many others do not.
func TestFreezeAnswer(t *testing.T) {
	cfg := results.Config{Codecs: []string{"std", "sonic", "goccy", "baseline"}, Stall: 10 * time.Millisecond}
	var got []string
	for _, v := range verdict.Levels(cfg, oneRun(), nil) {
		got = append(got, FreezeAnswer(v))
	}
	want := []string{
		"no codec stands out from baseline",
		"sonic stands out from baseline (+37.5 points of the window frozen); cannot tell goccy (too close to the bar to settle in this window); std does not",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("freeze answers\n%q\nwant\n%q", got, want)
	}
	noRef := verdict.Levels(results.Config{Codecs: []string{"std"}}, oneRun()[:1], nil)
	if len(noRef) != 1 || !strings.HasPrefix(FreezeAnswer(noRef[0]), "no verdict") {
		t.Errorf("no reference: %+v", noRef)
	}
}

// The answer is the last thing the console prints: a line per level with
// each codec's factor against std and its freeze answer.
func TestAnswerEndsTheConsole(t *testing.T) {
	rs := oneRun()
	for i := range rs {
		rs[i].Input = "citm-catalog"
	}
	run := &results.Run{Config: results.Config{Codecs: []string{"std", "sonic", "goccy", "baseline"}, Stall: 10 * time.Millisecond, STW: 10 * time.Millisecond},
		Inputs: []results.InputInfo{{Name: "citm-catalog", Kind: "built-in"}}, Results: rs}
	var b bytes.Buffer
	if err := WriteConsole(&b, run, ConsoleOptions{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	i := strings.LastIndex(out, "\n"+answerHead+":\n")
	if i < 0 {
		t.Fatalf("no answer in\n%s", out)
	}
	tail := strings.Split(strings.TrimSpace(out[i:]), "\n")[1:]
	if len(tail) < 2 || !strings.HasPrefix(tail[0], "  1x encdec: ") || !strings.HasPrefix(tail[1], "  2x encdec: ") ||
		!strings.Contains(tail[1], "x std; freezes: ") || !strings.Contains(tail[1], "sonic stands out from baseline") {
		t.Errorf("the answer is not a line per level with the factors against std and the freeze answer:\n%s", out[i:])
	}
}

// No line of a default console golden is wider than rowWidth: a terminal
// split in two still shows each whole. (-v's lines are kept whole.)
func TestDefaultConsoleWidth(t *testing.T) {
	files, _ := filepath.Glob("testdata/console*.golden")
	files = append(files, "testdata/verdict.golden")
	for _, f := range files {
		if strings.Contains(f, "-v") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		if f == "testdata/verdict.golden" {
			text = text[:strings.Index(text, "== one run, -v")] // the rest is -v's
		}
		for _, l := range strings.Split(text, "\n") {
			if len(l) > rowWidth && !strings.Contains(l, "(non-preemptible)") { // a table with -culprits names whole functions
				t.Errorf("%s: a line of %d columns:\n%s", f, len(l), l)
			}
		}
	}
}

// The answer's head fits its lines: a run of sizes answers with safe
// sizes alone, and its head promises neither factors nor a freeze verdict;
// a sweep's adds its GOMAXPROCS line.
func TestAnswerHeadFitsTheRun(t *testing.T) {
	var b bytes.Buffer
	if err := WriteConsole(&b, resultstest.SafeSizeRun(), ConsoleOptions{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	i := strings.LastIndex(out, "\n"+safeSizeHead+":\n")
	if i < 0 || strings.Contains(out, answerHead) {
		t.Fatalf("a run of sizes does not head its answer with the safe sizes:\n%s", out)
	}
	for _, l := range strings.Split(strings.TrimSpace(out[i:]), "\n")[1:] {
		if !strings.HasPrefix(strings.TrimSpace(l), "safe size, ") && !strings.HasPrefix(l, "      ") {
			t.Errorf("a line under the safe sizes' head that is none: %q", l)
		}
	}
	b.Reset()
	if err := WriteConsole(&b, resultstest.SweepRun(), ConsoleOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "\n"+answerHead+procsHead+":\n") {
		t.Errorf("a sweep's answer head does not name its GOMAXPROCS line:\n%s", b.String())
	}
}
