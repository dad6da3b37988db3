package flight

import (
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/exp/trace"

	"github.com/pingpong-bench/pingpong/latency"
)

// Hand-made events: a stop begun by goroutine 1 at 1ms, with goroutines 2
// and 3 running on the other Ps and 4 waiting for one.
type script struct {
	t      *testing.T
	events []trace.Event
}

func (s *script) add(ev trace.Event, err error) {
	s.t.Helper()
	if err != nil {
		s.t.Fatal(err)
	}
	s.events = append(s.events, ev)
}

func ms(f float64) trace.Time { return trace.Time(f * float64(time.Millisecond)) }

func (s *script) goTo(at trace.Time, g trace.GoID, from, to trace.GoState, frames ...string) {
	st := trace.MakeGoStateTransition(g, from, to)
	var fs []trace.StackFrame
	for i, f := range frames {
		fs = append(fs, trace.StackFrame{PC: uint64(0x1000 + i), Func: f, File: "x.go", Line: uint64(i + 1)})
	}
	stack := trace.NoStack
	if fs != nil {
		stack = trace.MakeStack(fs) // a transition's stack is its event's
	}
	s.add(trace.MakeEvent(trace.EventConfig[trace.StateTransition]{Time: at, Kind: trace.EventStateTransition, Goroutine: g, Stack: stack, Details: st}))
}

func (s *script) rangeEv(at trace.Time, kind trace.EventKind, g trace.GoID, name string) {
	s.add(trace.MakeEvent(trace.EventConfig[trace.Range]{Time: at, Kind: kind, Goroutine: g,
		Details: trace.Range{Name: name, Scope: trace.MakeResourceID(g)}}))
}

func (s *script) analyze(opts Options) []latency.Culprit {
	var a analysis
	a.init(opts)
	for _, ev := range s.events {
		a.event(ev)
	}
	return a.done
}

// setup puts goroutine 1 (the stopper) and 2, 3 running, 4 runnable.
func setup(t *testing.T) *script {
	s := &script{t: t}
	s.goTo(0, 1, trace.GoUndetermined, trace.GoRunning)
	s.goTo(0, 2, trace.GoUndetermined, trace.GoRunning)
	s.goTo(0, 3, trace.GoUndetermined, trace.GoRunning)
	s.goTo(0, 4, trace.GoUndetermined, trace.GoRunnable)
	return s
}

const readMemStats = "stop-the-world (read mem stats)"

func TestStopsNamesTheGoroutineThatStoppedLast(t *testing.T) {
	s := setup(t)
	s.rangeEv(ms(1), trace.EventRangeBegin, 1, readMemStats)
	s.goTo(ms(1.05), 3, trace.GoRunning, trace.GoRunnable, "runtime.asyncPreempt", "example.com/fast.Loop")
	s.goTo(ms(31), 2, trace.GoRunning, trace.GoRunnable,
		"runtime.morestack", "internal/runtime/sys.Foo", "example.com/slow.Decode", "main.main")
	s.rangeEv(ms(31.2), trace.EventRangeEnd, 1, readMemStats)
	got := s.analyze(Options{})
	if len(got) != 1 {
		t.Fatalf("%d stops, want 1: %+v", len(got), got)
	}
	c := got[0]
	if c.Goroutine != 2 || c.Frame != "example.com/slow.Decode" || c.Kind != latency.KindNonPreemptible ||
		c.Stall != 30*time.Millisecond || c.Stop != ms(30.2).Sub(0) || c.At != time.Millisecond || c.What != readMemStats {
		t.Errorf("culprit %+v", c)
	}
	if len(c.Stack) != 4 || c.Stack[0] != "runtime.morestack x.go:1" {
		t.Errorf("stack %q: want all four frames, innermost first", c.Stack)
	}
}

func TestStopsClassifiesShortStops(t *testing.T) {
	const markTerm = "stop-the-world (GC mark termination)"
	for _, tc := range []struct {
		name   string
		stop   string
		to     trace.GoState // how goroutine 2, the last, leaves its P
		assist bool
		want   string
	}{
		{"gc stop", markTerm, trace.GoRunnable, false, latency.KindGC},
		{"mark assist", readMemStats, trace.GoRunnable, true, latency.KindGC},
		{"syscall", readMemStats, trace.GoSyscall, false, latency.KindSyscall},
		{"runnable waiting", readMemStats, trace.GoRunnable, false, latency.KindCPU},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := setup(t)
			if tc.assist {
				s.rangeEv(ms(0.5), trace.EventRangeBegin, 2, "GC mark assist")
			}
			s.rangeEv(ms(1), trace.EventRangeBegin, 1, tc.stop)
			s.goTo(ms(1.05), 3, trace.GoRunning, trace.GoWaiting)
			s.goTo(ms(1.1), 2, trace.GoRunning, tc.to, "runtime.asyncPreempt", "example.com/a.F")
			s.rangeEv(ms(1.3), trace.EventRangeEnd, 1, tc.stop)
			got := s.analyze(Options{})
			if len(got) != 1 || got[0].Kind != tc.want || got[0].Goroutine != 2 || got[0].Stall != 100*time.Microsecond {
				t.Errorf("got %+v, want kind %s", got, tc.want)
			}
		})
	}
}

