package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// sampleCold is a cold run made up: sonic slow on its first calls and
// remedied by Pretouch, std with no warm-up, control.
func sampleCold() *results.ColdRun {
	ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	sample := func(dec, enc, steadyDec, steadyEnc float64, stop float64) results.ColdSample {
		return results.ColdSample{
			Decode:       results.ColdCall{Time: ms(dec), Bytes: 1_200_000, Allocs: 3400, Stops: results.ColdStops{Count: 9, Longest: ms(stop), Sum: ms(3 * stop)}},
			Encode:       results.ColdCall{Time: ms(enc), Bytes: 1_800_000, Allocs: 12, Stops: results.ColdStops{Count: 3, Longest: ms(stop / 2), Sum: ms(stop)}},
			Decode2:      ms(steadyDec * 1.1),
			Encode2:      ms(steadyEnc * 1.2),
			SteadyDecode: results.ColdCall{Time: ms(steadyDec), Bytes: 900_000, Allocs: 3000},
			SteadyEncode: results.ColdCall{Time: ms(steadyEnc), Bytes: 1_700_000, Allocs: 2},
		}
	}
	warmed := func(w, dec, enc float64) results.ColdSample {
		s := sample(dec, enc, 1.9, 0.06, 0.1)
		s.WarmUp = ms(w)
		return s
	}
	run := &results.ColdRun{
		Env:    results.Environment{Cores: 2, GOMAXPROCS: 2},
		Input:  results.InputInfo{Name: "citm-catalog", Kind: "built-in", Seed: 1, Bytes: 1_760_000, SHA256: "b0133c547950ffff"},
		Target: results.TargetStruct, Type: "datasets.CITMCatalog", Processes: 3, Steady: 5, STW: time.Millisecond,
		FreshPages: &results.FreshPages{MB: 32, Fresh: ms(0.5), Touched: ms(0.06), Tries: 5},
		Codecs: []results.ColdCodec{
			{Name: "std", Version: "go1.26.8", Samples: []results.ColdSample{sample(14, 1.4, 13, 1.2, 0.2), sample(16, 1.5, 13, 1.2, 0.3), sample(15, 1.3, 12, 1.2, 0.2)}},
			{Name: "sonic", Version: "v1.15.5", WarmUp: "sonic.Pretouch",
				Samples: []results.ColdSample{sample(9.8, 3.1, 1.9, 0.06, 4), sample(9.2, 2.9, 2, 0.06, 3), sample(12, 4.7, 1.8, 0.07, 5)},
				Warmed:  []results.ColdSample{warmed(12, 0.2, 0.07), warmed(11, 0.3, 0.08), warmed(14, 0.2, 0.07)}},
			{Name: "segmentio", Version: "v0.3.5", Samples: []results.ColdSample{{Err: "worker died: signal: segmentation fault"}, sample(3, 1, 2, 0.5, 0.1), sample(3, 1, 2, 0.5, 0.1)}},
			{Name: results.Control, Version: "go1.26.8", Reference: true, Samples: []results.ColdSample{sample(13, 1.2, 13, 1.2, 0.05)}},
		},
	}
	return run
}

func TestColdGolden(t *testing.T) {
	var b bytes.Buffer
	if err := WriteCold(&b, sampleCold()); err != nil {
		t.Fatal(err)
	}
	resultstest.Golden(t, "cold", b.Bytes())
}

// No line runs over 160 characters, however long the figures: a first
// call of seconds, thousands of stops, a codec's longest name.
func TestColdLinesStayShort(t *testing.T) {
	run := sampleCold()
	long := func(s *results.ColdSample) {
		for _, c := range []*results.ColdCall{&s.Decode, &s.Encode, &s.SteadyDecode, &s.SteadyEncode} {
			c.Time, c.Bytes, c.Allocs = 3769600*time.Microsecond, 285_000_000_000, 1_650_000_000
			c.Stops = results.ColdStops{Count: 37696, Longest: 3769600 * time.Microsecond, Sum: 12345600 * time.Millisecond}
			c.Late = results.ColdLate{Count: 3769, Longest: 3769600 * time.Microsecond}
		}
		s.Decode2, s.Encode2, s.WarmUp = 3769600*time.Microsecond, 3769600*time.Microsecond, 3769600*time.Microsecond
	}
	for i := range run.Codecs {
		run.Codecs[i].Name += "-optdec-long"
		for j := range run.Codecs[i].Samples {
			long(&run.Codecs[i].Samples[j])
		}
		for j := range run.Codecs[i].Warmed {
			long(&run.Codecs[i].Warmed[j])
		}
	}
	run.Codecs[1].WarmUp = "no warm-up API; a null decode+zero encode"
	var b bytes.Buffer
	if err := WriteCold(&b, run); err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(b.String(), "\n") {
		if len(l) > 160 {
			t.Errorf("line %d is %d characters: %s", i+1, len(l), l)
		}
	}
}
