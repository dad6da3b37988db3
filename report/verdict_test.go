package report

import (
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// verdictText is the verdict of every level of rs, as the console prints
// it after the comparison.
func verdictText(cfg results.Config, rs []results.Result) string {
	var rows []results.Result
	var repeats map[results.Key][]results.Result
	if cfg.Repeats() > 1 {
		run := &results.Run{Config: cfg, Results: rs}
		for _, g := range results.GroupRepeats(run) {
			rows = append(rows, g.Median)
		}
		repeats, _ = results.GroupByKey(rs)
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
	base := resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us))
	for _, tc := range []struct {
		name      string
		stops     []time.Duration
		longer    bool
		standsOut bool
	}{
		// typical stop 4x baseline's, and a tail of long ones: 10 points
		// and more of the window spent waiting
		{"clearly longer", append(resultstest.StopsAround(2, 150, 400*us), resultstest.StopsAround(3, 20, 15*time.Millisecond)...), true, true},
		{"the same distribution", resultstest.StopsAround(4, 200, 100*us), false, false},
		// 30% longer over 400 stops: significant, but 0.4 points of waiting
		{"significant but tiny", resultstest.StopsAround(5, 400, 130*us), true, false},
		// stops like baseline's but for five of 100ms (a 32 MB memmove into
		// fresh pages): significant once the stops they held up count, but
		// the typical stop is baseline's
		{"a few long stops", append(resultstest.StopsAround(6, 150, 100*us), 100*ms, 100*ms, 100*ms, 100*ms, 100*ms), true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cv := judged(t, base, resultstest.Stopping("codec", 2, 0, win, tc.stops))["codec"]
			if !cv.Tested || cv.Longer != tc.longer || cv.StandsOut != tc.standsOut {
				t.Errorf("tested %v, longer %v (p %.3g), stands out %v (typical %v); want longer %v, stands out %v",
					cv.Tested, cv.Longer, cv.P, cv.StandsOut, cv.Stops.Quantile(0.5), tc.longer, tc.standsOut)
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
	cv := judged(t, resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)), resultstest.Stopping("stuck", 2, 0, win, stuck))["stuck"]
	if w := cv.Stops.Waiting(); w < 0.99 || w > 1.01 {
		t.Errorf("waiting %.1f%% of the window, want 100%%: 20 stops of 100ms in 2s", 100*w)
	}
	if n := cv.Stops.N(); n != 200 {
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
	codec := resultstest.Stopping("sonic", 2, 0, win, append(resultstest.StopsAround(2, 150, 400*us), resultstest.StopsAround(3, 20, 15*time.Millisecond)...))
	codec.Noise = &latency.Noise{Window: win, OthersCores: 0.6, Cores: 2}
	if cv := judged(t, resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)), codec)["sonic"]; !cv.StandsOut || !cv.Stops.Noisy {
		t.Errorf("stands out %v, noisy %v: want both", cv.StandsOut, cv.Stops.Noisy)
	}
}

