package load

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
)

// echoCalls are the sleepy codec's echo calls (with one pair the echo and
// the pinger strictly alternate, so calls 0, 2, 4, ... are the echo's):
// how many started before t, and how many at or after it.
func (s *sleepy) echoCalls(t time.Time) (before, after int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := 0; i < len(s.calls); i += 2 {
		if s.calls[i][0].Before(t) {
			before++
		} else {
			after++
		}
	}
	return before, after
}

// Every round trip of a slice is whole and counts; none of warmup does.
// Warmup ends with every pair parked, so each echo call after the first
// slice opened is one of the slices' round trips.
func TestLevelRecordsEveryRoundTripOfItsSlicesAndNoneOfWarmup(t *testing.T) {
	s := &sleepy{d: 15 * time.Millisecond}
	ctx := context.Background()
	l := OpenLevel(ctx, s, []byte(`"x"`), nil, 1, Watch{Warmup: 70 * time.Millisecond}, false)
	var sum time.Duration
	for range 3 {
		ts, err := l.Slice(ctx, 40*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		w := ts.Window
		if w < 40*time.Millisecond {
			t.Errorf("slice of %v, want at least the 40ms asked", w)
		}
		sum += w
	}
	lr, err := l.Close()
	if err != nil {
		t.Fatal(err)
	}
	warm, measured := s.echoCalls(lr.Start)
	if lr.N != int64(measured) || lr.Hist.TotalCount() != lr.N {
		t.Errorf("n = %d, histogram %d; echo calls after the window opened: %d", lr.N, lr.Hist.TotalCount(), measured)
	}
	if lr.N < 3 || warm < warmRounds {
		t.Errorf("n = %d after %d warmup round trips: want one per slice at least, and %d warm", lr.N, warm, warmRounds)
	}
	if lr.Slices != 3 || lr.Window != sum || lr.Partial || lr.InFlight != 0 {
		t.Errorf("slices %d window %v (slices add to %v) partial %v in flight %v", lr.Slices, lr.Window, sum, lr.Partial, lr.InFlight)
	}
	if min := time.Duration(lr.Hist.Min()); min < s.d {
		t.Errorf("shortest round trip %v is shorter than the echo's own work %v: one was cut", min, s.d)
	}
	if lr.Warmup < 70*time.Millisecond {
		t.Errorf("warmup took %v, want at least the 70ms asked", lr.Warmup)
	}
}

// A codec whose round trips take longer than -warmup still opens its
// window warm: warmup waits until every pair has done warmRounds of them,
// up to warmupBound times -warmup.
func TestLevelWarmupWaitsForRoundTripsOfASlowCodec(t *testing.T) {
	for _, tc := range []struct {
		name      string
		d, warmup time.Duration
		wantWarm  int
	}{
		// -warmup under one round trip, but its bound (250ms) far past two:
		// at 10ms the bound was 100ms, and a loaded machine that woke the
		// first round trip's sleeper 70ms late parked the pair after it
		{"waits for two round trips", 30 * time.Millisecond, 25 * time.Millisecond, warmRounds},
		{"bounded at 10x -warmup", 80 * time.Millisecond, 5 * time.Millisecond, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &sleepy{d: tc.d}
			lr, err := RunLevelWatched(context.Background(), s, []byte(`"x"`), nil, 1, Watch{Warmup: tc.warmup, Duration: 10 * time.Millisecond}, false)
			if err != nil {
				t.Fatal(err)
			}
			warm, _ := s.echoCalls(lr.Start)
			if warm != tc.wantWarm {
				t.Errorf("%d round trips in warmup, want %d", warm, tc.wantWarm)
			}
			if lr.Warmup < time.Duration(tc.wantWarm)*tc.d {
				t.Errorf("warmup took %v, less than its %d round trips of %v", lr.Warmup, tc.wantWarm, tc.d)
			}
		})
	}
}

