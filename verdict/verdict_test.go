package verdict

import (
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

func judged(t *testing.T, rs ...results.Result) map[string]Codec {
	t.Helper()
	vs := Levels(results.Config{}, rs, nil)
	if len(vs) != 1 {
		t.Fatalf("%d levels, want 1", len(vs))
	}
	out := map[string]Codec{}
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
