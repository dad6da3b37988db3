package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/datasets"
)

// -list names every shape with its parameter, and the -input help says
// SHAPE:SIZE.
func TestListShowsShapes(t *testing.T) {
	t.Parallel()
	stdout, _, code := runBinary(t, "-list")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(stdout, "\nshapes (-input SHAPE:SIZE") {
		t.Errorf("-list has no shapes section:\n%s", stdout)
	}
	for _, sh := range datasets.Shapes() {
		spec := sh.Name
		if sh.Param != "" {
			spec += ":" + sh.Param
		}
		if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(spec) + `\s+\S`).MatchString(stdout) {
			t.Errorf("-list lacks the shape %s:\n%s", spec, stdout)
		}
	}
	help, _, _ := runBinary(t, "-h")
	if !strings.Contains(help, "SHAPE:SIZE") {
		t.Errorf("-h does not mention SHAPE:SIZE for -input:\n%s", help)
	}
}

// A shape's name, the size asked and the real size reach the results
// file, where the header and the by-size summary read them.
func TestShapeInputsRecordShapeAndSize(t *testing.T) {
	t.Parallel()
	_, run := measured(t, "-input", "long-string:2kB,long-string:4000,small-doc", "-impls", "baseline", "-levels", "1",
		"-duration", "50ms", "-warmup", "0s", "-probe", "0", "-stw", "0")
	var got []string
	for _, in := range run.Inputs {
		got = append(got, fmt.Sprintf("%s %s %s %d/%d", in.Name, in.Kind, in.Shape, in.AskedSize, in.Bytes))
	}
	want := "long-string:2kB shape long-string 2000/2000; long-string:4kB shape long-string 4000/4000; small-doc shape small-doc 0/1000"
	if strings.Join(got, "; ") != want {
		t.Errorf("inputs %q\nwant %q", strings.Join(got, "; "), want)
	}
}
