package results_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

func TestShortCPU(t *testing.T) {
	for model, want := range map[string]string{
		"AMD EPYC 7763 64-Core Processor":               "EPYC-7763",
		"Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz": "Xeon-Platinum-8370C",
		"Neoverse-N1": "Neoverse-N1",
		"Apple M2":    "Apple-M2",
		"":            "unknown-CPU",
	} {
		if got := results.ShortCPU(model); got != want {
			t.Errorf("ShortCPU(%q) = %q, want %q", model, got, want)
		}
	}
}

func TestTestbedName(t *testing.T) {
	env := resultstest.OnArm64(resultstest.SampleRun()).Env
	if got, want := env.Testbed().Name(), "linux/arm64 Neoverse-N1 4c GOMAXPROCS=2 go1.26.8"; got != want {
		t.Errorf("name %q, want %q", got, want)
	}
	env.GOMAXPROCS, env.CPUQuota = 4, 1.5
	if got, want := env.Testbed().Name(), "linux/arm64 Neoverse-N1 4c quota1.5 go1.26.8"; got != want {
		t.Errorf("name %q, want %q", got, want)
	}
	env.GOARCH, env.CPUQuota = "amd64", 0
	env.Fallbacks = []results.Fallback{{Codec: "sonic", Native: "JIT", Supported: true}}
	if got := env.Testbed().Name(); !strings.Contains(got, "sonic-fallback") {
		t.Errorf("name %q: amd64 without sonic's JIT must say so", got)
	}
}

// Two files that differ only in their testbed merge into two labelled
// groups, each the run it was, never repeats of one scenario.
func TestMergeKeepsTestbedsApart(t *testing.T) {
	amd, arm := resultstest.SampleRun(), resultstest.OnArm64(resultstest.SampleRun())
	m, err := results.Merge(amd, arm)
	if err != nil {
		t.Fatal(err)
	}
	names := m.TestbedNames()
	want := []string{"linux/amd64 Test 2c go1.26.8", "linux/arm64 Neoverse-N1 4c GOMAXPROCS=2 go1.26.8"}
	if !slices.Equal(names, want) {
		t.Fatalf("testbeds %q, want %q", names, want)
	}
	if m.Config.Repeats() != 1 || len(m.Results) != len(amd.Results)+len(arm.Results) {
		t.Errorf("%d results, %d repeats: the testbeds were pooled", len(m.Results), m.Config.Repeats())
	}
	by, _ := results.GroupByKey(m.Results)
	if len(by) != len(amd.Results)+len(arm.Results) {
		t.Errorf("%d scenarios, want every row of both testbeds apart", len(by))
	}
	var b bytes.Buffer // the groups survive the file
	if err := results.WriteJSON(&b, m); err != nil {
		t.Fatal(err)
	}
	back, err := results.ReadJSON(&b)
	if err != nil {
		t.Fatal(err)
	}
	for i, part := range back.ByTestbed() {
		orig := []*results.Run{amd, arm}[i]
		if part.Env.Testbed() != orig.Env.Testbed() || len(part.Results) != len(orig.Results) || len(part.Codecs) != len(orig.Codecs) {
			t.Errorf("testbed %s: %d results and %d codecs on %s; want the run as it was", names[i], len(part.Results), len(part.Codecs), part.Env.Testbed().Name())
		}
		for _, r := range part.Results {
			if r.Testbed != "" {
				t.Errorf("testbed %s: row %s still carries its testbed", names[i], r.Name())
			}
		}
	}
	if got := m.Results[len(m.Results)-1].Name(); !strings.Contains(got, "testbed=linux-arm64_Neoverse-N1_4c_GOMAXPROCS2_go1.26.8") {
		t.Errorf("name %q does not say the testbed", got)
	}
	// Merging the merged file with a repeat of one testbed adds repeats
	// to that testbed only.
	again, err := results.Merge(m, resultstest.SampleRun())
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Testbeds) != 2 || again.OfTestbed(names[0]).Config.Repeats() != 2 || again.OfTestbed(names[1]).Config.Repeats() != 1 {
		t.Errorf("after a third file: %d testbeds, repeats %d and %d; want 2, 2 and 1", len(again.Testbeds),
			again.OfTestbed(names[0]).Config.Repeats(), again.OfTestbed(names[1]).Config.Repeats())
	}
}

func TestMergeOfOneTestbedHasNoLabels(t *testing.T) {
	m, err := results.Merge(resultstest.SampleRun(), resultstest.SampleRun())
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Testbeds) != 0 || m.Results[0].Testbed != "" {
		t.Errorf("one testbed merged into %d labelled ones", len(m.Testbeds))
	}
}

// The verdict's levels of a merged file never mix two machines' rows.
func TestLevelsOfTestbedsApart(t *testing.T) {
	m, err := results.Merge(resultstest.SampleRun(), resultstest.OnArm64(resultstest.SampleRun()))
	if err != nil {
		t.Fatal(err)
	}
	levels := results.EncdecLevels(m.Results)
	if len(levels) != 4 {
		t.Fatalf("%d levels, want 2 per testbed", len(levels))
	}
	for _, l := range levels {
		for _, r := range l.Rows {
			if !strings.HasSuffix(l.Label, ", on "+r.Testbed) {
				t.Errorf("level %q holds a row of %s", l.Label, r.Testbed)
			}
		}
	}
}