func TestVerdictGolden(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	cfg := results.Config{Impls: []string{"std", "sonic", "goccy", "baseline"}, Stall: 10 * ms}
	var out strings.Builder

	// One run. At 2x sonic's stops are typically 4x baseline's with a
	// tail of long ones; goccy's a little longer, significantly but by
	// too little to matter; std's like baseline's. At 1x nothing stands out.
	sonic := resultstest.Stopping("sonic", 2, 0, win, append(resultstest.StopsAround(2, 150, 400*us), resultstest.StopsAround(3, 20, 15*ms)...))
	sonic.Culprit = &latency.Culprit{Stall: 58700 * us, Kind: latency.KindNonPreemptible, What: "stop-the-world (read mem stats)",
		Goroutine: 23, Frame: "github.com/bytedance/sonic/internal/decoder/jitdec.Decode"}
	sonic.Noise = &latency.Noise{Window: win, OthersCores: 0.4, Cores: 2}
	single := []results.Result{
		resultstest.Stopping("std", 1, 0, win, resultstest.StopsAround(11, 200, 100*us)),
		resultstest.Stopping("sonic", 1, 0, win, resultstest.StopsAround(12, 200, 100*us)),
		resultstest.Stopping("goccy", 1, 0, win, resultstest.StopsAround(13, 200, 100*us)),
		resultstest.Stopping("baseline", 1, 0, win, resultstest.StopsAround(14, 200, 100*us)),
		resultstest.Stopping("std", 2, 0, win, resultstest.StopsAround(4, 200, 100*us)),
		sonic,
		resultstest.Stopping("goccy", 2, 0, win, resultstest.StopsAround(5, 400, 130*us)),
		resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)),
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
			resultstest.Stopping("std", 2, rep, win, resultstest.StopsAround(seed+1, 200, 100*us)),
			resultstest.Stopping("sonic", 2, rep, win, append(resultstest.StopsAround(seed+2, 60, 400*us), resultstest.StopsAround(seed+3, 10, 15*ms)...)),
			resultstest.Stopping("baseline", 2, rep, win, resultstest.StopsAround(seed+4, 200, 100*us)))
	}
	out.WriteString("\n== three repeats\n")
	out.WriteString(verdictText(cfg, three))

	// No baseline at the level: nothing to judge against.
	out.WriteString("\n== no baseline\n")
	out.WriteString(verdictText(results.Config{Impls: []string{"std"}}, []results.Result{resultstest.Stopping("std", 1, 0, win, resultstest.StopsAround(1, 200, 100*us))}))

	got := out.String()
	resultstest.Golden(t, "verdict", []byte(got))
	wantContains(t, got,
		"no codec stands out from baseline at 1x encdec (",
		"stands out from baseline: sonic (typical stop ",
		"goccy does not: its typical stop of the world waited 132us against baseline's 102us (p < 0.001 over 600 stops), under 2x and 100us more",
		"NOISY",
		"no verdict at 1x encdec: baseline did not run")
}

// Verdicts is the console's verdict as data: the same table, conclusion
// and sentences, level by level.
func TestVerdictsAreTheConsoles(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	cfg := results.Config{Impls: []string{"std", "sonic", "baseline"}, Stall: 10 * ms, Count: 2}
	var rs []results.Result
	for rep := range 2 {
		seed := uint64(10 * (rep + 1))
		for _, pairs := range []int{1, 2} {
			rs = append(rs,
				resultstest.Stopping("std", pairs, rep, win, resultstest.StopsAround(seed+1, 200, 100*us)),
				resultstest.Stopping("sonic", pairs, rep, win, append(resultstest.StopsAround(seed+2, 100, time.Duration(pairs)*300*us), resultstest.StopsAround(seed+3, 10, 15*ms)...)),
				resultstest.Stopping("baseline", pairs, rep, win, resultstest.StopsAround(seed+4, 200, 100*us)))
		}
	}
	vs := Verdicts(&results.Run{Config: cfg, Results: rs})
	if len(vs) != 2 {
		t.Fatalf("%d verdicts, want one per level: %+v", len(vs), vs)
	}
	text := verdictText(cfg, rs)
	for _, v := range vs {
		if v.Input != "citm-catalog" || len(v.Table) != 4 || v.Table[0][0] != "codec" || v.Table[3][0] != "baseline" {
			t.Errorf("%s: input %q, table %q: want citm-catalog, a head and std, sonic, baseline", v.Label, v.Input, v.Table)
		}
		for _, line := range append([]string{v.Conclusion}, v.Sentences...) {
			if !strings.Contains(text, "  "+line+"\n") {
				t.Errorf("%s: %q is not the console's:\n%s", v.Label, line, text)
			}
		}
	}
	if !strings.HasPrefix(vs[1].Conclusion, "stands out from baseline: sonic") {
		t.Errorf("2x: %q, want sonic to stand out", vs[1].Conclusion)
	}
}
