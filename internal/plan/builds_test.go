package plan

import (
	"github.com/pingpong-bench/pingpong/internal/machine"

	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// twoBuilds are a run across two builds whose binaries are this test
// binary (a worker like any pingpong), the second with a codec the first
// lacks.
func twoBuilds() []results.Build {
	codecs := func(names ...string) []results.ListedCodec {
		var out []results.ListedCodec
		for _, n := range names {
			out = append(out, results.ListedCodec{Name: n, Library: n, Version: "v-" + n})
		}
		return out
	}
	return []results.Build{
		{Name: "base", Binary: os.Args[0], Codecs: codecs("std", results.Baseline)},
		{Name: "new", Binary: os.Args[0], Codecs: codecs("std", "goccy", results.Baseline)},
	}
}

func labels(rs []results.Scenario) []string {
	var out []string
	for _, s := range rs {
		out = append(out, s.CodecLabel()+" "+results.Result{Scenario: s}.Label())
	}
	return out
}

// Each codec is planned once per build that has it, its builds side by
// side in each level as codecs are (they take turns); repeats alternate
// the builds' order, so that neither always runs first.
func TestPlanAcrossBuilds(t *testing.T) {
	cfg := results.Config{Codecs: []string{"std", "goccy"}, Levels: []results.Level{{Spec: "1", Pairs: 1}, {Spec: "2", Pairs: 2}}, Builds: twoBuilds()}
	in := []results.InputInfo{{Name: "tiny"}}
	want := []string{"std (base) 1x encdec", "std (new) 1x encdec", "goccy (new) 1x encdec", "std (base) 2x encdec", "std (new) 2x encdec", "goccy (new) 2x encdec"}
	if got := labels(Plan(cfg, in, 2)); !slices.Equal(got, want) {
		t.Errorf("one repeat:\n got %q\nwant %q", got, want)
	}
	cfg.Count = 3
	var got []string
	for _, s := range Plan(cfg, in, 2) {
		got = append(got, strings.Join(labels([]results.Scenario{s}), "")+" r"+string(rune('0'+s.Repeat)))
	}
	want = []string{
		"std (base) 1x encdec r0", "std (new) 1x encdec r0", "goccy (new) 1x encdec r0",
		"std (base) 2x encdec r0", "std (new) 2x encdec r0", "goccy (new) 2x encdec r0",
		"std (new) 1x encdec r1", "std (base) 1x encdec r1", "goccy (new) 1x encdec r1",
		"std (new) 2x encdec r1", "std (base) 2x encdec r1", "goccy (new) 2x encdec r1",
		"std (base) 1x encdec r2", "std (new) 1x encdec r2", "goccy (new) 1x encdec r2",
		"std (base) 2x encdec r2", "std (new) 2x encdec r2", "goccy (new) 2x encdec r2",
	}
	if !slices.Equal(got, want) {
		t.Errorf("three repeats:\n got %q\nwant %q", got, want)
	}
}

// A run across builds runs each build's codecs in that build's workers and
// names the build in every row and codec info, its version the build's.
func TestExecuteAcrossBuilds(t *testing.T) {
	in := &datasets.Input{Name: "tiny", Kind: "file", Data: []byte(`{"a":[1,2,3],"b":"x"}`)}
	cfg := results.Config{Codecs: []string{"goccy", results.Baseline}, Levels: []results.Level{{Spec: "1", Pairs: 1}},
		Duration: 30 * time.Millisecond, Isolate: true, Builds: twoBuilds(), Count: 2}
	run, err := Execute(context.Background(), cfg, machine.ReadEnvironment("test"), []*datasets.Input{in}, quietObserver{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range run.Results {
		got = append(got, r.CodecLabel())
		if r.Err != "" || r.N == 0 {
			t.Errorf("%s: err %q n %d", r.CodecLabel(), r.Err, r.N)
		}
	}
	want := []string{"goccy (new)", "baseline (base)", "baseline (new)", "goccy (new)", "baseline (new)", "baseline (base)"}
	if !slices.Equal(got, want) {
		t.Errorf("ran %q, want %q", got, want)
	}
	var infos []string
	for _, im := range run.Codecs {
		infos = append(infos, im.Name+" "+im.Build+" "+im.Version)
	}
	if want := []string{"goccy new v-goccy", "baseline base v-baseline", "baseline new v-baseline"}; !slices.Equal(infos, want) {
		t.Errorf("codec infos %q, want %q", infos, want)
	}
	cfg.Codecs = []string{"jsoniter"}
	if _, err := Execute(context.Background(), cfg, machine.ReadEnvironment("test"), []*datasets.Input{in}, quietObserver{}); err == nil || err.Error() != `no build has codec "jsoniter" (builds: base, new)` {
		t.Errorf("a codec no build has: err %v", err)
	}
}
