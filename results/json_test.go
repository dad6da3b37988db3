package results

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
)

func TestResultJSONKeepsEveryHistogram(t *testing.T) {
	hist := func(vals ...time.Duration) *latency.Recorders {
		rs := latency.NewRecorders(1, 0)
		for _, v := range vals {
			rs.For(0).Record(v)
		}
		return rs
	}
	r := Result{Scenario: Scenario{Input: "x", Codec: "std", Mode: ModeEncdec, Pairs: 2, Procs: 2, Target: TargetAny}, N: 3}
	r.Hist = hist(1, 2, 3).Merged()
	r.ProbeHist = hist(time.Millisecond).Merged()
	r.UncorrectedHist = hist(5, 6).Merged()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Scenario != r.Scenario || back.N != r.N {
		t.Errorf("fields: %+v, want %+v", back.Scenario, r.Scenario)
	}
	for what, pair := range map[string][2]interface{ TotalCount() int64 }{
		"histogram": {r.Hist, back.Hist}, "probe": {r.ProbeHist, back.ProbeHist}, "uncorrected": {r.UncorrectedHist, back.UncorrectedHist},
	} {
		if pair[1] == nil || pair[0].TotalCount() != pair[1].TotalCount() {
			t.Errorf("%s histogram lost in JSON", what)
		}
	}
	if !r.Hist.Equals(back.Hist) || !r.UncorrectedHist.Equals(back.UncorrectedHist) {
		t.Error("histograms differ after a JSON round trip")
	}
}

// A file from before modes and targets existed still loads: its rows were
// ping-pongs into any.
func TestOldResultsLoadAsEncdecIntoAny(t *testing.T) {
	var r Result
	if err := json.Unmarshal([]byte(`{"input":"x","impl":"std","pairs":1,"procs":2,"n":5}`), &r); err != nil {
		t.Fatal(err)
	}
	if r.Mode != ModeEncdec || r.Target != TargetAny || !r.IsEncdec() {
		t.Errorf("mode %q target %q: want %q and %q", r.Mode, r.Target, ModeEncdec, TargetAny)
	}
	var idle Result
	if err := json.Unmarshal([]byte(`{"mode":"idle","n":5}`), &idle); err != nil {
		t.Fatal(err)
	}
	if idle.Target != "" || idle.IsEncdec() {
		t.Errorf("idle pass: target %q, encdec %v; want none", idle.Target, idle.IsEncdec())
	}
}
