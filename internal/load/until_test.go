package load

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// flagOnce is an Until.More that flags the codecs at flagged the first
// time it is asked, and none after; asked holds each time's rows.
type flagOnce struct {
	flagged []int
	asked   [][]results.Result
}

func (f *flagOnce) more(sofar []results.Result) []bool {
	f.asked = append(f.asked, sofar)
	out := make([]bool, len(sofar))
	if len(f.asked) == 1 {
		for _, i := range f.flagged {
			out[i] = true
		}
	}
	return out
}

func windows(rows []results.Result) []time.Duration {
	var out []time.Duration
	for _, r := range rows {
		out = append(out, r.Window)
	}
	return out
}

// A codec flagged once gets one extension of half the window, in slices
// as the window's own with the order still rotating, and the codecs not
// flagged stay parked; More is asked again after it.
func TestUntilExtendsTheFlaggedCodecsByHalfTheWindow(t *testing.T) {
	log := &turnLog{}
	cfg := results.Config{Duration: 300 * time.Millisecond, Slice: 100 * time.Millisecond}
	more := &flagOnce{flagged: []int{0, 2}}
	rows := runFakeUntil(context.Background(), cfg, Until{Cap: 900 * time.Millisecond, More: more.more},
		&fakeRunner{name: "a", log: log}, &fakeRunner{name: "b", log: log}, &fakeRunner{name: "base", log: log})
	want := "open a, open b, open base, a, b, base, b, base, a, base, a, b, a, base, base, a, finish a, finish b, finish base"
	if got := strings.Join(log.ops, ", "); got != want {
		t.Errorf("turns\n got %s\nwant %s", got, want)
	}
	if got, want := windows(rows), []time.Duration{450 * time.Millisecond, 300 * time.Millisecond, 450 * time.Millisecond}; !slices.Equal(got, want) {
		t.Errorf("windows %v, want %v", got, want)
	}
	if len(more.asked) != 2 {
		t.Errorf("More asked %d times, want after the window and after the extension", len(more.asked))
	}
	for _, r := range rows {
		if r.Partial {
			t.Errorf("%s is partial", r.Codec)
		}
	}
}

// Cap bounds the window a codec gets, however often More flags it.
func TestUntilStopsAtTheCap(t *testing.T) {
	log := &turnLog{}
	cfg := results.Config{Duration: 300 * time.Millisecond, Slice: 100 * time.Millisecond}
	asked := 0
	always := func(sofar []results.Result) []bool { asked++; return []bool{true, false} }
	rows := runFakeUntil(context.Background(), cfg, Until{Cap: 600 * time.Millisecond, More: always},
		&fakeRunner{name: "a", log: log}, &fakeRunner{name: "base", log: log})
	if got, want := windows(rows), []time.Duration{600 * time.Millisecond, 300 * time.Millisecond}; !slices.Equal(got, want) {
		t.Errorf("windows %v, want %v", got, want)
	}
	if asked != 3 {
		t.Errorf("More asked %d times, want 3 (after 300ms, 450ms and 600ms)", asked)
	}
	// a cap at the window, or no More, is today's level
	for _, until := range []Until{{Cap: 300 * time.Millisecond, More: always}, {Cap: time.Hour}} {
		asked = 0
		rows := runFakeUntil(context.Background(), cfg, until, &fakeRunner{name: "a", log: log}, &fakeRunner{name: "base", log: log})
		if got, want := windows(rows), []time.Duration{300 * time.Millisecond, 300 * time.Millisecond}; !slices.Equal(got, want) || asked != 0 {
			t.Errorf("cap %v, More %v: windows %v, More asked %d times; want %v and none", until.Cap, until.More != nil, got, asked, want)
		}
	}
}

