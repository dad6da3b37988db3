package latency

import (
	"math"
	"reflect"
	"slices"
	"testing"
	"time"
)

// MMU against curves computed by hand.
func TestMMUByHand(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name  string
		stops []Stop
		span  time.Duration
		want  map[time.Duration]float64
	}{
		// one 10ms stop (2ms to begin, 8ms stopped) in a 100ms window: a
		// 10ms window can fall wholly in it; the whole window lost 10%
		{"one 10ms stop in 100ms", []Stop{{At: 40 * ms, Begin: 2 * ms, Last: 8 * ms}}, 100 * ms,
			map[time.Duration]float64{ms: 0, 10 * ms: 0, 20 * ms: 0.5, 100 * ms: 0.9, time.Second: 0.9}},
		// two 3ms stops 4ms apart: the worst 10ms window holds both (6ms
		// lost), the worst 1ms window is inside one
		{"two stops close together", []Stop{{At: 10 * ms, Begin: 3 * ms}, {At: 17 * ms, Begin: 1 * ms, Last: 2 * ms}}, 100 * ms,
			map[time.Duration]float64{ms: 0, 5 * ms: 0.4, 10 * ms: 0.4, 50 * ms: 0.88, 100 * ms: 0.94}},
		// a stop at the very start, cut by the span's edge
		{"a stop across the start", []Stop{{At: -5 * ms, Begin: 10 * ms}}, 100 * ms,
			map[time.Duration]float64{10 * ms: 0.5, 100 * ms: 0.95}},
		{"no stops", nil, 100 * ms, map[time.Duration]float64{ms: 1, 100 * ms: 1}},
	} {
		for w, want := range tc.want {
			if got := MMU(tc.stops, tc.span, w); math.Abs(got-want) > 1e-9 {
				t.Errorf("%s: MMU(%v) = %.4f, want %.4f", tc.name, w, got, want)
			}
		}
	}
}

// Each stretch of about a turn holds the mean logarithm of its stops'
// waits, a stuck stop counted with the ones it kept the probe from asking.
func TestStretchWaits(t *testing.T) {
	us, ms := time.Microsecond, time.Millisecond
	turns := []Turn{{Window: 100 * ms, Stops: 2}, {Window: 300 * ms, Stops: 3}, {Window: 100 * ms, Stops: 0}}
	stops := []Stop{
		{At: 10 * ms, Begin: 1 * ms}, {At: 50 * ms, Begin: 100 * us}, // turn 1: 10^6 and 10^5 ns
		{At: 120 * ms, Begin: 30 * ms},                                // turn 2, first stretch: a stuck stop, three with the two it kept away
		{At: 250 * ms, Begin: 1 * us}, {At: 390 * ms, Begin: 10 * us}, // second and third: both at the floor
	}
	// a slack longer than any gap: the probe was never late, and the empty
	// turn says nothing
	sameFloats(t, StretchWaits(turns, stops, 100*ms, 10*ms, time.Second), []float64{5.5, math.Log10(float64(30 * ms)), 4, 4})
	// with 20ms of slack (30ms with the interval) the probe was late: in
	// turn 1 by 9ms before its second stop (50 - 11 - 30) and 19.9ms before
	// the turn's end; in turn 2 by 70ms before 250ms (a stop of 70ms, due
	// at 160ms, in the first stretch, seven with the six it kept away) and
	// by 110ms less 1us before 390ms (due at 260ms, the second stretch);
	// and in the empty turn by 70ms
	lg := func(d time.Duration) float64 { return math.Log10(float64(d)) }
	want := []float64{
		(lg(ms) + lg(9*ms) + lg(100*us) + lg(19900*us)) / 4,
		(3*lg(30*ms) + 7*lg(70*ms)) / 10,
		(4 + 10*lg(110*ms-us)) / 11,
		4,
		lg(70 * ms),
	}
	sameFloats(t, StretchWaits(turns, stops, 100*ms, 10*ms, 20*ms), want)
}

func sameFloats(t *testing.T, got, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-9 {
			t.Errorf("got %v, want %v", got, want)
		}
	}
}

// The probe's lateness counts what each gap between stops (and the turns'
// ends) lasted beyond the interval and the slack.
func TestKeptOut(t *testing.T) {
	ms := time.Millisecond
	turns := []Turn{{Window: 100 * ms, Stops: 2}, {Window: 100 * ms, Stops: 0}}
	stops := []Stop{{At: 10 * ms, Begin: ms}, {At: 60 * ms, Begin: ms}}
	// gaps 10ms (on time), 49ms (19ms late), 39ms to the turn's end (9ms),
	// and a turn in which the probe never ran (70ms)
	if got, want := KeptOut(turns, stops, 10*ms, 20*ms), 98*ms; got != want {
		t.Errorf("kept out %v, want %v", got, want)
	}
	// stops that overlap (one asked before the one before it ended) leave
	// no gap, not a negative one
	if got := KeptOut([]Turn{{Window: 40 * ms, Stops: 2}}, []Stop{{At: 5 * ms, Begin: 20 * ms}, {At: 10 * ms, Begin: ms}}, 10*ms, 20*ms); got != 0 {
		t.Errorf("overlapping stops: kept out %v, want 0", got)
	}
	// a turn that asked every 40ms (a starved program's) is late by what
	// its gaps lasted beyond its own interval
	turns = []Turn{{Window: 100 * ms, Stops: 1, Interval: 40 * ms}}
	if got, want := KeptOut(turns, []Stop{{At: 70 * ms, Begin: ms}}, 10*ms, 20*ms), 10*ms; got != want {
		t.Errorf("a turn asking every 40ms: kept out %v, want %v", got, want)
	}
}

