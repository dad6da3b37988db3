package report

import (
	"bytes"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
	"github.com/pingpong-bench/pingpong/verdict"
)

func TestSelfCheckGolden(t *testing.T) {
	ms := time.Millisecond
	reps := func(p50, single time.Duration) []results.SelfCheckRepeat {
		return []results.SelfCheckRepeat{{P50: p50, Single: single, Rate: 100}, {P50: p50 * 11 / 10, Single: single, Rate: 90}, {P50: p50 * 9 / 10, Single: single, Rate: 95}}
	}
	rs := []results.SelfCheckResult{
		{Input: "citm-catalog", Codec: "std", Repeats: reps(9500*time.Microsecond, 9*ms)},
		{Input: "citm-catalog", Codec: "sonic", Repeats: reps(3*ms, 2*ms)[:2]},
		{Input: "citm-catalog", Codec: "goccy", Err: "echo decode: boom"},
		{Input: "citm-catalog", Codec: "baseline", Reference: true, Repeats: reps(700, 10)},
	}
	for i := range rs {
		if len(rs[i].Repeats) > 0 {
			rs[i].SelfCheckFigures = verdict.SelfCheckFigures(rs[i].Repeats, rs[i].Reference, 450)
		}
	}
	run := &results.SelfCheckRun{
		Env:    resultstest.SampleRun().Env,
		Config: results.SelfCheckConfig{Codecs: []string{"std", "sonic", "goccy", "baseline"}, Count: 3, Duration: time.Second, Warmup: 250 * ms},
		Calibration: results.Calibration{Window: 300 * ms,
			Channel: latency.Summary{P50: 450, P99: 800}, Baseline: latency.Summary{P50: 500, P99: 900}},
		Inputs:  resultstest.SampleRun().Inputs,
		Results: rs,
	}
	var b bytes.Buffer
	if err := WriteSelfCheck(&b, run); err != nil {
		t.Fatal(err)
	}
	resultstest.Golden(t, "selfcheck", b.Bytes())
}
