package compare

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

func TestCompareOutcomes(t *testing.T) {
	old, new := resultstest.CompareRuns(5)
	c := match(old, new, nil)
	outcomes := map[string]string{}
	for _, s := range c.Scenarios {
		outcomes[s.Key.Codec+"/"+strconv.Itoa(s.Key.Pairs)] = s.outcome()
	}
	for key, want := range map[string]string{
		"std/1": "improved", "std/2": "improved",
		"sonic/1": "regressed", "sonic/2": "regressed",
		"goccy/2": "~", "goccy/1": "not measured",
		"baseline/1": "not judged (baseline is the harness)",
	} {
		if outcomes[key] != want {
			t.Errorf("%s: outcome %q, want %q", key, outcomes[key], want)
		}
	}
	if len(c.OnlyOld) != 1 || c.OnlyOld[0].Codec != "baseline" || c.OnlyOld[0].Pairs != 2 {
		t.Errorf("only in old: %v, want baseline 2x", c.OnlyOld)
	}
	if len(c.OnlyNew) != 1 || c.OnlyNew[0].Codec != "jsonv2" {
		t.Errorf("only in new: %v, want jsonv2 1x", c.OnlyNew)
	}
	for _, s := range c.Scenarios {
		if s.Key.Codec != "std" || s.Key.Pairs != 1 {
			continue
		}
		for _, ch := range s.Changes {
			if ch.Metric == "p50" && (deltaPct(ch.Old, ch.New) > -19 || deltaPct(ch.Old, ch.New) < -21 || !ch.Significant || ch.Test.P > 0.05) {
				t.Errorf("std 1x p50: delta %.2f%% p=%.3f significant %v, want about -20%%, p <= 0.05", deltaPct(ch.Old, ch.New), ch.Test.P, ch.Significant)
			}
		}
	}
}

