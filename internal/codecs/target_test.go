package codecs

import (
	"bytes"
	stdjson "encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

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
			if testing.Short() && len(in.Data) >= 1<<20 { // as codecs' TestEveryCodecRoundTripsEveryBuiltin
				t.Skipf("-short: a document of %d bytes (the suite without -short round-trips it)", len(in.Data))
			}
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
	for _, im := range All() {
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
		got, typ, note := InputTargets(cfg.AskedTargets(), c.in)
		want := c.want
		if c.typ == nil {
			want = []string{results.TargetAny}
		}
		if !slices.Equal(got, want) || typ != c.typ || !strings.Contains(note, c.noteHas) || (c.noteHas == "") != (note == "") {
			t.Errorf("%s %v: got %v %v %q, want %v %v note containing %q", c.in.Name, c.want, got, typ, note, want, c.typ, c.noteHas)
		}
	}
	if got, _, _ := InputTargets(results.Config{}.AskedTargets(), twitter); !slices.Equal(got, []string{results.TargetAny}) {
		t.Errorf("no targets asked: got %v, want any", got)
	}
}

// A struct decode must start from a fresh value: decoding into a reused one
// would merge messages (and measure less allocation than a service does).
func TestDecoderStructIsFreshEachTime(t *testing.T) {
	typ, _ := datasets.TargetType("github")
	d := Decoder{New: TargetFunc(typ)}
	std := funcs{stdjson.Marshal, stdjson.Unmarshal}
	a, err := d.Decode(std, []byte(`[{"id":"a"}]`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.Decode(std, []byte(`[{"id":"b"},{"id":"c"}]`))
	if err != nil {
		t.Fatal(err)
	}
	if a == b || len(*a.(*datasets.GitHubGists)) != 1 || (*a.(*datasets.GitHubGists))[0].ID != "a" {
		t.Errorf("second decode touched the first value: %v %v", a, b)
	}
}