// -slice 0: each codec's window still runs whole, warmed up just before
// it; the level is kept open for an extension, which is one turn of half
// the window.
func TestUntilWithOneSliceExtendsAfterEveryWindow(t *testing.T) {
	log := &turnLog{}
	more := &flagOnce{flagged: []int{0}}
	rows := runFakeUntil(context.Background(), results.Config{Duration: time.Second}, Until{Cap: 3 * time.Second, More: more.more},
		&fakeRunner{name: "a", log: log}, &fakeRunner{name: "b", log: log})
	if got, want := strings.Join(log.ops, ", "), "open a, a, open b, b, a, finish a, finish b"; got != want {
		t.Errorf("turns\n got %s\nwant %s", got, want)
	}
	if got, want := windows(rows), []time.Duration{1500 * time.Millisecond, time.Second}; !slices.Equal(got, want) {
		t.Errorf("windows %v, want %v", got, want)
	}
}

// The rows More reads hold each codec's stops on the clock of its turns
// laid end to end, as Finish's row does; a codec that failed says why.
func TestUntilHandsMoreTheStopsOnTheTurnsClock(t *testing.T) {
	cfg := results.Config{Duration: 300 * time.Millisecond, Slice: 100 * time.Millisecond}
	more := &flagOnce{flagged: []int{0}}
	log := &turnLog{}
	runFakeUntil(context.Background(), cfg, Until{Cap: time.Second, More: more.more},
		&fakeRunner{name: "a", log: log, stops: true}, &fakeRunner{name: "failing", log: log, stops: true, failAt: 2})
	first, second := more.asked[0], more.asked[1]
	a := first[0]
	if a.Codec != "a" || a.Window != 300*time.Millisecond || a.Err != "" {
		t.Fatalf("a's row so far: %s, window %v, error %q", a.Codec, a.Window, a.Err)
	}
	wantTurns := []latency.Turn{{Window: 100 * time.Millisecond, Stops: 2}, {Window: 100 * time.Millisecond, Stops: 2}, {Window: 100 * time.Millisecond, Stops: 2}}
	if !slices.Equal(a.STWTurns, wantTurns) {
		t.Errorf("a's turns %v, want %v", a.STWTurns, wantTurns)
	}
	var wantStops []latency.Stop
	for turn := range 3 {
		from, begin := time.Duration(turn)*100*time.Millisecond, time.Duration(turn+1)*time.Microsecond
		wantStops = append(wantStops, latency.Stop{At: from + time.Millisecond, Begin: begin}, latency.Stop{At: from + 50*time.Millisecond, Begin: begin})
	}
	if !slices.Equal(a.STWStops, wantStops) || a.STWWaited != 12*time.Microsecond || len(a.MMU) == 0 {
		t.Errorf("a's stops %v (waited %v, MMU %v), want %v", a.STWStops, a.STWWaited, a.MMU, wantStops)
	}
	// after the extension (100ms, then 50ms), its turns go on on one clock
	if got := second[0].STWStops[len(second[0].STWStops)-1]; got.At != 400*time.Millisecond+25*time.Millisecond {
		t.Errorf("the last stop of a's extension is at %v on the turns' clock, want 425ms", got.At)
	}
	if f := first[1]; f.Err != "boom" || f.Window != 200*time.Millisecond || len(f.STWTurns) != 2 {
		t.Errorf("the failing codec's row so far: error %q, window %v, %d turns", f.Err, f.Window, len(f.STWTurns))
	}
}

// Cancelled in an extension, a row cut short of the window it was given
// is partial, as one cut short of its duration is; a codec that had all
// of its window is not.
func TestUntilCancelledMidExtensionIsPartial(t *testing.T) {
	cfg := results.Config{Duration: 300 * time.Millisecond, Slice: 100 * time.Millisecond}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log := &turnLog{}
	a := &fakeRunner{name: "a", log: log, onTurn: func(turn int) {
		if turn == 4 { // its first turn past the window
			cancel()
		}
	}}
	rows := runFakeUntil(ctx, cfg, Until{Cap: time.Second, More: (&flagOnce{flagged: []int{0}}).more}, a, &fakeRunner{name: "base", log: log})
	if len(rows) != 2 || !rows[0].Partial || rows[0].Window != 400*time.Millisecond || rows[1].Partial {
		t.Errorf("rows %+v: want a partial at 400ms of 450, base whole", rows)
	}
}