// A slice waits for the round trip in flight at its nominal end: a stall
// longer than the whole slice is one round trip of the row, not lost.
func TestLevelSliceWaitsForTheRoundTripInFlight(t *testing.T) {
	s := &sleepy{d: 400 * time.Millisecond}
	lr, err := RunLevel(context.Background(), s, []byte(`"x"`), 1, 0, 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if lr.N != 1 || time.Duration(lr.Hist.Max()) < s.d || lr.Window < s.d || lr.InFlight != 0 {
		t.Errorf("n = %d max %v window %v in flight %v: want the one 400ms round trip, whole", lr.N, time.Duration(lr.Hist.Max()), lr.Window, lr.InFlight)
	}
}

// Cancelling cuts the slice at once: the round trip then in flight is
// dropped, and the row keeps how long it had been stuck.
func TestLevelCancelledMidRoundTripKeepsItsAge(t *testing.T) {
	s := &sleepy{d: 400 * time.Millisecond}
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	lr, err := RunLevel(ctx, s, []byte(`"x"`), 1, 0, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	// The one round trip began as the window opened and was cut with it:
	// its age is kept, and is the window's (how long that was is the
	// machine's business: a loaded one opens the window late).
	if lr.N != 0 || !lr.Partial || lr.InFlight <= 0 || lr.InFlight > lr.Window || lr.Window > s.d {
		t.Errorf("n = %d partial %v in flight %v window %v: want nothing recorded, partial, the cut round trip's age kept", lr.N, lr.Partial, lr.InFlight, lr.Window)
	}
}

// Each slice hands back the stops forced in it on its own clock: laid end
// to end by the probe's turns, they are the stops the level's row holds.
func TestLevelSliceReturnsItsOwnStops(t *testing.T) {
	c, bin := baselineFor(t, `[1]`)
	ctx := context.Background()
	l := OpenLevel(ctx, c, bin, nil, 1, Watch{Warmup: 10 * time.Millisecond, STW: 2 * time.Millisecond}, false)
	var got [][]latency.Stop
	for range 3 {
		ts, err := l.Slice(ctx, 30*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ts.Stops)
	}
	lr, err := l.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(lr.STWTurns) != 3 || len(lr.STWStops) == 0 {
		t.Fatalf("%d turns, %d stops: want 3 turns holding some stops", len(lr.STWTurns), len(lr.STWStops))
	}
	var from time.Duration
	var all []latency.Stop
	for i, turn := range lr.STWTurns {
		if len(got[i]) != turn.Stops {
			t.Errorf("turn %d: %d stops handed back, the row's turn holds %d", i, len(got[i]), turn.Stops)
		}
		for _, s := range got[i] {
			if s.At < 0 || s.At > turn.Window {
				t.Errorf("turn %d of %v: a stop at %v is not on the turn's own clock", i, turn.Window, s.At)
			}
			s.At += from
			all = append(all, s)
		}
		from += turn.Window
	}
	if !slices.Equal(all, lr.STWStops) {
		t.Errorf("the turns' stops laid end to end\n %v\ndiffer from the row's\n %v", all, lr.STWStops)
	}
}

// A window whose worst stop was shorter than a stall names no culprit and
// says why, in the row -json writes, as -v does.
func TestNoCulpritSaysWhy(t *testing.T) {
	ctx := context.Background()
	s := &sleepy{d: 2 * time.Millisecond}
	l := OpenLevel(ctx, s, []byte(`"x"`), nil, 1, Watch{STW: 10 * time.Millisecond, Culprits: true, Stall: 5 * time.Second}, false)
	for range 2 {
		if _, err := l.Slice(ctx, 50*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	lr, err := l.Close()
	if err != nil {
		t.Fatal(err)
	}
	if lr.Culprit != nil || !strings.HasPrefix(lr.CulpritErr, "worst stop ") || !strings.HasSuffix(lr.CulpritErr, ", under the 5000.0ms stall; only stops are traced to a culprit") {
		t.Errorf("culprit %v, error %q: want none, and why", lr.Culprit, lr.CulpritErr)
	}
}
