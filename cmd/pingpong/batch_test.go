package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A bad -batch is one line naming -batch and the accepted form, exit 2,
// nothing printed or written: a value that is no whole number of at least
// one, and a batch that would not fit in memory.
func TestBadBatchExits2WithOneLine(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.json")
	for _, c := range []struct {
		name string
		args []string
	}{
		{"zero", []string{"-batch", "0"}},
		{"negative", []string{"-batch", "-3"}},
		{"not a number", []string{"-batch", "ten"}},
		{"a fraction", []string{"-batch", "1.5"}},
		{"empty", []string{"-batch", ""}},
		{"zero in a list", []string{"-batch", "1,0,10"}},
		{"empty in a list", []string{"-batch", "1,,10"}},
		{"above the limit", []string{"-batch", "1000001"}},
		{"past int", []string{"-batch", "99999999999999999999"}},
		{"too large for memory", []string{"-input", "long-string:100MB", "-levels", "1", "-batch", "1,1000000"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"-json", out}, c.args...), &stdout, &stderr)
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("%s exists after a failed start (stat: %v); nothing may be written", out, err)
				os.Remove(out)
			}
			lines := strings.Split(strings.TrimRight(stderr.String(), "\n"), "\n")
			if code != 2 || len(lines) != 1 || !strings.HasPrefix(lines[0], "pingpong: ") ||
				!strings.Contains(lines[0], "-batch") || !strings.Contains(lines[0], batchForm) {
				t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line naming -batch and %q", c.args, code, stderr.String(), batchForm)
			}
			if stdout.Len() != 0 {
				t.Errorf("%v: printed to stdout before failing: %q", c.args, stdout.String())
			}
		})
	}
}

func TestBatchFlagValues(t *testing.T) {
	for _, c := range []struct {
		in      string
		batches []int // Config.Batches
		largest int
	}{
		{"1", nil, 1},
		{"1,1", nil, 1},
		{"10", []int{10}, 10},
		{"1, 10,100,10", []int{1, 10, 100}, 100},
		{"100,1", []int{100, 1}, 100},
	} {
		var b batchFlag
		if err := b.Set(c.in); err != nil {
			t.Errorf("-batch %q: %v", c.in, err)
			continue
		}
		if got := b.batches(); !slices.Equal(got, c.batches) || b.largest() != c.largest {
			t.Errorf("-batch %q: batches %v largest %d, want %v and %d", c.in, got, b.largest(), c.batches, c.largest)
		}
	}
	var unset batchFlag
	if unset.batches() != nil || unset.largest() != 1 {
		t.Errorf("no -batch: batches %v largest %d, want none and 1", unset.batches(), unset.largest())
	}
}

// -batch 1,10 runs each level once per batch size, each row labelled with
// its size and recorded with it; -batch 1 is a run without batches.
func TestBatchEndToEnd(t *testing.T) {
	t.Parallel()
	stdout, run := measured(t, "-input", "small-doc", "-batch", "1,10", "-levels", "1", "-impls", "std,baseline",
		"-duration", "100ms", "-warmup", "10ms", "-probe", "0", "-stw", "0")
	var got []string
	for _, r := range run.Results {
		if r.Err != "" || r.N == 0 {
			t.Errorf("%s %s: n=%d error %q", r.Codec, r.Label(), r.N, r.Err)
		}
		got = append(got, r.Codec+" "+r.Label())
	}
	want := []string{"std 1x encdec batch=1", "baseline 1x encdec batch=1", "std 1x encdec batch=10", "baseline 1x encdec batch=10"}
	if !slices.Equal(got, want) {
		t.Errorf("results %q, want %q", got, want)
	}
	if !slices.Equal(run.Config.Batches, []int{1, 10}) {
		t.Errorf("config batches %v, want [1 10]", run.Config.Batches)
	}
	if !strings.Contains(stdout, "\n  1x encdec batch=10 ") {
		t.Errorf("no row labelled with batch 10:\n%s", stdout)
	}

	_, r := measured(t, "-input", "tiny", "-batch", "1", "-levels", "1", "-impls", "baseline",
		"-duration", "50ms", "-warmup", "0s", "-probe", "0", "-stw", "0")
	if len(r.Config.Batches) != 0 || len(r.Results) != 1 || r.Results[0].Batch != 0 || r.Results[0].Label() != "1x encdec" {
		t.Errorf("-batch 1: batches %v, results %+v; want a run without batches", r.Config.Batches, r.Results)
	}
}
