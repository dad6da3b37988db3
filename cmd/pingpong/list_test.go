package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/format"
	registry "github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/results"
)

// -list -json, in either order of its flags, is a listing that names every
// registered codec, built-in input and shape, with the build's versions.
func TestListJSON(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"-list", "-json"}, {"-json", "-list"}, {"--list", "--json", "-v"}} {
		stdout, stderr, code := runBinary(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		l, err := results.ReadListing(strings.NewReader(stdout))
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, stdout)
		}
		var codecs, inputs, shapes []string
		for _, c := range l.Codecs {
			codecs = append(codecs, c.Name)
		}
		for _, in := range l.Inputs {
			inputs = append(inputs, in.Name)
			if in.Bytes <= 0 {
				t.Errorf("input %s has size %d", in.Name, in.Bytes)
			}
		}
		for _, sh := range l.Shapes {
			shapes = append(shapes, sh.Name)
		}
		var wantCodecs, wantInputs, wantShapes []string
		for _, im := range registry.All() {
			wantCodecs = append(wantCodecs, im.Name)
		}
		for _, bi := range datasets.Builtins() {
			wantInputs = append(wantInputs, bi.Name)
		}
		for _, sh := range datasets.Shapes() {
			wantShapes = append(wantShapes, sh.Name)
		}
		if !slices.Equal(codecs, wantCodecs) || !slices.Equal(inputs, wantInputs) || !slices.Equal(shapes, wantShapes) {
			t.Errorf("%v: codecs %v, inputs %v, shapes %v; want %v, %v, %v", args, codecs, inputs, shapes, wantCodecs, wantInputs, wantShapes)
		}
		goccy, ok := l.Codec("goccy")
		if !ok || goccy.Module != "github.com/goccy/go-json" || !strings.HasPrefix(goccy.Version, "v0.") {
			t.Errorf("%v: goccy is listed as %+v", args, goccy)
		}
		if optdec, _ := l.Codec("sonic-optdec"); !slices.Equal(optdec.Env, []string{"SONIC_USE_OPTDEC=1"}) {
			t.Errorf("%v: sonic-optdec's process settings are %v", args, optdec.Env)
		}
	}
}

func TestListJSONTakesNoFile(t *testing.T) {
	t.Parallel()
	_, stderr, code := runBinary(t, "-list", "-json", "out.json")
	if want := "pingpong: -list -json out.json: the listing goes to stdout; give -json no file\n"; code != 2 || stderr != want {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
}

// -list gives each built-in input's size as a run generates it, the
// size its header shows, and its codecs' columns line up, whatever the
// longest name.
func TestListTextSizesAndColumns(t *testing.T) {
	var b strings.Builder
	if err := listText(&b, datasets.DefaultSeed); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, bi := range datasets.Builtins() {
		data, err := datasets.Generate(bi.Name, datasets.DefaultSeed)
		if err != nil {
			t.Fatal(err)
		}
		if want := format.Size(float64(len(data))) + "  " + bi.Desc; !strings.Contains(text, want) {
			t.Errorf("-list lacks %s's generated size %q:\n%s", bi.Name, want, text)
		}
	}
	codecs, _, _ := strings.Cut(strings.TrimPrefix(text, "codecs:\n"), "\n\n")
	column := -1
	for _, line := range strings.Split(codecs, "\n") {
		name := strings.Fields(line)[0]
		at := strings.Index(line[2+len(name):], strings.Fields(line)[1]) + 2 + len(name)
		if column == -1 {
			column = at
		} else if at != column {
			t.Errorf("%s's version starts at column %d, the others' at %d:\n%s", name, at, column, codecs)
		}
	}
}
