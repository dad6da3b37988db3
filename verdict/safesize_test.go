package verdict

import (
	"math"
	"slices"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// sizePoints are sizes in MB with their p99 stop; a size is within the budget
// of 10ms when under it, unless listed in standsOut.
func sizePoints(mbStops [][2]float64, standsOut ...float64) []SizePoint {
	var out []SizePoint
	for _, p := range mbStops {
		sp := SizePoint{Bytes: int(p[0] * 1e6), Stop: time.Duration(p[1] * float64(ms)), Stops: 100}
		for _, s := range standsOut {
			sp.StandsOut = sp.StandsOut || s == p[0]
		}
		sp.Within = sp.Stop < 10*ms && !sp.StandsOut
		out = append(out, sp)
	}
	return out
}

// The safe size and the slope on hand-computed curves.
func TestSafeSizeHandComputed(t *testing.T) {
	for _, tc := range []struct {
		name         string
		points       []SizePoint
		safe, over   int
		estimate     float64 // bytes
		interpolated bool
		perMB        time.Duration
		again        int // sizes within again after the first over
	}{
		// stop = 0.75ms + 0.25ms per MB: 1, 1.75, 4.75, 8.75ms
		{"within at every size", sizePoints([][2]float64{{1, 1}, {4, 1.75}, {16, 4.75}, {32, 8.75}}), 3, -1, 32e6, false, 250 * time.Microsecond, 0},
		// (24-12)ms over (4-1)MB
		{"over at every size", sizePoints([][2]float64{{1, 12}, {4, 24}}), -1, 0, 0, false, 4 * ms, 0},
		// 5ms at 4MB, 20ms at 16MB: n^1 on log-log, so 10ms at 8MB;
		// slope: xs 1,4,16 (mean 7), ys 2,5,20 (mean 9):
		// sxy = (-6)(-7)+(-3)(-4)+9*11 = 153, sxx = 36+9+81 = 126
		{"crossing once", sizePoints([][2]float64{{1, 2}, {4, 5}, {16, 20}}), 1, 2, 8e6, true, time.Duration(math.Round(153.0 / 126 * float64(ms))), 0},
		// over at 4MB, under again at 8MB, over at 16MB: read at the first
		// crossing, between 1MB (2ms) and 4MB (12ms): 4^(ln 5 / ln 6) MB
		{"crossing twice", sizePoints([][2]float64{{1, 2}, {4, 12}, {8, 6}, {16, 20}}), 0, 1, 1e6 * math.Pow(4, math.Log(5)/math.Log(6)), true, 0, 1},
		// over at 4MB only because it stands out there: no crossing of
		// the stop curve to interpolate, so 1MB itself
		{"stands out under the budget", sizePoints([][2]float64{{1, 2}, {4, 5}}, 4), 0, 1, 1e6, false, ms, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := SafeSize{Codec: "codec", Points: tc.points, Budget: 10 * ms}
			safe, over := s.Bracket()
			est, interp := s.Estimate()
			if safe != tc.safe || over != tc.over || math.Abs(est-tc.estimate) > 1 || interp != tc.interpolated {
				t.Errorf("bracket %d..%d, estimate %.0f (interpolated %v); want %d..%d, %.0f (%v)", safe, over, est, interp, tc.safe, tc.over, tc.estimate, tc.interpolated)
			}
			if got := len(s.Again()); got != tc.again {
				t.Errorf("%d sizes within again, want %d", got, tc.again)
			}
			if tc.perMB != 0 {
				if d, ok := s.PerMB(); !ok || d != tc.perMB {
					t.Errorf("per MB %v (ok %v), want %v", d, ok, tc.perMB)
				}
			}
		})
	}
	if _, ok := (SafeSize{Points: sizePoints([][2]float64{{4, 2}})}).PerMB(); ok {
		t.Errorf("a slope from one size")
	}
}

// sizeRows are a codec's and baseline's rows at one size: 200 stops in
// 2s, baseline's around 100us, the codec's the same but for its 8
// longest, which wait long (its p99, and enough of them that a resample
// of its stretches keeps them its p99: 3 would leave it undecided): a p99
// that judges the size. A freezer's stops all wait long.
func sizeRows(input string, long time.Duration, freezer bool) []results.Result {
	us, win := time.Microsecond, 2*time.Second
	stops := append(resultstest.StopsAround(2, 192, 100*us), slices.Repeat([]time.Duration{long}, 8)...)
	if freezer {
		stops = append(resultstest.StopsAround(2, 100, 100*us), resultstest.StopsAround(3, 100, long)...)
	}
	rows := []results.Result{
		resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)),
		resultstest.Stopping("codec", 2, 0, win, stops),
	}
	for i := range rows {
		rows[i].Input = input
	}
	return rows
}

