package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// keysOf are a run's scenarios, in order.
func keysOf(run *results.Run) []results.Key {
	_, keys := results.GroupByKey(run.Results)
	return keys
}

// A rerun of a run on a built-in input measures the same scenarios again,
// into a file compare reads against the original.
func TestRerunReproducesScenarios(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.json")
	_, stderr, code := runBinary(t, "-impls", "std", "-levels", "1", "-duration", "50ms", "-warmup", "20ms", "-input", "twitter", "-count", "2", "-json", old)
	if code != 0 {
		t.Fatalf("first run: exit %d: %s", code, stderr)
	}
	stdout, stderr, code := runBinary(t, "rerun", old)
	if code != 0 {
		t.Fatalf("rerun: exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(stdout, "pingpong rerun of "+old+"\n  testbed: the same, ") || !strings.Contains(stdout, "codec versions: the same") {
		t.Errorf("rerun does not say up front what differs:\n%s", stdout)
	}
	rerun := filepath.Join(dir, "old.rerun.json")
	was, now := readRun(t, old), readRun(t, rerun)
	if !slices.Equal(keysOf(was), keysOf(now)) || now.Config.Repeats() != 2 || now.Config.Duration != was.Config.Duration {
		t.Errorf("rerun measured %v (%d repeats, %v), want %v (%d, %v)", keysOf(now), now.Config.Repeats(), now.Config.Duration,
			keysOf(was), was.Config.Repeats(), was.Config.Duration)
	}
	out, stderr, code := runBinary(t, "compare", old, rerun)
	if code != 0 || !strings.Contains(out, "twitter std 1x encdec") {
		t.Errorf("compare of the original and the rerun: exit %d: %s\n%s", code, stderr, out)
	}
}

// A file whose input is no longer the document measured, or cannot be
// read again, is refused in one line before anything is measured.
func TestRerunRefuses(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "doc.json")
	if err := os.WriteFile(input, []byte(`{"a":[1,2,3]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := resultstest.SampleRun()
	changed.Inputs = []results.InputInfo{{Name: "doc", Kind: "file", Path: input, Bytes: 13, SHA256: "00112233445566778899"}}
	stdin := resultstest.SampleRun()
	stdin.Inputs = []results.InputInfo{{Name: "stdin", Kind: "stdin", SHA256: "00"}}
	merged, err := results.Merge(resultstest.SampleRun(), resultstest.OnArm64(resultstest.SampleRun()))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		run  *results.Run
		want string
	}{
		{changed, "input doc (" + input + ") no longer matches: sha256"},
		{stdin, "input stdin was read from standard input"},
		{merged, "merged from 2 testbeds"},
	} {
		path := saveRun(t, dir, "old.json", c.run)
		var stdout, stderr bytes.Buffer
		code := run([]string{"rerun", path}, &stdout, &stderr)
		if code != 2 || strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("exit %d, stderr %q; want 2 and one line with %q", code, stderr.String(), c.want)
		}
		if _, err := os.Stat(filepath.Join(dir, "old.rerun.json")); err == nil {
			t.Errorf("%s: a refused rerun wrote a file", c.want)
		}
	}
}

// A file input recorded by a relative path is read again beside the
// results file (the run was made there, or both moved together), not from
// wherever rerun is started.
func TestRerunFindsFileInputsBesideTheResults(t *testing.T) {
	dir := t.TempDir()
	doc := []byte(`{"a":[1,2,3]}`)
	mkdir(t, filepath.Join(dir, "data"))
	write(t, filepath.Join(dir, "data", "doc.json"), string(doc))
	write(t, filepath.Join(dir, "moved.json"), string(doc))
	in, err := datasets.Load(filepath.Join(dir, "moved.json"), 1)
	if err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(dir, "old.json")
	for _, c := range []struct{ recorded, want string }{
		{"data/doc.json", filepath.Join(dir, "data", "doc.json")},  // the run was made in dir
		{"elsewhere/moved.json", filepath.Join(dir, "moved.json")}, // the input moved with the results
	} {
		old := resultstest.SampleRun()
		old.Inputs = []results.InputInfo{{Name: "doc", Kind: "file", Path: c.recorded, Bytes: len(doc), SHA256: in.SHA256}}
		got, err := rerunInputs(saved, old)
		if err != nil || got != c.want {
			t.Errorf("recorded %s: -input %q, %v; want %q", c.recorded, got, err, c.want)
		}
	}
	// and so is the source of a document grown from a file
	source := filepath.Join(dir, "data", "doc.json")
	grown, err := datasets.Load("grow:"+source+":2kB", 1)
	if err != nil {
		t.Fatal(err)
	}
	old := resultstest.SampleRun()
	old.Inputs = []results.InputInfo{{Name: "grow:data/doc.json:2kB", Kind: "grown file", Path: "data/doc.json", Bytes: len(grown.Data), SHA256: grown.SHA256}}
	if got, err := rerunInputs(saved, old); err != nil || got != "grow:"+source+":2kB" {
		t.Errorf("grown from data/doc.json: -input %q, %v; want its source beside the results", got, err)
	}
}
