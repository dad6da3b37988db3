package load

import (
	"github.com/pingpong-bench/pingpong/internal/codecs"

	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// turnLog is what fake runners were asked, in order.
type turnLog struct{ ops []string }

// fakeRunner plays one codec of a level: each turn lasts stretch times
// what was asked (a codec whose round trips outlast a slice), and it can
// refuse to open or fail at a turn. With stops, each turn holds two stops,
// 1ms and half the turn into it, whose Begin is the turn's number in µs;
// onTurn, when set, is called with the turn's number as it starts.
type fakeRunner struct {
	name     string
	log      *turnLog
	stretch  time.Duration
	refuse   bool
	failAt   int
	stops    bool
	onTurn   func(turn int)
	turns    int
	measured time.Duration
}

func (f *fakeRunner) Info() results.CodecInfo                              { return results.CodecInfo{Name: f.name} }
func (f *fakeRunner) Run(context.Context, results.Scenario) results.Result { panic("not a level") }
func (f *fakeRunner) Close()                                               {}

func (f *fakeRunner) Open(_ context.Context, s results.Scenario) error {
	f.log.ops = append(f.log.ops, "open "+f.name)
	if f.refuse {
		return errors.New("the codec cannot run this input")
	}
	return nil
}

func (f *fakeRunner) Slice(_ context.Context, d time.Duration) (TurnStops, error) {
	f.log.ops = append(f.log.ops, f.name)
	f.turns++
	if f.onTurn != nil {
		f.onTurn(f.turns)
	}
	ts := TurnStops{Window: d * max(f.stretch, 1)}
	if f.stops {
		begin := time.Duration(f.turns) * time.Microsecond
		ts.Stops = []latency.Stop{{At: time.Millisecond, Begin: begin}, {At: ts.Window / 2, Begin: begin}}
	}
	f.measured += ts.Window
	if f.turns == f.failAt {
		return ts, errors.New("boom")
	}
	return ts, nil
}

func (f *fakeRunner) Finish() results.Result {
	f.log.ops = append(f.log.ops, "finish "+f.name)
	return results.Result{Scenario: results.Scenario{Codec: f.name}, Window: f.measured, Slices: f.turns}
}

func runFakeTurns(cfg results.Config, fs ...*fakeRunner) []results.Result {
	return runFakeUntil(context.Background(), cfg, Until{}, fs...)
}

func runFakeUntil(ctx context.Context, cfg results.Config, until Until, fs ...*fakeRunner) []results.Result {
	level := make([]results.Scenario, len(fs))
	rs := make([]Runner, len(fs))
	for i, f := range fs {
		level[i], rs[i] = results.Scenario{Codec: f.name, Mode: results.ModeEncdec, Pairs: 1}, f
	}
	return RunTurns(ctx, cfg.Slice, cfg.Duration, level, rs, until)
}

// Every codec is warmed up before the first turn; then the codecs take
// turns, the order rotating each round, until each has had its window.
func TestRunTurnsRotatesTheCodecsOfALevel(t *testing.T) {
	log := &turnLog{}
	cfg := results.Config{Duration: 300 * time.Millisecond, Slice: 100 * time.Millisecond}
	rows := runFakeTurns(cfg, &fakeRunner{name: "a", log: log}, &fakeRunner{name: "b", log: log}, &fakeRunner{name: "base", log: log})
	want := "open a, open b, open base, a, b, base, b, base, a, base, a, b, finish a, finish b, finish base"
	if got := strings.Join(log.ops, ", "); got != want {
		t.Errorf("turns\n got %s\nwant %s", got, want)
	}
	for _, r := range rows {
		if r.Window != cfg.Duration || r.Slices != 3 {
			t.Errorf("%s: window %v in %d turns, want 300ms in 3", r.Codec, r.Window, r.Slices)
		}
	}
}

// A codec whose turns run long (a round trip longer than the slice) takes
// fewer turns; one that cannot run, or fails, takes no more, and every row
// still comes back.
func TestRunTurnsGivesEachCodecItsWindowAndNoMore(t *testing.T) {
	log := &turnLog{}
	cfg := results.Config{Duration: 400 * time.Millisecond, Slice: 100 * time.Millisecond}
	slow := &fakeRunner{name: "slow", log: log, stretch: 3}
	failing := &fakeRunner{name: "failing", log: log, failAt: 2}
	refused := &fakeRunner{name: "refused", log: log, refuse: true}
	base := &fakeRunner{name: "base", log: log}
	rows := runFakeTurns(cfg, slow, failing, refused, base)
	if slow.turns != 2 || failing.turns != 2 || refused.turns != 0 || base.turns != 4 {
		t.Errorf("turns: slow %d failing %d refused %d base %d, want 2, 2, 0, 4", slow.turns, failing.turns, refused.turns, base.turns)
	}
	if len(rows) != 4 || fmt.Sprint(rows[0].Codec, rows[2].Codec) != "slowrefused" {
		t.Errorf("rows %v: want one per codec, in the level's order", rows)
	}
}

// -slice 0, or a slice as long as the window: each codec's window runs
// whole, warmed up just before it.
func TestRunTurnsWithOneSliceRunsCodecsOneAfterTheOther(t *testing.T) {
	for _, slice := range []time.Duration{0, time.Second} {
		log := &turnLog{}
		runFakeTurns(results.Config{Duration: time.Second, Slice: slice}, &fakeRunner{name: "a", log: log}, &fakeRunner{name: "b", log: log})
		if got, want := strings.Join(log.ops, ", "), "open a, a, finish a, open b, b, finish b"; got != want {
			t.Errorf("slice %v: %s, want %s", slice, got, want)
		}
	}
}

// levelRunner runs a real Level of one codec, in this process.
type levelRunner struct {
	fakeRunner
	c     codecs.Codec
	level *Level
}

func (l *levelRunner) Open(ctx context.Context, s results.Scenario) error {
	l.level = OpenLevel(ctx, l.c, []byte(`"x"`), nil, s.Pairs, Watch{Warmup: 10 * time.Millisecond}, false)
	return nil
}

func (l *levelRunner) Slice(ctx context.Context, d time.Duration) (TurnStops, error) {
	return l.level.Slice(ctx, d)
}

func (l *levelRunner) Finish() results.Result {
	lr, err := l.level.Close()
	r := results.Result{Scenario: results.Scenario{Codec: l.name}}
	FillLevel(&r, lr, err, false)
	return r
}

// While one codec takes its turn, the others are parked: no call of one
// codec overlaps a call of the other, and each round trip is whole.
func TestTurnsNeverOverlap(t *testing.T) {
	a, b := &sleepy{d: 3 * time.Millisecond}, &sleepy{d: 5 * time.Millisecond}
	cfg := results.Config{Duration: 200 * time.Millisecond, Slice: 20 * time.Millisecond}
	level := []results.Scenario{{Codec: "a", Mode: results.ModeEncdec, Pairs: 1}, {Codec: "b", Mode: results.ModeEncdec, Pairs: 1}}
	rows := RunTurns(context.Background(), cfg.Slice, cfg.Duration, level, []Runner{&levelRunner{fakeRunner: fakeRunner{name: "a"}, c: a}, &levelRunner{fakeRunner: fakeRunner{name: "b"}, c: b}}, Until{})
	for _, r := range rows {
		// at least two turns each, for the codecs to alternate: each turn
		// waits for the round trip in flight, and a loaded machine lengthens
		// them until four fill the window
		if r.Err != "" || r.Slices < 2 || r.Window < cfg.Duration || r.N == 0 {
			t.Errorf("%s: %d turns, window %v, n %d, error %q", r.Codec, r.Slices, r.Window, r.N, r.Err)
		}
	}
	for _, x := range a.calls {
		for _, y := range b.calls {
			if x[0].Before(y[1]) && y[0].Before(x[1]) {
				t.Fatalf("a call of a (%v-%v) overlaps one of b (%v-%v)", x[0], x[1], y[0], y[1])
			}
		}
	}
}
