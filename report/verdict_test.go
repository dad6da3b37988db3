package report

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"pingpong/latency"
	"pingpong/results"
)

// frozen is a hand-made encdec row with the verdict's three figures.
func frozen(impl string, pairs, repeat int, stwMax, probeP99, schedP99 time.Duration) results.Result {
	return results.Result{
		Scenario: results.Scenario{Input: "citm-catalog", Impl: impl, Mode: results.ModeEncdec, Pairs: pairs, Procs: 2, Repeat: repeat},
		N:        100, Window: 2 * time.Second,
		Latency: latency.Summary{N: 100, P50: time.Millisecond},
		Responsiveness: results.Responsiveness{
			STW:     &latency.Summary{N: 200, P99: stwMax / 2, Max: stwMax},
			Probe:   &latency.Summary{N: 2000, P99: probeP99},
			Runtime: &latency.Runtime{SchedLatency: latency.Distribution{P99: schedP99}},
		},
	}
}

// stopping is an encdec row whose stop-the-world probe saw stops in a
// window of window.
func stopping(impl string, pairs, repeat int, window time.Duration, stops []time.Duration) results.Result {
	r := frozen(impl, pairs, repeat, 0, time.Millisecond, time.Millisecond)
	r.Window = window
	h := latency.NewHistogram()
	for _, d := range stops { // as the probe records them, at its default 10ms
		_ = h.RecordCorrectedValue(int64(d), int64(10*time.Millisecond))
		r.STWWaited += d
	}
	r.STWHist = h
	s := latency.Summarize(h)
	r.STW = &s
	return r
}

// stopsAround are n stops spread log-normally around typical (a machine's
// stops are skewed: mostly short, a few much longer), from a fixed seed.
func stopsAround(seed uint64, n int, typical time.Duration) []time.Duration {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = time.Duration(float64(typical) * math.Exp(0.6*rng.NormFloat64()))
	}
	return out
}

// verdictText is the verdict of every level of rs, as the console prints
// it after the comparison.
func verdictText(cfg results.Config, rs []results.Result) string {
	var rows []results.Result
	var repeats map[results.Key][]results.Result
	if cfg.Repeats() > 1 {
		run := &results.Run{Config: cfg, Results: rs}
		for _, g := range groupRepeats(run) {
			rows = append(rows, g.Median)
		}
		repeats, _ = groupByKey(rs)
	} else {
		rows = rs
	}
	var b strings.Builder
	for _, v := range levelVerdicts(cfg, rows, repeats) {
		b.WriteString(v.text())
	}
	return b.String()
}

func judged(t *testing.T, rs ...results.Result) map[string]codecVerdict {
	t.Helper()
	vs := levelVerdicts(results.Config{}, rs, nil)
	if len(vs) != 1 {
		t.Fatalf("%d levels, want 1", len(vs))
	}
	out := map[string]codecVerdict{}
	for _, cv := range vs[0].Codecs {
		out[cv.Result.Impl] = cv
	}
	return out
}

func TestVerdictStatistics(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	base := stopping("baseline", 2, 0, win, stopsAround(1, 200, 100*us))
	for _, tc := range []struct {
		name      string
		stops     []time.Duration
		longer    bool
		standsOut bool
	}{
		// typical stop 4x baseline's, and a tail of long ones: 10 points
		// and more of the window spent waiting
		{"clearly longer", append(stopsAround(2, 150, 400*us), stopsAround(3, 20, 15*time.Millisecond)...), true, true},
		{"the same distribution", stopsAround(4, 200, 100*us), false, false},
		// 30% longer over 400 stops: significant, but 0.4 points of waiting
		{"significant but tiny", stopsAround(5, 400, 130*us), true, false},
		// stops like baseline's but for five of 100ms (a 32 MB memmove into
		// fresh pages): significant once the stops they held up count, but
		// the typical stop is baseline's
		{"a few long stops", append(stopsAround(6, 150, 100*us), 100*ms, 100*ms, 100*ms, 100*ms, 100*ms), true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cv := judged(t, base, stopping("codec", 2, 0, win, tc.stops))["codec"]
			if !cv.Tested || cv.Longer != tc.longer || cv.StandsOut != tc.standsOut {
				t.Errorf("tested %v, longer %v (p %.3g), stands out %v (typical %v); want longer %v, stands out %v",
					cv.Tested, cv.Longer, cv.P, cv.StandsOut, cv.Stops.quantile(0.5), tc.longer, tc.standsOut)
			}
		})
	}
}

