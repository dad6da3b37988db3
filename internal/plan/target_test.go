package plan

import (
	"github.com/pingpong-bench/pingpong/internal/load"

	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// nopObserver keeps what Execute tells it.

type nopObserver struct {
	results   []results.Result
	cal       *results.Calibration
	scenarios int
}

func (o *nopObserver) Result(r results.Result) { o.results = append(o.results, r) }
func (o *nopObserver) Started(cal *results.Calibration, scenarios int) {
	o.cal, o.scenarios = cal, scenarios
}

func TestExecuteStructFallsBackAndWarms(t *testing.T) {
	cfg := results.Config{Codecs: []string{"std", "goccy", results.Baseline}, Levels: []results.Level{{Spec: "1", Pairs: 1}},
		Duration: 200 * time.Millisecond, Targets: []string{results.TargetStruct}}
	obs := &nopObserver{}
	run, err := Execute(context.Background(), cfg, results.Environment{GOMAXPROCS: 2}, []*datasets.Input{builtin(t, "github"), builtin(t, "utf-8-unescaped")}, obs)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, r := range run.Results {
		labels = append(labels, r.Input+" "+r.Codec+" "+r.Label())
		if r.Err != "" || r.Mismatch != "" || r.N == 0 {
			t.Errorf("%s %s: n=%d err=%q mismatch=%q", r.Input, r.Label(), r.N, r.Err, r.Mismatch)
		}
	}
	want := []string{
		"github std 1x encdec struct", "github goccy 1x encdec struct", "github baseline 1x encdec struct",
		"utf-8-unescaped std 1x encdec", "utf-8-unescaped goccy 1x encdec", "utf-8-unescaped baseline 1x encdec",
	}
	if !slices.Equal(labels, want) {
		t.Errorf("ran %q, want %q", labels, want)
	}
	// The progress total is the plan's: a struct that falls back to any
	// is still one scenario per codec.
	if obs.scenarios != len(obs.results) || len(obs.results) != len(want) {
		t.Errorf("Started said %d scenarios; %d results came, want %d", obs.scenarios, len(obs.results), len(want))
	}
	if obs.cal == nil || obs.cal != run.Calibration || obs.cal.Window != load.CalibrationWindow {
		t.Errorf("calibration told %+v, run holds %+v; want the one floor, measured over %v", obs.cal, run.Calibration, load.CalibrationWindow)
	}
	gh, ln := run.Inputs[0], run.Inputs[1]
	if gh.StructType != "datasets.GitHubGists" || gh.TargetNote != "" || !slices.Equal(gh.Targets, []string{results.TargetStruct}) {
		t.Errorf("github input info: %+v", gh)
	}
	if ln.StructType != "" || !strings.Contains(ln.TargetNote, "no struct type") || !slices.Equal(ln.Targets, []string{results.TargetAny}) {
		t.Errorf("utf-8-unescaped input info: %+v", ln)
	}
	for _, im := range run.Codecs {
		warmed := im.Input == "github" && im.Name == "goccy"
		if (im.Compile > 0) != warmed {
			t.Errorf("%s on %s: compile time %v, want it only where a struct type was compiled", im.Name, im.Input, im.Compile)
		}
	}
}

// A file named like a corpus that its struct type does not fit runs any
// alone under -target both; the total Execute announces is what it runs,
// not what the name would suggest (any and struct).
func TestExecuteAnnouncesThePlannedTotal(t *testing.T) {
	in := &datasets.Input{Name: "github", Kind: "file", Data: []byte(`{"a":1}`), SHA256: "x"}
	cfg := results.Config{Codecs: []string{results.Baseline}, Levels: []results.Level{{Spec: "1", Pairs: 1}},
		Duration: 20 * time.Millisecond, STW: 10 * time.Millisecond, Targets: []string{results.TargetAny, results.TargetStruct}}
	obs := &nopObserver{}
	if _, err := Execute(context.Background(), cfg, results.Environment{GOMAXPROCS: 2}, []*datasets.Input{in}, obs); err != nil {
		t.Fatal(err)
	}
	if obs.scenarios != 2 || len(obs.results) != 2 { // the idle pass and baseline's any
		t.Errorf("Started said %d scenarios, %d results came; want 2 and 2", obs.scenarios, len(obs.results))
	}
}

func (nopObserver) Input(results.InputInfo, []results.CodecInfo) {}

func builtin(t testing.TB, name string) *datasets.Input {
	t.Helper()
	in, err := datasets.Load(name, datasets.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	return in
}
