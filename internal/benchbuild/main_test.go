package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
)

func listed(codecs ...string) *results.Listing {
	l := &results.Listing{Schema: results.ListingSchema, Inputs: []results.ListedInput{{Name: "canada"}, {Name: "github"}}}
	for _, c := range codecs {
		name, version, _ := strings.Cut(c, "@")
		l.Codecs = append(l.Codecs, results.ListedCodec{Name: name, Version: version})
	}
	return l
}

// The run's codecs: those asked for, or every build's (a codec of the
// second build alone included), the --add codecs joining either, and
// baseline, which the verdict needs, added to those asked for; the --type
// is its target.
func TestRunArgs(t *testing.T) {
	base, new := listed("std@go1", "goccy@v0.12.0", "oj@v1"), listed("std@go1", "goccy@v0.10.5", "stdv2@go1", "oj@v1")
	parts := []*part{{flag: "--add", name: "oj"}, {flag: "--type", typ: "Order", pkgName: "shop"}}
	for _, c := range []struct {
		r    request
		want []string
	}{
		{request{}, []string{"-impls", "std,goccy,oj,stdv2", "-input", "citm-catalog", "-target", "shop.Order"}},
		{request{compare: "goccy, std,goccy", inputs: []string{"github", "x.json"}}, []string{"-impls", "goccy,std,oj,control,baseline", "-input", "github,x.json", "-target", "shop.Order"}},
		{request{compare: "baseline,std"}, []string{"-impls", "control,baseline,std,oj", "-input", "citm-catalog", "-target", "shop.Order"}},
		{request{allInputs: true}, []string{"-impls", "std,goccy,oj,stdv2", "-input", "canada,github", "-target", "shop.Order"}},
	} {
		got, err := c.r.runArgs(base, new, parts)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%+v: got %q, %v; want %q", c.r, got, err, c.want)
		}
	}
	data := t.TempDir()
	t.Setenv("PINGPONG_DATA", data)
	if _, err := (request{allInputs: true}).runArgs(base, nil, nil); err == nil || err.Error() != "--data "+data+": no *.json files in it" {
		t.Errorf("--all-inputs in an empty --data: %v", err)
	}
	os.WriteFile(filepath.Join(data, "a.json"), []byte("{}"), 0o644)
	if got, _ := (request{allInputs: true}).runArgs(base, nil, nil); got[3] != filepath.Join(data, "a.json") {
		t.Errorf("--all-inputs in --data: %q", got)
	}
}

// Builds asked to differ in nothing but an experiment say so on each line;
// builds that do not differ at all get the note that only noise follows.
func TestHeaderNamesEachBuild(t *testing.T) {
	b := &builder{request: request{root: "../..", dir: t.TempDir(), goexperiment: "jsonv2"}, baseSrc: "../.."}
	base, new := listed("std@go1", "goccy@v0.12.0"), listed("std@go1", "goccy@v0.10.5")
	got := b.header(base, new)
	lines := strings.Split(strings.TrimSpace(got), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "== base: go1.") || !strings.HasSuffix(lines[0], " [goccy@v0.12.0]") ||
		!strings.Contains(lines[1], " GOEXPERIMENT=jsonv2 [goccy@v0.10.5]") {
		t.Errorf("header:\n%s", got)
	}
	b.goexperiment = ""
	if got := b.header(base, base); !strings.Contains(got, "both builds have the same codec versions") {
		t.Errorf("header of two same builds:\n%s", got)
	}
}

// A --fail EXPR is refused before any build, in pingpong compare's words
// with the script's flag.
func TestCheckGate(t *testing.T) {
	if err := checkGate("p99>+10%,rt/s<-5%"); err != nil {
		t.Errorf("a good gate: %v", err)
	}
	err := checkGate("p99>10%")
	if want := `--fail "p99>10%": missing sign; use METRIC>+N% or METRIC<-N%`; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v, want a usage error starting %q", err, want)
	}
	if exitCode(err, io.Discard) != 2 {
		t.Errorf("%v: not a usage error", err)
	}
}

// A checkout whose go.mod needs a newer Go is told before any build.
func TestCheckoutNeedsGo(t *testing.T) {
	dir := t.TempDir()
	for goLine, want := range map[string]string{"go 1.99\n": "1.99", "go 1.12\n": "", "go 1.99.1 // the future\n": "1.99.1", "": ""} {
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\n"+goLine), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := checkoutNeedsGo(dir); got != want {
			t.Errorf("go.mod with %q: needs %q, want %q", goLine, got, want)
		}
	}
}
