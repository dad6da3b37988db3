package report_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// trackedRun is the sample run repeated count times, every row with the
// stop-the-world probe's and the runtime's figures, each repeat's
// different.
func trackedRun(count int) *results.Run {
	run := resultstest.Repeated(resultstest.SampleRun(), count, 0.05)
	for i := range run.Results {
		r := &run.Results[i]
		f := time.Duration(r.Repeat + 1)
		r.STW = &latency.Summary{N: 200, P50: 50 * time.Microsecond, P99: f * time.Millisecond}
		r.STWWaited = f * 10 * time.Millisecond
		r.Runtime = &latency.Runtime{}
		r.AllocsPerOp = float64(10 * f)
	}
	return run
}

// measuredScenarios are the sample run's scenarios that measured
// something, by their testbed-free names: goccy 1x failed.
var measuredScenarios = []string{
	"input=citm-catalog/impl=std/level=1", "input=citm-catalog/impl=std/level=N",
	"input=citm-catalog/impl=sonic/level=1", "input=citm-catalog/impl=sonic/level=N",
	"input=citm-catalog/impl=goccy/level=N",
	"input=citm-catalog/impl=baseline/level=1", "input=citm-catalog/impl=baseline/level=N",
}

var bmfMeasures = []string{"round-trips-per-second", "latency-p50", "latency-p99", "stw-p99", "stw-waiting-share", "allocs-per-round-trip"}

// bencherMetric is a measure as Bencher's BMF JSON schema documents it
// (https://bencher.dev/bmf.json): value required, lower_value and
// upper_value optional, nothing else.
type bencherMetric struct {
	Value      *float64 `json:"value"`
	LowerValue *float64 `json:"lower_value"`
	UpperValue *float64 `json:"upper_value"`
}

func decodeStrict(t *testing.T, data []byte, v any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%v in:\n%s", err, data)
	}
}

func TestBMFHasEveryScenarioAndMeasure(t *testing.T) {
	for _, count := range []int{1, 3} {
		var b bytes.Buffer
		if err := report.WriteBMF(&b, trackedRun(count)); err != nil {
			t.Fatal(err)
		}
		if count > 1 {
			resultstest.Golden(t, "bmf", b.Bytes())
		}
		var doc map[string]map[string]bencherMetric
		decodeStrict(t, b.Bytes(), &doc)
		if len(doc) != len(measuredScenarios) {
			t.Errorf("count %d: %d benchmarks, want %d", count, len(doc), len(measuredScenarios))
		}
		for _, name := range measuredScenarios {
			for _, slug := range bmfMeasures {
				m, ok := doc[name][slug]
				switch {
				case !ok || m.Value == nil:
					t.Errorf("count %d: %s has no %s value", count, name, slug)
				case count == 1 && (m.LowerValue != nil || m.UpperValue != nil):
					t.Errorf("count 1: %s %s has bounds without repeats", name, slug)
				case count > 1 && (m.LowerValue == nil || m.UpperValue == nil || *m.LowerValue > *m.Value || *m.Value > *m.UpperValue || *m.LowerValue == *m.UpperValue):
					t.Errorf("count %d: %s %s: want lower < value < upper from the repeats, got %+v", count, name, slug, m)
				}
			}
		}
		if p99 := *doc["input=citm-catalog/impl=std/level=1"]["latency-p99"].Value; p99 != float64(19*time.Millisecond) {
			t.Errorf("std 1x p99 %v ns, want the median of the repeats, 19ms", p99)
		}
	}
}

func TestGABHasEveryScenarioAndMeasure(t *testing.T) {
	run := trackedRun(3)
	for _, c := range []struct {
		golden   string
		write    func(*bytes.Buffer) error
		measures []string
	}{
		{"gab-smaller", func(b *bytes.Buffer) error { return report.WriteGABSmaller(b, run) }, []string{"p50", "p99", "stw p99", "stw waiting share", "allocs/round trip"}},
		{"gab-bigger", func(b *bytes.Buffer) error { return report.WriteGABBigger(b, run) }, []string{"round trips/s"}},
	} {
		var b bytes.Buffer
		if err := c.write(&b); err != nil {
			t.Fatal(err)
		}
		resultstest.Golden(t, c.golden, b.Bytes())
		// The shape github-action-benchmark's custom tools document.
		var entries []struct {
			Name  string  `json:"name"`
			Unit  string  `json:"unit"`
			Value float64 `json:"value"`
			Range string  `json:"range"`
			Extra string  `json:"extra"`
		}
		decodeStrict(t, b.Bytes(), &entries)
		names := map[string]bool{}
		for _, e := range entries {
			if names[e.Name] || e.Unit == "" || !strings.HasPrefix(e.Range, "± ") {
				t.Errorf("entry %+v: duplicate, or without unit or range", e)
			}
			names[e.Name] = true
		}
		for _, s := range measuredScenarios {
			for _, m := range c.measures {
				if !names[s+" "+m] {
					t.Errorf("no entry %q", s+" "+m)
				}
			}
		}
		if len(entries) != len(measuredScenarios)*len(c.measures) {
			t.Errorf("%d entries, want %d", len(entries), len(measuredScenarios)*len(c.measures))
		}
	}
}

// Bencher and the action take one testbed's figures at a time: a file
// merged from two is refused, not pooled under one name.
func TestTrackedFormatsRefuseSeveralTestbeds(t *testing.T) {
	m, err := results.Merge(resultstest.SampleRun(), resultstest.OnArm64(resultstest.SampleRun()))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := report.WriteBMF(&b, m); err == nil || !strings.Contains(err.Error(), "2 testbeds") {
		t.Errorf("BMF of two testbeds: err %v", err)
	}
	if err := report.WriteGABSmaller(&b, m); err == nil {
		t.Error("github-action-benchmark JSON of two testbeds written")
	}
}
