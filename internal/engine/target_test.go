package engine

import (
	"bytes"
	"context"
	stdjson "encoding/json"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

func builtin(t testing.TB, name string) *datasets.Input {
	t.Helper()
	in, err := datasets.Load(name, datasets.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// typedInputs are the built-in typed corpora. The real files have the same
// shape (datasets checks the types against both); running every codec on
// them too would double the package's slowest test under -race.
func typedInputs(t *testing.T) []*datasets.Input {
	var ins []*datasets.Input
	for _, name := range datasets.TargetNames() {
		ins = append(ins, builtin(t, name))
	}
	return ins
}

// Every codec decodes each typed corpus into its struct and encodes it back
// to the value encoding/json reads from the document.
func TestEveryCodecRoundTripsEveryStructType(t *testing.T) {
	for _, in := range typedInputs(t) {
		t.Run(in.Name, func(t *testing.T) {
			t.Parallel()
			checkEveryCodecStruct(t, in)
		})
	}
}

func checkEveryCodecStruct(t *testing.T, in *datasets.Input) {
	typ, err := StructTarget(in)
	if err != nil {
		t.Fatal(err)
	}
	var want any
	if err := stdjson.Unmarshal(in.Data, &want); err != nil {
		t.Fatal(err)
	}
	for _, im := range Impls() {
		c, err := im.New(in.Data)
		if err != nil {
			t.Fatalf("%s: %v", im.Name, err)
		}
		if _, mismatch, err := checkStruct(c, in.Data, want, typ); err != nil || mismatch != "" {
			t.Errorf("%s into %v: err %v, mismatch %s", im.Name, typ, err, mismatch)
		}
	}
}

// flipPublic is a codec bug confined to struct encoding: it turns the first
// gist's "public" to false.
type flipPublic struct{ Codec }

func (f flipPublic) Marshal(v any) ([]byte, error) {
	b, err := f.Codec.Marshal(v)
	return bytes.Replace(b, []byte(`"public":true`), []byte(`"public":false`), 1), err
}

func TestCheckStructLocatesDifference(t *testing.T) {
	in := builtin(t, "github")
	typ, _ := datasets.TargetType("github")
	std := funcs{stdjson.Marshal, stdjson.Unmarshal}
	_, mismatch, err := CheckStruct(flipPublic{std}, in.Data, typ)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(mismatch, "$[0].public: ") {
		t.Errorf("mismatch = %q, want it at $[0].public", mismatch)
	}
	if _, _, err := CheckStruct(std, []byte(`{"not":"a list"}`), typ); err == nil {
		t.Error("decoding an object into a list of gists: no error")
	}
}

func TestInputTargets(t *testing.T) {
	twitter, govtrack := builtin(t, "twitter"), builtin(t, "govtrack")
	// A document carrying a typed corpus's name without its shape.
	impostor := &datasets.Input{Name: "twitter", Kind: "file", Data: []byte(`{"statuses":[],"extra":1}`), SHA256: "impostor"}
	cases := []struct {
		in      *datasets.Input
		want    []string
		typ     reflect.Type
		noteHas string
	}{
		{twitter, []string{results.TargetAny}, nil, ""},
		{twitter, []string{results.TargetStruct}, reflect.TypeFor[datasets.Twitter](), ""},
		{twitter, []string{results.TargetAny, results.TargetStruct}, reflect.TypeFor[datasets.Twitter](), ""},
		{govtrack, []string{results.TargetStruct}, nil, "govtrack has no struct type"},
		{govtrack, []string{results.TargetAny, results.TargetStruct}, nil, "govtrack has no struct type"},
		{impostor, []string{results.TargetStruct}, nil, `unknown field "extra"`},
	}
	for _, c := range cases {
		cfg := results.Config{Targets: c.want}
		got, typ, note := InputTargets(cfg, c.in)
		want := c.want
		if c.typ == nil {
			want = []string{results.TargetAny}
		}
		if !slices.Equal(got, want) || typ != c.typ || !strings.Contains(note, c.noteHas) || (c.noteHas == "") != (note == "") {
			t.Errorf("%s %v: got %v %v %q, want %v %v note containing %q", c.in.Name, c.want, got, typ, note, want, c.typ, c.noteHas)
		}
	}
	if got, _, _ := InputTargets(results.Config{}, twitter); !slices.Equal(got, []string{results.TargetAny}) {
		t.Errorf("no targets asked: got %v, want any", got)
	}
}

// typeSpy records the types the pairs decode into.
type typeSpy struct {
	Codec
	mu    sync.Mutex
	types map[reflect.Type]int
}

func (s *typeSpy) Unmarshal(data []byte, v any) error {
	s.mu.Lock()
	s.types[reflect.TypeOf(v)]++
	s.mu.Unlock()
	return s.Codec.Unmarshal(data, v)
}

func TestRunLevelDecodesIntoTarget(t *testing.T) {
	in := builtin(t, "github")
	typ, _ := datasets.TargetType("github")
	for _, tc := range []struct {
		newTarget func() any
		want      reflect.Type
	}{
		{nil, reflect.TypeFor[*any]()},
		{newTarget(typ), reflect.TypeFor[*datasets.GitHubGists]()},
	} {
		spy := &typeSpy{Codec: funcs{stdjson.Marshal, stdjson.Unmarshal}, types: map[reflect.Type]int{}}
		// The echo decodes the first message at once, so even a window too
		// short for a whole round trip (under -race) shows the target.
		if _, err := RunLevelWatched(context.Background(), spy, in.Data, tc.newTarget, 2, Watch{Duration: 30 * time.Millisecond}, false); err != nil {
			t.Fatalf("%v: %v", tc.want, err)
		}
		if len(spy.types) != 1 || spy.types[tc.want] == 0 {
			t.Errorf("decoded into %v, want only %v", spy.types, tc.want)
		}
	}
}

// A struct decode must start from a fresh value: decoding into a reused one
// would merge messages (and measure less allocation than a service does).
func TestDecoderStructIsFreshEachTime(t *testing.T) {
	typ, _ := datasets.TargetType("github")
	d := decoder{new: newTarget(typ)}
	std := funcs{stdjson.Marshal, stdjson.Unmarshal}
	a, err := d.decode(std, []byte(`[{"id":"a"}]`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.decode(std, []byte(`[{"id":"b"},{"id":"c"}]`))
	if err != nil {
		t.Fatal(err)
	}
	if a == b || len(*a.(*datasets.GitHubGists)) != 1 || (*a.(*datasets.GitHubGists))[0].ID != "a" {
		t.Errorf("second decode touched the first value: %v %v", a, b)
	}
}

// nopObserver keeps what Execute tells it.
type nopObserver struct {
	results   []results.Result
	cal       *results.Calibration
	scenarios int
}

func (nopObserver) Input(results.InputInfo, []results.ImplInfo) {}
func (o *nopObserver) Result(r results.Result)                  { o.results = append(o.results, r) }
func (o *nopObserver) Started(cal *results.Calibration, scenarios int) {
	o.cal, o.scenarios = cal, scenarios
}

func TestExecuteStructFallsBackAndWarms(t *testing.T) {
	cfg := results.Config{Impls: []string{"std", "goccy", results.Baseline}, Levels: []results.Level{{Spec: "1", Pairs: 1}},
		Duration: 200 * time.Millisecond, Targets: []string{results.TargetStruct}}
	obs := &nopObserver{}
	run, err := Execute(context.Background(), cfg, results.Environment{GOMAXPROCS: 2}, []*datasets.Input{builtin(t, "github"), builtin(t, "utf-8-unescaped")}, obs)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, r := range run.Results {
		labels = append(labels, r.Input+" "+r.Impl+" "+r.Label())
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
	if obs.cal == nil || obs.cal != run.Calibration || obs.cal.Window != calibrationWindow {
		t.Errorf("calibration told %+v, run holds %+v; want the one floor, measured over %v", obs.cal, run.Calibration, calibrationWindow)
	}
	gh, ln := run.Inputs[0], run.Inputs[1]
	if gh.StructType != "datasets.GitHubGists" || gh.TargetNote != "" || !slices.Equal(gh.Targets, []string{results.TargetStruct}) {
		t.Errorf("github input info: %+v", gh)
	}
	if ln.StructType != "" || !strings.Contains(ln.TargetNote, "no struct type") || !slices.Equal(ln.Targets, []string{results.TargetAny}) {
		t.Errorf("utf-8-unescaped input info: %+v", ln)
	}
	for _, im := range run.Impls {
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
	cfg := results.Config{Impls: []string{results.Baseline}, Levels: []results.Level{{Spec: "1", Pairs: 1}},
		Duration: 20 * time.Millisecond, STW: 10 * time.Millisecond, Targets: []string{results.TargetAny, results.TargetStruct}}
	obs := &nopObserver{}
	if _, err := Execute(context.Background(), cfg, results.Environment{GOMAXPROCS: 2}, []*datasets.Input{in}, obs); err != nil {
		t.Fatal(err)
	}
	if obs.scenarios != 2 || len(obs.results) != 2 { // the idle pass and baseline's any
		t.Errorf("Started said %d scenarios, %d results came; want 2 and 2", obs.scenarios, len(obs.results))
	}
}