// A stop travels in -json as [at, begin, last, hold, queued], or [at,
// begin, last] when all of its wait was held and nothing queued, and
// comes back the same.
func TestStopJSON(t *testing.T) {
	roundTrip(t, []Stop{{At: 1, Begin: 2, Last: 3, Hold: 2}, {At: 4e9, Begin: 5e6, Last: 6, Hold: 1e6, Queued: 7}},
		"[[1,2,3],[4000000000,5000000,6,1000000,7]]", `[{"at":1}]`)
}

// Each stretch adds up its window, its stops' waits, the time the probe
// could not ask, its stops (with and without those gaps) and those over
// the long-stop bar as the corrected histogram counts them; every stretch is kept, with the round (turn) it
// was cut from.
func TestStretches(t *testing.T) {
	us, ms := time.Microsecond, time.Millisecond
	turns := []Turn{{Window: 100 * ms, Stops: 2}, {Window: 200 * ms, Stops: 2}, {Window: 100 * ms, Stops: 0}}
	stops := []Stop{
		{At: 10 * ms, Begin: 1 * ms}, {At: 50 * ms, Begin: 35 * ms}, // turn 0: 35ms with a 10ms interval records 35, 25, 15 (all over 10ms)
		{At: 110 * ms, Begin: 12 * ms}, {At: 230 * ms, Begin: 500 * us}, // turn 1, cut in two: 12ms records 12 (over) only
	}
	got := Stretches(turns, stops, 100*ms, 10*ms, 20*ms, 10*ms)
	// gaps beyond interval+slack (30ms): turn 0: 10, 39 (9ms late), 15 to
	// the end (on time); turn 1: 10, 108 (78ms late, due at 132ms: first
	// half), 69.5 to the end (39.5ms, due at 240.5ms: second half); the
	// empty turn: 100 (70ms late)
	want := []Stretch{
		{Window: 100 * ms, Ran: 100 * ms, Waited: 36 * ms, KeptOut: 9 * ms, Weight: 1 + 3 + 1, Stops: 1 + 3, Long: 3},
		{Window: 100 * ms, Ran: 100 * ms, Waited: 12 * ms, KeptOut: 78 * ms, Weight: 1 + 7, Stops: 1, Long: 1},
		{Window: 100 * ms, Ran: 100 * ms, Waited: 500 * us, KeptOut: 39500 * us, Weight: 1 + 3, Stops: 1, Long: 0},
		{Window: 100 * ms, Ran: 100 * ms, KeptOut: 70 * ms, Weight: 7},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d stretches, want %d: %+v", len(got), len(want), got)
	}
	// each stretch's waits one by one, its late gaps after them with late
	stopWaits := [][]time.Duration{{1 * ms, 35 * ms}, {12 * ms}, {500 * us}, nil}
	lateWaits := [][]time.Duration{{1 * ms, 35 * ms, 9 * ms}, {12 * ms, 78 * ms}, {500 * us, 39500 * us}, {70 * ms}}
	for i := range want {
		if w, l := got[i].Waits(false), got[i].Waits(true); !slices.Equal(w, stopWaits[i]) || !slices.Equal(l, lateWaits[i]) {
			t.Errorf("stretch %d: waits %v, with the late gaps %v; want %v, %v", i, w, l, stopWaits[i], lateWaits[i])
		}
		got[i].logs, got[i].waits, got[i].gaps = 0, nil, nil
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("stretch %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	for _, tc := range []struct {
		wait, interval, long time.Duration
		want                 int64
	}{
		{35 * ms, 10 * ms, 10 * ms, 3}, // 35, 25, 15
		{30 * ms, 10 * ms, 10 * ms, 2}, // 30, 20 (10 is not over)
		{9 * ms, 10 * ms, 5 * ms, 1},
		{9 * ms, 10 * ms, 10 * ms, 0},
		{50 * ms, 0, 10 * ms, 1},
		{100 * ms, 10 * ms, ms, 10}, // every filled-in value, down to 10ms
	} {
		if got := correctedOver(tc.wait, tc.interval, tc.long); got != tc.want {
			t.Errorf("correctedOver(%v, %v, %v) = %d, want %d", tc.wait, tc.interval, tc.long, got, tc.want)
		}
	}
}

// A stretch ran its turn's share of its window (Turn.Ran), all of it
// where the share was not measured; Ran adds up the turns' the same way.
// A turn is cut by the time the program ran of it: 400ms at half is two
// stretches of 100ms.
func TestStretchesRanTheirTurnsShare(t *testing.T) {
	ms := time.Millisecond
	turns := []Turn{{Window: 400 * ms, Ran: 0.5}, {Window: 100 * ms}}
	got := Stretches(turns, nil, 100*ms, 10*ms, 20*ms, 0)
	want := []Stretch{{Window: 200 * ms, Ran: 100 * ms}, {Window: 200 * ms, Ran: 100 * ms}, {Window: 100 * ms, Ran: 100 * ms}}
	if len(got) != len(want) {
		t.Fatalf("got %d stretches, want %d", len(got), len(want))
	}
	for i, w := range want {
		if got[i].Window != w.Window || got[i].Ran != w.Ran {
			t.Errorf("stretch %d: %v ran %v, want %v ran %v", i, got[i].Window, got[i].Ran, w.Window, w.Ran)
		}
	}
	if r := Ran(turns); r != 300*ms {
		t.Errorf("Ran %v, want 300ms", r)
	}
}

// Turns of a starved program (25ms of its time in each 100ms slice) are
// taken four together, so that a stretch holds a length of the program's
// time and the stops of its four turns; a last group short of four stays
// a stretch of its own. Turns that ran half a length or more stay apart.
func TestStretchesTakeAStarvedProgramsTurnsTogether(t *testing.T) {
	ms := time.Millisecond
	var turns []Turn
	var stops []Stop
	for i := range 10 {
		turns = append(turns, Turn{Window: 100 * ms, Stops: 1, Ran: 0.25})
		stops = append(stops, Stop{At: time.Duration(i)*100*ms + 40*ms, Begin: ms})
	}
	got := Stretches(turns, stops, 100*ms, 40*ms, 20*ms, 0)
	want := []Stretch{{Window: 400 * ms, Ran: 100 * ms, Stops: 4}, {Window: 400 * ms, Ran: 100 * ms, Stops: 4}, {Window: 200 * ms, Ran: 50 * ms, Stops: 2}}
	if len(got) != len(want) {
		t.Fatalf("got %d stretches, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if g := got[i]; g.Window != w.Window || g.Ran != w.Ran || g.Stops != w.Stops || g.Waited != time.Duration(w.Stops)*ms {
			t.Errorf("stretch %d: %v ran %v, %d stops waiting %v; want %v ran %v, %d stops", i, g.Window, g.Ran, g.Stops, g.Waited, w.Window, w.Ran, w.Stops)
		}
	}
	for i := range turns {
		turns[i].Ran = 0.5
	}
	if got := Stretches(turns, stops, 100*ms, 40*ms, 20*ms, 0); len(got) != len(turns) {
		t.Errorf("turns that ran half a length: %d stretches, want one a turn, %d", len(got), len(turns))
	}
}

// LateGaps are KeptOut's gaps one by one.
func TestLateGaps(t *testing.T) {
	ms := time.Millisecond
	turns := []Turn{{Window: 100 * ms, Stops: 2}, {Window: 100 * ms, Stops: 0}}
	stops := []Stop{{At: 10 * ms, Begin: ms}, {At: 60 * ms, Begin: ms}}
	got := LateGaps(turns, stops, 10*ms, 20*ms)
	want := []time.Duration{19 * ms, 9 * ms, 70 * ms}
	if len(got) != len(want) {
		t.Fatalf("gaps %v, want %v", got, want)
	}
	var sum time.Duration
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("gaps %v, want %v", got, want)
		}
		sum += got[i]
	}
	if k := KeptOut(turns, stops, 10*ms, 20*ms); sum != k {
		t.Errorf("gaps add to %v, KeptOut %v", sum, k)
	}
}

// Machine adds up what Stretches does as the machine's, over whole turns:
// the waits not held and the lateness a run-queue wait excused.
func TestMachineIsTheStretchesMachine(t *testing.T) {
	ms := time.Millisecond
	turns := []Turn{{Window: 200 * ms, Stops: 2, Split: true, Queued: 5 * ms}, {Window: 100 * ms, Stops: 1, Split: true}}
	stops := []Stop{{At: 10 * ms, Begin: 8 * ms, Hold: 2 * ms, Queued: 60 * ms}, {At: 150 * ms, Begin: 3 * ms, Hold: 3 * ms}, {At: 250 * ms, Begin: 4 * ms, Hold: 1 * ms, Queued: 1 * ms}}
	var want time.Duration
	for _, s := range Stretches(turns, stops, 50*ms, 10*ms, 20*ms, 0) {
		want += s.Machine
	}
	if got := Machine(turns, stops, 10*ms, 20*ms); got != want || got == 0 {
		t.Errorf("machine %v, stretches' %v", got, want)
	}
}