// With no goroutine to wait on, the stall is the whole stop, and nothing
// explains it.
func TestStopsWithNothingRunning(t *testing.T) {
	s := &script{t: t}
	s.goTo(0, 1, trace.GoUndetermined, trace.GoRunning)
	s.rangeEv(ms(1), trace.EventRangeBegin, 1, readMemStats)
	s.rangeEv(ms(1.02), trace.EventRangeEnd, 1, readMemStats)
	got := s.analyze(Options{})
	if len(got) != 1 || got[0].Kind != latency.KindNone || got[0].Goroutine != 0 || got[0].Stall != 20*time.Microsecond {
		t.Fatalf("got %+v", got)
	}
}

// A goroutine scheduled just after the stop's event, before the runtime's
// request reached its P, is waited on too.
func TestStopsWaitsOnGoroutineScheduledLate(t *testing.T) {
	s := setup(t)
	s.rangeEv(ms(1), trace.EventRangeBegin, 1, readMemStats)
	s.goTo(ms(1.01), 3, trace.GoRunning, trace.GoWaiting)
	s.goTo(ms(1.02), 4, trace.GoRunnable, trace.GoRunning)
	s.goTo(ms(1.03), 2, trace.GoRunning, trace.GoRunnable)
	s.goTo(ms(9), 4, trace.GoRunning, trace.GoRunnable, "runtime.goschedIfBusy", "example.com/late.Run")
	s.rangeEv(ms(9.1), trace.EventRangeEnd, 1, readMemStats)
	got := s.analyze(Options{})
	if len(got) != 1 || got[0].Goroutine != 4 || got[0].Frame != "example.com/late.Run" {
		t.Fatalf("got %+v", got)
	}
}

func TestAnalyzePicksLongestOrNearest(t *testing.T) {
	s := setup(t)
	for i, stall := range []float64{2, 40, 7} { // stops at 10ms, 110ms, 210ms
		begin := float64(10 + 100*i)
		s.rangeEv(ms(begin), trace.EventRangeBegin, 1, readMemStats)
		s.goTo(ms(begin+stall), 2, trace.GoRunning, trace.GoRunnable, "example.com/a.F")
		s.rangeEv(ms(begin+stall+0.1), trace.EventRangeEnd, 1, readMemStats)
		s.goTo(ms(begin+stall+0.2), 2, trace.GoRunnable, trace.GoRunning)
	}
	stops := s.analyze(Options{})
	if len(stops) != 3 {
		t.Fatalf("%d stops, want 3", len(stops))
	}
	for _, tc := range []struct {
		opts Options
		want time.Duration
	}{
		{Options{}, 40 * time.Millisecond},
		{Options{Stall: 6 * time.Millisecond}, 7 * time.Millisecond},
		{Options{Stall: time.Millisecond}, 2 * time.Millisecond},
	} {
		if c, err := pick(stops, tc.opts); err != nil || c.Stall != tc.want {
			t.Errorf("%+v picked the stop of %v (%v), want %v", tc.opts, c.Stall, err, tc.want)
		}
	}
	// These hand-made events carry no wall clock.
	if _, err := pick(stops, Options{Near: time.Now()}); err == nil {
		t.Error("picked the stop nearest an instant without a wall clock")
	}
	base := time.Unix(1000, 0)
	for i := range stops {
		stops[i].Wall = base.Add(stops[i].At)
	}
	if c, err := pick(stops, Options{Near: base.Add(200 * time.Millisecond)}); err != nil || c.Stall != 7*time.Millisecond {
		t.Errorf("nearest 200ms: picked %v (%v), want the stop at 210ms", c.At, err)
	}
	if _, err := pick(nil, Options{}); err != ErrNoStop {
		t.Errorf("no stops: %v, want ErrNoStop", err)
	}
}

func TestStdFrame(t *testing.T) {
	for fn, want := range map[string]bool{
		"sync.(*Pool).Put":                                      true,
		"encoding/json.(*decodeState).literalStore":             true,
		"github.com/bytedance/sonic/internal/decoder.F":         false,
		"example.com/slow.Decode":                               false,
		"main.main":                                             false,
		"github.com/pingpong-bench/pingpong/internal/load.echo": false,
	} {
		if got := stdFrame(fn); got != want {
			t.Errorf("stdFrame(%q) = %v, want %v", fn, got, want)
		}
	}
}

// ownFrame knows the module's functions by the module's path, derived
// from this package's: a move of the package within the module must move
// the derivation too.
func TestOwnFrame(t *testing.T) {
	own := runtime.FuncForPC(reflect.ValueOf(Start).Pointer()).Name()
	if !strings.HasSuffix(modulePrefix, "/") || !strings.HasPrefix(own, modulePrefix+"latency/flight.") {
		t.Fatalf("modulePrefix %q: not the module's path of %s", modulePrefix, own)
	}
	for fn, want := range map[string]bool{own: true, "encoding/json.Unmarshal": false, "github.com/bytedance/sonic.Unmarshal": false} {
		if got := ownFrame(fn); got != want {
			t.Errorf("ownFrame(%q) = %v, want %v", fn, got, want)
		}
	}
}