// A stop stuck for a long time also keeps the probe from asking for the
// next ones: the window holds fewer stops, but the share of it spent
// waiting counts the stuck one for its whole length.
func TestVerdictWeightsAStuckStopByItsTime(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	// 20 stops of 100ms: the probe asked for 20 where baseline's asked for
	// 200, and the program waited for them the whole window. Corrected,
	// they are 200 stops again, of 10ms to 100ms.
	stuck := make([]time.Duration, 20)
	for i := range stuck {
		stuck[i] = 100 * ms
	}
	cv := judged(t, stopping("baseline", 2, 0, win, stopsAround(1, 200, 100*us)), stopping("stuck", 2, 0, win, stuck))["stuck"]
	if w := cv.Stops.waiting(); w < 0.99 || w > 1.01 {
		t.Errorf("waiting %.1f%% of the window, want 100%%: 20 stops of 100ms in 2s", 100*w)
	}
	if n := cv.Stops.n(); n != 200 {
		t.Errorf("%d stops, want 200: each stuck one with the 9 it kept the probe from asking for", n)
	}
	if !cv.StandsOut {
		t.Errorf("20 stops of 100ms do not stand out (p %.3g)", cv.P)
	}
}

// A NOISY window marks the row but decides nothing: the noise fell on
// baseline too, which ran in turns with the codec.
func TestVerdictNoiseDoesNotSilenceIt(t *testing.T) {
	us, win := time.Microsecond, 2*time.Second
	codec := stopping("sonic", 2, 0, win, append(stopsAround(2, 150, 400*us), stopsAround(3, 20, 15*time.Millisecond)...))
	codec.Noise = &latency.Noise{Window: win, OthersCores: 0.6, Cores: 2}
	if cv := judged(t, stopping("baseline", 2, 0, win, stopsAround(1, 200, 100*us)), codec)["sonic"]; !cv.StandsOut || !cv.Stops.noisy {
		t.Errorf("stands out %v, noisy %v: want both", cv.StandsOut, cv.Stops.noisy)
	}
}

func TestVerdictGolden(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	cfg := results.Config{Impls: []string{"std", "sonic", "goccy", "baseline"}, Stall: 10 * ms}
	var out strings.Builder

	// One run. At 2x sonic's stops are typically 4x baseline's with a
	// tail of long ones; goccy's a little longer, significantly but by
	// too little to matter; std's like baseline's. At 1x nothing stands out.
	sonic := stopping("sonic", 2, 0, win, append(stopsAround(2, 150, 400*us), stopsAround(3, 20, 15*ms)...))
	sonic.Culprit = &latency.Culprit{Stall: 58700 * us, Kind: latency.KindNonPreemptible, What: "stop-the-world (read mem stats)",
		Goroutine: 23, Frame: "github.com/bytedance/sonic/internal/decoder/jitdec.Decode"}
	sonic.Noise = &latency.Noise{Window: win, OthersCores: 0.4, Cores: 2}
	single := []results.Result{
		stopping("std", 1, 0, win, stopsAround(11, 200, 100*us)),
		stopping("sonic", 1, 0, win, stopsAround(12, 200, 100*us)),
		stopping("goccy", 1, 0, win, stopsAround(13, 200, 100*us)),
		stopping("baseline", 1, 0, win, stopsAround(14, 200, 100*us)),
		stopping("std", 2, 0, win, stopsAround(4, 200, 100*us)),
		sonic,
		stopping("goccy", 2, 0, win, stopsAround(5, 400, 130*us)),
		stopping("baseline", 2, 0, win, stopsAround(1, 200, 100*us)),
	}
	out.WriteString("== one run\n")
	out.WriteString(verdictText(cfg, single))

	// Three repeats, pooled: every stop of every repeat counts, so three
	// repeats can tell as well as one.
	cfg.Count = 3
	var three []results.Result
	for rep := range 3 {
		seed := uint64(100 * (rep + 1))
		three = append(three,
			stopping("std", 2, rep, win, stopsAround(seed+1, 200, 100*us)),
			stopping("sonic", 2, rep, win, append(stopsAround(seed+2, 60, 400*us), stopsAround(seed+3, 10, 15*ms)...)),
			stopping("baseline", 2, rep, win, stopsAround(seed+4, 200, 100*us)))
	}
	out.WriteString("\n== three repeats\n")
	out.WriteString(verdictText(cfg, three))

	// No baseline at the level: nothing to judge against.
	out.WriteString("\n== no baseline\n")
	out.WriteString(verdictText(results.Config{Impls: []string{"std"}}, []results.Result{stopping("std", 1, 0, win, stopsAround(1, 200, 100*us))}))

	got := out.String()
	golden(t, "verdict", []byte(got))
	wantContains(t, got,
		"no codec stands out from baseline at 1x encdec (",
		"stands out from baseline: sonic (typical stop ",
		"goccy does not: its typical stop of the world waited 132us against baseline's 102us (p < 0.001 over 600 stops), under 2x and 100us more",
		"NOISY",
		"no verdict at 1x encdec: baseline did not run")
}
