package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/internal/docsample"
	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// Every block of console output the README shows has the shape of what a
// run prints: its lines, figures aside (and what it marks "..." as not
// printed), are lines the console prints, in that order, for one made-up
// run of its kind (one of the report's goldens, or a run below), so that
// a sample cannot drift from the output. A guard's block (pingpongtest:
// ...) is held by pingpongtest's own test, which prints a guard's lines.
func TestReadmeSamplesHaveTheConsolesShape(t *testing.T) {
	printed := consoleLines(t)
	held := 0
	for _, b := range docsample.Blocks(readFile(t, "../../README.md")) {
		if strings.HasPrefix(b.Lines[0], "pingpongtest:") {
			continue
		}
		held++
		for _, l := range docsample.Unmatched(b, printed) {
			t.Errorf("README.md:%d: no run the console prints has, in this order, a line of the shape of\n%s", b.At, l)
		}
	}
	if held < 4 {
		t.Errorf("%d blocks of console output in the README, want its answers and its row", held)
	}
	// docs/inputs.md's safe-size lines, which the report's golden prints
	held = 0
	for _, b := range docsample.Blocks(readFile(t, "../../docs/inputs.md")) {
		if !strings.HasPrefix(b.Lines[0], "safe size,") {
			continue
		}
		held++
		for _, l := range docsample.Unmatched(b, printed) {
			t.Errorf("docs/inputs.md:%d: no run the console prints has, in this order, a line of the shape of\n%s", b.At, l)
		}
	}
	if held == 0 {
		t.Error("no safe-size lines in docs/inputs.md")
	}
}

// consoleLines are the lines the console prints for each of the report's
// goldens (whole consoles, and the sections some tests print alone) and
// of the made-up runs of the README's samples.
func consoleLines(t *testing.T) [][]string {
	t.Helper()
	var out [][]string
	files, err := filepath.Glob("../../report/testdata/*.golden")
	if err != nil || len(files) == 0 {
		t.Fatalf("no console goldens: %v", err)
	}
	for _, f := range files {
		out = append(out, docsample.Printed(readFile(t, f)))
	}
	for _, run := range []*results.Run{levelsRun(results.TargetAny), levelsRun(results.TargetStruct), attachmentRun()} {
		var b bytes.Buffer
		if err := report.WriteConsole(&b, run, report.ConsoleOptions{}); err != nil {
			t.Fatal(err)
		}
		out = append(out, docsample.Printed(b.String()))
	}
	return out
}

// levelsRun is the main job's kind of run on citm-catalog with target:
// std, goccy and sonic beside the references at 1 pair, N and 2N (N = 2),
// every codec's stops as baseline's (no codec stands out), goccy the
// fastest.
func levelsRun(target string) *results.Run {
	us, win := time.Microsecond, 2*time.Second
	codecs := []string{"std", "goccy", "sonic", results.Baseline, results.Control}
	run := &results.Run{Config: results.Config{Codecs: codecs, Duration: win, STW: 10 * time.Millisecond, Slice: 100 * time.Millisecond, Targets: []string{target},
		Levels: []results.Level{{Spec: "1", Pairs: 1}, {Spec: "N", Pairs: 2}, {Spec: "2N", Pairs: 4}}},
		Inputs: []results.InputInfo{{Name: "citm-catalog", Kind: "built-in", Bytes: 1755254, Targets: []string{target}}}}
	speed := map[string]int64{"std": 100, "goccy": 210, "sonic": 190, results.Baseline: 1e6, results.Control: 100}
	for _, pairs := range []int{1, 2, 4} {
		for i, c := range codecs {
			if c == results.Control && !results.RunsAt(c, pairs, 2) {
				continue
			}
			r := resultstest.Stopping(c, pairs, 0, win, resultstest.StopsAround(uint64(10*pairs+i), 200, 100*us))
			r.Target, r.N, r.Latency.N = target, speed[c]*int64(pairs), speed[c]*int64(pairs)
			run.Results = append(run.Results, r)
		}
	}
	return run
}

// attachmentRun is the README's safe-size run's kind: std and sonic on
// attachment at 1, 4 and 16MB, N = 2 pairs, as the README's sample ran:
// std within at 1 and 16MB and undecided at 4MB (three long stops of 200,
// too few to decide), sonic within up to 4MB and undecided at 16MB (three
// long stops).
func attachmentRun() *results.Run {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	codecs := []string{"std", "sonic", results.Baseline}
	type long struct {
		n    int
		wait time.Duration
	}
	longs := map[string][]long{"std": {{0, 0}, {3, 14 * ms}, {0, 0}}, "sonic": {{0, 0}, {0, 0}, {3, 30 * ms}}}
	run := &results.Run{Config: results.Config{Codecs: codecs, Duration: win, STW: 10 * ms, Slice: 100 * ms, Budget: 10 * ms,
		Levels: []results.Level{{Spec: "N", Pairs: 2}}}}
	for i, mb := range []int{1, 4, 16} {
		name := "attachment:" + []string{"1MB", "4MB", "16MB"}[i]
		run.Inputs = append(run.Inputs, results.InputInfo{Name: name, Kind: "shape", Bytes: mb * 1e6, Shape: "attachment", AskedSize: mb * 1e6})
		for j, c := range codecs {
			stops := resultstest.StopsAround(uint64(10*i+j), 200, 100*us)
			if l := longs[c]; l != nil {
				for k := range l[i].n {
					stops[len(stops)-1-k] = l[i].wait
				}
			}
			r := resultstest.Stopping(c, 2, 0, win, stops)
			r.Input, r.Target = name, results.TargetAny
			run.Results = append(run.Results, r)
		}
	}
	return run
}
