package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/datasets"
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
		for _, im := range registry.Impls() {
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
