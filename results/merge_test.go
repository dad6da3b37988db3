package results_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

func TestMergeMakesRepeatsOfTheSameScenario(t *testing.T) {
	a, b := resultstest.SampleRun(), resultstest.SampleRun()
	b.Results = b.Results[:2] // the second part ran std only
	b.Config.Codecs = []string{"std"}
	run, err := results.Merge(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Results) != len(a.Results)+2 || run.Config.Count != 2 {
		t.Fatalf("%d results, count %d; want %d and 2", len(run.Results), run.Config.Count, len(a.Results)+2)
	}
	if got := run.Results[len(run.Results)-1].Repeat; got != 1 {
		t.Errorf("std's second part is repeat %d, want 1", got)
	}
	if got := run.Results[0].Repeat; got != 0 {
		t.Errorf("the first part is repeat %d, want 0", got)
	}
	if len(run.Codecs) != len(a.Codecs) || len(run.Inputs) != 1 {
		t.Errorf("%d codecs and %d inputs: each must appear once", len(run.Codecs), len(run.Inputs))
	}
	by, keys := results.GroupByKey(run.Results)
	if n := len(by[keys[0]]); n != 2 {
		t.Errorf("%d repeats of std 1x, want 2", n)
	}
}

func TestMergeRefusesDifferentBuilds(t *testing.T) {
	a, b := resultstest.SampleRun(), resultstest.SampleRun()
	b.Codecs[1].Version = "(devel)" // sonic from a local checkout
	if _, err := results.Merge(a, b); err == nil || !strings.Contains(err.Error(), "sonic is version (devel), not v1.15.5") {
		t.Errorf("err %v, want one naming the codec and both versions", err)
	}
	b = resultstest.SampleRun()
	b.Inputs[0].SHA256 = "ffff"
	if _, err := results.Merge(a, b); err == nil || !strings.Contains(err.Error(), "not the same document") {
		t.Errorf("err %v, want a refusal of a different input under one name", err)
	}
}

// A run across builds merges with another build by build: the builds'
// versions differ, which is no reason to refuse.
func TestMergeKeepsBuilds(t *testing.T) {
	old, new := resultstest.CompareRuns(1)
	run := resultstest.AcrossBuilds(old, new)
	m, err := results.Merge(run, run)
	if err != nil {
		t.Fatal(err)
	}
	if m.Config.Count != 2 || !slices.Equal(m.Config.BuildNames(), []string{"base", "new"}) || len(m.Codecs) != len(run.Codecs) {
		t.Errorf("merged: count %d, builds %v, %d codec infos (want 2, base and new, %d)", m.Config.Count, m.Config.BuildNames(), len(m.Codecs), len(run.Codecs))
	}
}

// A level that ran past -duration (Config.Until) writes and reads back as
// any other: its longer window and extra turns, and the cap it ran with,
// survive the file, and two such files merge into repeats.
func TestExtendedLevelsWriteReadAndMerge(t *testing.T) {
	run := resultstest.SampleRun()
	run.Config.Until = 3 * run.Config.Duration
	r := &run.Results[0]
	r.Window = run.Config.Duration * 3 / 2
	r.STWTurns = []latency.Turn{{Window: run.Config.Duration, Stops: 1}, {Window: run.Config.Duration / 2, Stops: 1}}
	r.STWStops = []latency.Stop{{At: time.Millisecond, Begin: time.Microsecond}, {At: run.Config.Duration + time.Millisecond, Begin: 2 * time.Microsecond}}
	var buf bytes.Buffer
	if err := results.WriteJSON(&buf, run); err != nil {
		t.Fatal(err)
	}
	file := buf.Bytes()
	read := func() *results.Run {
		t.Helper()
		back, err := results.ReadJSON(bytes.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		return back
	}
	a, b := read(), read()
	if a.Config.Until != run.Config.Until || a.Results[0].Window != r.Window || !slices.Equal(a.Results[0].STWTurns, r.STWTurns) || !slices.Equal(a.Results[0].STWStops, r.STWStops) {
		t.Fatalf("read back: until %v, window %v, turns %v, stops %v", a.Config.Until, a.Results[0].Window, a.Results[0].STWTurns, a.Results[0].STWStops)
	}
	merged, err := results.Merge(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if merged.Config.Until != run.Config.Until || merged.Config.Count != 2 || merged.Results[0].Window != r.Window {
		t.Errorf("merged: until %v, count %d, window %v", merged.Config.Until, merged.Config.Count, merged.Results[0].Window)
	}
}
