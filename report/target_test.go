package report

import (
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// structRun is sampleRun with -target both on a typed corpus and -target
// struct falling back on an untyped one.
func structRun() *results.Run {
	run := resultstest.SampleRun()
	run.Config.Targets = []string{results.TargetAny, results.TargetStruct}
	run.Config.Levels = run.Config.Levels[:1]
	in := &run.Inputs[0]
	in.Targets, in.StructType = []string{results.TargetAny, results.TargetStruct}, "datasets.CITMCatalog"
	for i := range run.Codecs {
		im := &run.Codecs[i]
		switch im.Name {
		case "sonic":
			im.Compile = 31200 * time.Microsecond
		case "goccy":
			im.Compile = 2100 * time.Microsecond
			im.StructMismatch = "$.events: present on one side only"
		case "std":
			im.StructErr = "decode into datasets.CITMCatalog: boom"
		}
	}
	var rs []results.Result
	for _, r := range run.Results {
		if r.Pairs != 1 {
			continue
		}
		rs = append(rs, r)
		s := r
		s.Target, s.N, s.Latency.N = results.TargetStruct, r.N*2, r.N*2
		rs = append(rs, s)
	}
	run.Results = rs
	run.Inputs = append(run.Inputs, results.InputInfo{Name: "govtrack", Kind: "built-in", Bytes: 3917338, SHA256: "fedcba9876543210", Seed: 1,
		Targets: []string{results.TargetAny}, TargetNote: "govtrack has no struct type: decoding into any instead", Scenarios: 4})
	for _, name := range run.Config.Codecs {
		citm, _ := run.Codec(results.Scenario{Codec: name, Input: "citm-catalog"})
		run.Codecs = append(run.Codecs, results.CodecInfo{Name: name, Version: "v1", Input: "govtrack", Notes: citm.Notes})
	}
	return run
}

func TestConsoleTargetGolden(t *testing.T) {
	out := goldenConsole(t, "console-target", structRun(), ConsoleOptions{})
	// The struct rows keep the original's label column width.
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "  1x encdec struct ") && len(l) > 31 && l[31] == ' ' {
			t.Errorf("struct row label not padded to 28: %q", l)
		}
	}
}

func TestTargetLinesOnlyWhenStructAsked(t *testing.T) {
	run := resultstest.SampleRun()
	if got := targetLines(run.Inputs[0], run.Codecs); len(got) != 0 {
		t.Errorf("a run into any printed target lines: %q", got)
	}
}
