package verdict

import (
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// The answer names the slowest first call, and the coldest one with its
// remedy; a warm-up that leaves the first call over 3x steady does not
// remedy it; control is never named.
func TestColdAnswer(t *testing.T) {
	ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	sample := resultstest.ColdSample
	warmed := func(w, first float64) results.ColdSample { s := sample(first, 1.9); s.WarmUp = ms(w); return s }
	run := &results.ColdRun{Codecs: []results.ColdCodec{
		{Name: "std", Samples: []results.ColdSample{sample(14, 13), sample(16, 13), sample(15, 12)}},
		{Name: "sonic", WarmUp: "sonic.Pretouch", Samples: []results.ColdSample{sample(9.8, 1.9), sample(9.2, 2), sample(12, 1.8)},
			Warmed: []results.ColdSample{warmed(12, 0.2), warmed(11, 0.3), warmed(14, 0.2)}},
		{Name: results.Control, Reference: true, Samples: []results.ColdSample{sample(100, 1)}},
	}}
	got := strings.Join(ColdAnswer(run), "\n")
	for _, want := range []string{"slowest first call: std first decode 15.0ms (1.2x its steady 13.0ms)",
		"coldest: sonic first decode 9.8ms, 7.9ms over its steady 1.9ms; after sonic.Pretouch (12.0ms) 200us: remedies it"} {
		if !strings.Contains(got, want) {
			t.Errorf("answer lacks %q:\n%s", want, got)
		}
	}
	if !strings.Contains(got, "freezes: no stops of the world were forced") {
		t.Errorf("freezes without stops:\n%s", got)
	}
	run.Codecs[2].Samples[0].Decode.Stops.Longest = ms(0.05)
	for i := range run.Codecs[1].Samples {
		run.Codecs[1].Samples[i].Decode.Stops.Longest = ms(0.1)
	}
	if got := strings.Join(ColdAnswer(run), "\n"); !strings.Contains(got, "freezes: no first call held a stop of the world over 1.0ms and 3x control's (the longest: sonic's first decode, 100us; control 50us)") {
		t.Errorf("a 100us stop against control's 50us:\n%s", got)
	}
	for i := range run.Codecs[1].Samples {
		run.Codecs[1].Samples[i].Decode.Stops.Longest = ms(30)
	}
	if got := strings.Join(ColdAnswer(run), "\n"); !strings.Contains(got, "freezes: sonic's first decode held stops of the world up to 30.0ms (median of the processes; control 50us)") {
		t.Errorf("a 30ms stop against control's 50us:\n%s", got)
	}
	for i := range run.Codecs[1].Warmed {
		run.Codecs[1].Warmed[i].Decode.Time = ms(8)
	}
	if got := strings.Join(ColdAnswer(run), "\n"); !strings.Contains(got, "does not remedy it (over 3x steady)") {
		t.Errorf("a warm-up at 4x steady remedies:\n%s", got)
	}
	run.Codecs[1].WarmUp, run.Codecs[1].Warmed = "", nil
	if got := strings.Join(ColdAnswer(run), "\n"); !strings.Contains(got, "it has no warm-up API") {
		t.Errorf("no warm-up:\n%s", got)
	}
	if got := ColdAnswer(&results.ColdRun{}); !strings.Contains(got[1], "no codec completed") {
		t.Errorf("no samples: %q", got)
	}
}
