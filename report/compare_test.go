package report

import (
	"bytes"
	"os"
	"path/filepath"
	"pingpong/latency"
	"pingpong/results"
	"strconv"
	"strings"
	"testing"
	"time"
)

// scaled makes impl's results slower (latency times f) and proportionally
// rarer, as a codec that changed would be.
func scaled(run *results.Run, impl string, f float64) {
	for i := range run.Results {
		r := &run.Results[i]
		if r.Impl != impl {
			continue
		}
		r.N = int64(float64(r.N) / f)
		r.Bytes = int64(float64(r.Bytes) / f)
		l := &r.Latency
		for _, d := range []*time.Duration{&l.Min, &l.Mean, &l.P50, &l.P95, &l.P99, &l.P999, &l.Max} {
			*d = time.Duration(float64(*d) * f)
		}
	}
}

// compareRuns is a hand-made pair: std improved, sonic (new version)
// regressed, goccy unchanged, baseline's 2x missing from the new run, and
// jsonv2 new in it.
func compareRuns(count int) (old, new *results.Run) {
	old = repeated(sampleRun(), count, 0.02)
	base := sampleRun()
	scaled(base, "std", 0.8)
	scaled(base, "sonic", 1.3)
	var kept []results.Result
	for _, r := range base.Results {
		if r.Impl == "baseline" && r.Pairs == 2 {
			continue
		}
		kept = append(kept, r)
	}
	j := base.Results[2] // sonic 1x
	j.Impl = "jsonv2"
	base.Results = append(kept, j)
	base.Impls[1].Version = "v1.16.0"
	new = repeated(base, count, 0.02)
	return old, new
}

func TestCompareVerdicts(t *testing.T) {
	old, new := compareRuns(5)
	c := compare(old, new)
	verdicts := map[string]string{}
	for _, s := range c.Scenarios {
		verdicts[s.Key.Impl+"/"+strconv.Itoa(s.Key.Pairs)] = s.verdict()
	}
	for key, want := range map[string]string{
		"std/1": "improved", "std/2": "improved",
		"sonic/1": "regressed", "sonic/2": "regressed",
		"goccy/2": "~", "goccy/1": "not measured",
		"baseline/1": "~",
	} {
		if verdicts[key] != want {
			t.Errorf("%s: verdict %q, want %q", key, verdicts[key], want)
		}
	}
	if len(c.OnlyOld) != 1 || c.OnlyOld[0].Impl != "baseline" || c.OnlyOld[0].Pairs != 2 {
		t.Errorf("only in old: %v, want baseline 2x", c.OnlyOld)
	}
	if len(c.OnlyNew) != 1 || c.OnlyNew[0].Impl != "jsonv2" {
		t.Errorf("only in new: %v, want jsonv2 1x", c.OnlyNew)
	}
	for _, s := range c.Scenarios {
		if s.Key.Impl != "std" || s.Key.Pairs != 1 {
			continue
		}
		for _, ch := range s.Changes {
			if ch.Metric == "p50" && (ch.deltaPct() > -19 || ch.deltaPct() < -21 || !ch.Significant || ch.P > 0.05) {
				t.Errorf("std 1x p50: delta %.2f%% p=%.3f significant %v, want about -20%%, p <= 0.05", ch.deltaPct(), ch.P, ch.Significant)
			}
		}
	}
}

func TestCompareWithoutRepeatsGivesNoSignificance(t *testing.T) {
	old, new := compareRuns(1)
	c := compare(old, new)
	for _, s := range c.Scenarios {
		if v := s.verdict(); v != "untested" && v != "not measured" {
			t.Errorf("%s: verdict %q with 1 repeat a side, want untested", s.Key.Name(), v)
		}
		for _, ch := range s.Changes {
			if ch.Tested || ch.Significant {
				t.Errorf("%s %s: tested with 1 repeat a side", s.Key.Name(), ch.Metric)
			}
		}
	}
	var b bytes.Buffer
	if err := WriteComparison(&b, "old.json", "new.json", old, new); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "no significance can be given") {
		t.Errorf("output does not say that no significance can be given:\n%s", b.String())
	}
	golden(t, "compare-1", b.Bytes())
}

func TestCompareWarnsWhenRepeatsCannotReachSignificance(t *testing.T) {
	old, new := compareRuns(3)
	c := compare(old, new)
	var b bytes.Buffer
	if err := WriteComparison(&b, "old.json", "new.json", old, new); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "note: need >= 4 samples") {
		t.Errorf("3 repeats a side can never be significant at 0.05, and the output must say so:\n%s", b.String())
	}
	for _, s := range c.Scenarios {
		if v := s.verdict(); v != "~" && v != "not measured" {
			t.Errorf("%s: verdict %q with 3 repeats a side (smallest p is 0.1)", s.Key.Name(), v)
		}
	}
}

// TestCompareFilesGolden goes through files, as `pingpong compare` does.
func TestCompareFilesGolden(t *testing.T) {
	old, new := compareRuns(5)
	dir := t.TempDir()
	read := func(name string, run *results.Run) *results.Run {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := WriteJSON(f, run); err != nil {
			t.Fatal(err)
		}
		f.Close()
		f, err = os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		back, err := ReadJSON(f)
		if err != nil {
			t.Fatal(err)
		}
		return back
	}
	old, new = read("old.json", old), read("new.json", new)
	var b bytes.Buffer
	if err := WriteComparison(&b, "old.json", "new.json", old, new); err != nil {
		t.Fatal(err)
	}
	golden(t, "compare", b.Bytes())
}

// A repeat that ended in error is no sample, even with the round trips it
// completed before it failed: compare leaves it out.
func TestCompareLeavesErroredRepeatsOut(t *testing.T) {
	old, new := compareRuns(5)
	var good []float64
	for i := range new.Results {
		r := &new.Results[i]
		if r.Impl != "std" || r.Pairs != 1 {
			continue
		}
		if r.Repeat == 2 {
			r.Err = "echo decode: boom" // failed mid-window, after 100 round trips
			r.N, r.Latency.N, r.Latency.P50 = 100, 100, time.Hour
			continue
		}
		good = append(good, float64(r.Latency.P50))
	}
	for _, s := range compare(old, new).Scenarios {
		if s.Key.Impl != "std" || s.Key.Pairs != 1 {
			continue
		}
		if s.NewRepeats != 4 || s.NewErr != "echo decode: boom" {
			t.Errorf("new repeats %d, error %q; want 4 and the failed repeat's error", s.NewRepeats, s.NewErr)
		}
		for _, ch := range s.Changes {
			if ch.Metric == "p50" && ch.New != latency.Median(good) {
				t.Errorf("new p50 median %v, want %v, that of the repeats without error", time.Duration(ch.New), time.Duration(latency.Median(good)))
			}
		}
		return
	}
	t.Fatal("no std 1x scenario")
}