func TestCompareWithoutRepeatsGivesNoSignificance(t *testing.T) {
	old, new := resultstest.CompareRuns(1)
	c := match(old, new, nil)
	for _, s := range c.Scenarios {
		if v := s.outcome(); v != "untested" && v != "not measured" && !s.Harness {
			t.Errorf("%s: outcome %q with 1 repeat a side, want untested", s.Key.Name(), v)
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
	resultstest.Golden(t, "compare-1", b.Bytes())
}

// Compare and the gate share one rule of when a difference counts as
// tested: 3 repeats a side can never reach alpha 0.05 (the smallest p is
// 0.1), so neither tests them; 3 against 5 can, and both do.
func TestCompareAndGateTestFromTheSameRepeats(t *testing.T) {
	g, err := ParseGate("p99>+10%")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		oldN, newN int
		tested     bool
	}{{3, 3, false}, {3, 5, true}, {4, 4, true}} {
		old, _ := resultstest.CompareRuns(tc.oldN)
		_, new := resultstest.CompareRuns(tc.newN)
		var b bytes.Buffer
		rep, err := WriteGatedComparison(&b, "old.json", "new.json", old, new, g)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range match(old, new, nil).Scenarios {
			if v := s.outcome(); (v == "untested") == tc.tested && v != "not measured" && !s.Harness {
				t.Errorf("%d against %d repeats: %s: compare's outcome %q, tested %v", tc.oldN, tc.newN, s.Key.Label(), v, tc.tested)
			}
		}
		for _, v := range rep.Scenarios {
			for _, c := range v.Checks {
				if c.judged() && c.Tested != tc.tested {
					t.Errorf("%d against %d repeats: %s: the gate tested %v, want %v", tc.oldN, tc.newN, v.Name, c.Tested, tc.tested)
				}
			}
		}
		if !tc.tested && !strings.Contains(b.String(), "too few for the test to reach alpha (4 a side can") {
			t.Errorf("%d against %d repeats: compare does not say why it cannot test:\n%s", tc.oldN, tc.newN, b.String())
		}
	}
}

// TestCompareFilesGolden goes through files, as `pingpong compare` does.
func TestCompareFilesGolden(t *testing.T) {
	old, new := resultstest.CompareRuns(5)
	dir := t.TempDir()
	read := func(name string, run *results.Run) *results.Run {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := results.WriteJSON(f, run); err != nil {
			t.Fatal(err)
		}
		f.Close()
		f, err = os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		back, err := results.ReadJSON(f)
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
	resultstest.Golden(t, "compare", b.Bytes())
}

// A repeat that ended in error is no sample, even with the round trips it
// completed before it failed: compare leaves it out.
func TestCompareLeavesErroredRepeatsOut(t *testing.T) {
	old, new := resultstest.CompareRuns(5)
	var good []float64
	for i := range new.Results {
		r := &new.Results[i]
		if r.Codec != "std" || r.Pairs != 1 {
			continue
		}
		if r.Repeat == 2 {
			r.Err = "echo decode: boom" // failed mid-window, after 100 round trips
			r.N, r.Latency.N, r.Latency.P50 = 100, 100, time.Hour
			continue
		}
		good = append(good, float64(r.Latency.P50))
	}
	for _, s := range match(old, new, nil).Scenarios {
		if s.Key.Codec != "std" || s.Key.Pairs != 1 {
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

// gatedComparison prints `pingpong compare -fail expr` of old and new,
// checks it against testdata/NAME.golden and returns it with whether the
// gate failed, which is compare's exit status 1.
func gatedComparison(t *testing.T, name, expr string, old, new *results.Run) (string, bool) {
	t.Helper()
	g, err := ParseGate(expr)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	rep, err := WriteGatedComparison(&b, "old.json", "new.json", old, new, g)
	if err != nil {
		t.Fatal(err)
	}
	resultstest.Golden(t, name, b.Bytes())
	return b.String(), rep.Failed()
}

// only keeps codec's results of run, so that a golden file shows the one
// codec a test is about.
func only(run *results.Run, codec string) *results.Run {
	out := *run
	out.Results = nil
	for _, r := range run.Results {
		if r.Codec == codec {
			out.Results = append(out.Results, r)
		}
	}
	return &out
}

// stdSlower is sampleRun's std alone, as it is and f times slower.
func stdSlower(f float64) (base, slower *results.Run) {
	base, slower = only(resultstest.SampleRun(), "std"), only(resultstest.SampleRun(), "std")
	resultstest.Scaled(slower, "std", f)
	return base, slower
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// noisy marks repeat rep of codec's pairs-pair scenario as run on a noisy
// machine.
func noisy(run *results.Run, codec string, pairs, rep int, others float64) {
	for i := range run.Results {
		if r := &run.Results[i]; r.Codec == codec && r.Pairs == pairs && r.Repeat == rep {
			r.Noise = &latency.Noise{Window: r.Window, OthersCores: others, Cores: 2}
		}
	}
}

// Sonic regressed by 30% with no overlap between repeats: significant, so
// the gate fails. The rest of compareRuns' scenarios show what the gate
// does not judge, and noisy repeats are marked in both sections.
func TestCompareFailSignificantRegression(t *testing.T) {
	old, new := resultstest.CompareRuns(5)
	new.Env.LoadAverage = &[3]float64{3.51, 2.0, 1.77}
	noisy(new, "sonic", 1, 3, 0.37)
	noisy(old, "goccy", 2, 0, 0.25)
	noisy(old, "goccy", 2, 4, 0.52)
	out, failed := gatedComparison(t, "compare-fail-significant", "p95>+10%,rt/s<-5%", old, new)
	if !failed {
		t.Error("the gate passed a significant 30% regression")
	}
	if want := "REGRESSION: 2 of 7 scenarios (p95 +30%, rt/s -23.1% in citm-catalog sonic 1x encdec (procs 2) [noisy]; p95 +30%, rt/s -23.2% in citm-catalog sonic 2x encdec (procs 2))"; lastLine(out) != want {
		t.Errorf("last line\n  %s\nwant\n  %s", lastLine(out), want)
	}
	for _, want := range []string{
		"citm-catalog sonic 1x encdec (procs 2): regressed [noisy]\n",
		"  machine noisy in 1 of 5 new repeats, worst NOISY (others 37% of a core)\n",
		"citm-catalog goccy 2x encdec (procs 2): ~ [noisy]\n",
		"  machine noisy in 2 of 5 old repeats, worst NOISY (others 52% of a core)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the comparison lacks %q", want)
		}
	}
}

// std's p99 rose 15%, beyond the 10% allowed, but its repeats spread over
// old's: not significant, so reported with ~ and passed.
func TestCompareFailInsignificantRegression(t *testing.T) {
	base, slower := stdSlower(1.15)
	out, failed := gatedComparison(t, "compare-fail-insignificant", "p99>+10%", resultstest.Repeated(base, 5, 0.2), resultstest.Repeated(slower, 5, 0.2))
	if failed {
		t.Error("the gate failed on a change that is not significant")
	}
	if !strings.Contains(out, "  ~    citm-catalog std 1x encdec (procs 2): p99 +15% (limit +10%, not significant: p=") {
		t.Errorf("the change beyond the limit is not reported as not significant:\n%s", out)
	}
}

// Two repeats a side: no U test can reach alpha, so the medians decide,
// and the gate says so.
func TestCompareFailOnMediansWithFewRepeats(t *testing.T) {
	base, slower := stdSlower(1.3)
	out, failed := gatedComparison(t, "compare-fail-medians", "p99>+10%,rt/s<-5%", resultstest.Repeated(base, 2, 0.02), resultstest.Repeated(slower, 2, 0.02))
	if !failed {
		t.Error("the gate passed a 30% regression of the medians")
	}
	if !strings.Contains(out, "  note: 2 of 2 scenarios judged on medians alone: too few repeats for a Mann-Whitney U test to reach alpha 0.05 (4 a side can)\n") {
		t.Errorf("the output does not say the medians alone decided:\n%s", out)
	}
}

func TestCompareFailNoChange(t *testing.T) {
	run := resultstest.Repeated(only(resultstest.SampleRun(), "std"), 5, 0.02)
	out, failed := gatedComparison(t, "compare-fail-nochange", "p99>+10%,rt/s<-5%,MB/s<-5%", run, run)
	if failed || lastLine(out) != "ok: no regression beyond -fail" {
		t.Errorf("no change failed the gate:\n%s", out)
	}
}

// Two runs of -batch 1,10 compare batch for batch, each under a heading of
// its own.
func TestCompareHeadsEachBatchSize(t *testing.T) {
	batched := func() *results.Run {
		run := resultstest.SampleRun()
		var rs []results.Result
		for _, r := range run.Results {
			if r.Codec != "std" {
				continue
			}
			for _, batch := range []int{1, 10} {
				r.Batch = batch
				rs = append(rs, r)
			}
		}
		run.Results = rs
		return run
	}
	var b bytes.Buffer
	if err := WriteComparison(&b, "old.json", "new.json", batched(), batched()); err != nil {
		t.Fatal(err)
	}
	var heads []string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(l, "citm-catalog std 1x") {
			heads = append(heads, l)
		}
	}
	want := []string{"citm-catalog std 1x encdec (procs 2): untested", "citm-catalog std 1x encdec batch=10 (procs 2): untested"}
	if !slices.Equal(heads, want) {
		t.Errorf("headings of std 1x:\n%q\nwant\n%q", heads, want)
	}
}