// From a run's rows: the quantile is read from each size's stops, a
// codec that stands out is not within the budget whatever its p99, and
// the per-MB figure is the run's.
func TestSafeSizesOfRows(t *testing.T) {
	var inputs []results.InputInfo
	var rows []results.Result
	for _, s := range []struct {
		mb      int
		long    time.Duration
		freezer bool
	}{{1, 2 * ms, false}, {4, 5 * ms, false}, {16, 20 * ms, false}} {
		name := "long-string:" + format.Size(float64(s.mb)*1e6)
		inputs = append(inputs, results.InputInfo{Name: name, Bytes: s.mb * 1e6, Shape: "long-string", AskedSize: s.mb * 1e6})
		rows = append(rows, sizeRows(name, s.long, s.freezer)...)
	}
	cfg := results.Config{Budget: 10 * ms}
	tables := SafeSizes(cfg, inputs, rows, nil)
	if len(tables) != 1 || len(tables[0].Codecs) != 1 || tables[0].Label != "2x encdec" {
		t.Fatalf("tables %+v", tables)
	}
	s := tables[0].Codecs[0]
	for i, want := range []time.Duration{2 * ms, 5 * ms, 20 * ms} {
		p := s.Points[i]
		if math.Abs(float64(p.Stop-want)) > 0.01*float64(want) || (p.StandsOut && want < 10*ms) || p.Stops < 200 {
			t.Errorf("%s: p99 %v of %d stops (stands out %v), want %v", p.Input, p.Stop, p.Stops, p.StandsOut, want)
		}
		// its interval, from its stretches, holds it and decides it
		if !p.Resampled || p.Lo > p.Stop || p.Hi < p.Stop || p.Undecided || p.Within != (want < 10*ms) {
			t.Errorf("%s: p99 %v (%v to %v, resampled %v): within %v, undecided %v", p.Input, p.Stop, p.Lo, p.Hi, p.Resampled, p.Within, p.Undecided)
		}
	}
	if est, ok := s.Estimate(); !ok || math.Abs(est-8e6) > 0.05e6 {
		t.Errorf("safe size %.0f (interpolated %v), want about 8MB", est, ok)
	}
	// The same stops at 4MB, but every other stop long: it stands out,
	// so the safe size is 1MB, under the budget as its p99 may be.
	rows = append(rows[:2], append(sizeRows(inputs[1].Name, 5*ms, true), rows[4:]...)...)
	s = SafeSizes(cfg, inputs, rows, nil)[0].Codecs[0]
	if _, over := s.Bracket(); over != 1 || !s.Points[1].StandsOut {
		t.Errorf("a codec that stands out at 4MB: first over %d, points %+v", over, s.Points)
	}
	// A lone document's stop per MB is its p99 over its size.
	if per := PerMBOf(2*ms, inputs[0].Bytes); math.Abs(float64(per-2*ms)) > 0.01*float64(2*ms) {
		t.Errorf("one 1MB document with a 2ms p99: %v per MB", per)
	}
	// A size the codec ran at without stops is named; one it never ran
	// at (a search settled it before) is not.
	rows = append(rows[:4:4], rows[4], rows[5])
	rows[5].STWHist, rows[5].STW, rows[5].STWStops = nil, nil, nil
	if s := SafeSizes(cfg, inputs, rows, nil)[0].Codecs[0]; !slices.Equal(s.NoStops, []string{inputs[2].Name}) || len(s.Points) != 2 {
		t.Errorf("a codec without stops at 16MB: no stops at %v, %d points", s.NoStops, len(s.Points))
	}
	if s := SafeSizes(cfg, inputs, rows[:5], nil)[0].Codecs[0]; len(s.NoStops) != 0 || len(s.Points) != 2 {
		t.Errorf("a codec that never ran at 16MB: no stops at %v, %d points", s.NoStops, len(s.Points))
	}
}
