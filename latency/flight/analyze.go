package flight

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"

	"golang.org/x/exp/trace"

	"github.com/pingpong-bench/pingpong/latency"
)

// Options chooses which stop Analyze explains and how it classifies it.
type Options struct {
	// Near picks the stop that began nearest this wall-clock instant (it
	// needs a trace from Go 1.25 or later, which carries the wall clock).
	Near time.Time
	// Stall, when Near is zero, picks the stop whose Stall is nearest this,
	// for example the maximum an STWProbe recorded.
	Stall time.Duration
	// NonPreemptible is how long a stop must have waited on one goroutine
	// for that goroutine to count as non-preemptible. The runtime asks
	// every goroutine to stop again every 100us while it waits, so a
	// goroutine that can be preempted stops within a few of those. Default
	// 1ms.
	NonPreemptible time.Duration
}

// ErrNoStop says the trace holds no complete stop of the world.
var ErrNoStop = errors.New("no stop of the world in the trace")

const defaultNonPreemptible = time.Millisecond

// Analyze explains one stop of the world in a trace: by default the one
// that took longest to begin (the figure the STW probe and the runtime's
// stopping histograms measure; a stop whose length is its own work, like a
// big GC mark termination, shows that in Culprit.Stop instead), or the one
// Options pick.
func Analyze(tr []byte, opts Options) (latency.Culprit, error) {
	stops, err := Stops(tr, opts)
	if err != nil {
		return latency.Culprit{}, err
	}
	return pick(stops, opts)
}

func pick(stops []latency.Culprit, opts Options) (latency.Culprit, error) {
	if len(stops) == 0 {
		return latency.Culprit{}, ErrNoStop
	}
	best := 0
	for i, c := range stops {
		var better bool
		switch b := stops[best]; {
		case !opts.Near.IsZero():
			if c.Wall.IsZero() {
				return latency.Culprit{}, fmt.Errorf("stop nearest %v: the trace has no wall clock", opts.Near)
			}
			better = absDuration(c.Wall.Sub(opts.Near)) < absDuration(b.Wall.Sub(opts.Near))
		case opts.Stall > 0:
			better = absDuration(c.Stall-opts.Stall) < absDuration(b.Stall-opts.Stall)
		default:
			better = c.Stall > b.Stall || c.Stall == b.Stall && c.Stop > b.Stop
		}
		if better {
			best = i
		}
	}
	return stops[best], nil
}

func absDuration(d time.Duration) time.Duration { return max(d, -d) }

// Stops explains every complete stop of the world in a trace, in the order
// they began. Each is classified by the first rule that holds:
//   - non-preemptible: the goroutine it waited on last kept running at
//     least Options.NonPreemptible after the stop began;
//   - gc: the stop was the garbage collector's own, or the goroutine it
//     waited on last was assisting the GC;
//   - syscall: that goroutine left its P by entering a system call;
//   - cpu: goroutines were runnable, waiting for a P, when the stop began;
//   - none otherwise.
func Stops(tr []byte, opts Options) ([]latency.Culprit, error) {
	r, err := trace.NewReader(bytes.NewReader(tr))
	if err != nil {
		return nil, fmt.Errorf("reading trace: %w", err)
	}
	var a analysis
	a.init(opts)
	for {
		ev, err := r.ReadEvent()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading trace: %w", err)
		}
		a.event(ev)
	}
	return a.done, nil
}

// analysis follows every goroutine's state through the trace, and, while a
// stop is in progress, which of the goroutines running when it began have
// left their P.
type analysis struct {
	opts      Options
	states    map[trace.GoID]trace.GoState
	assisting map[trace.GoID]bool // in a GC mark assist
	started   bool
	start     trace.Time           // the trace's first event
	clock     *trace.ClockSnapshot // the latest, to put wall-clock times on events
	stop      *stop                // the stop in progress, if its beginning is in the trace
	done      []latency.Culprit
}

type stop struct {
	name     string
	begin    trace.Time
	stopper  trace.GoID
	running  map[trace.GoID]bool // running at the beginning, still on their P
	runnable int                 // waiting for a P at the beginning
	// The goroutine that left its P last, so far, and how.
	last      trace.GoID
	lastAt    trace.Time
	lastTo    trace.GoState
	lastStack trace.Stack
	assist    bool
}

func (a *analysis) init(opts Options) {
	if opts.NonPreemptible <= 0 {
		opts.NonPreemptible = defaultNonPreemptible
	}
	a.opts = opts
	a.states = make(map[trace.GoID]trace.GoState)
	a.assisting = make(map[trace.GoID]bool)
}

func (a *analysis) event(ev trace.Event) {
	if !a.started {
		a.started, a.start = true, ev.Time()
	}
	switch ev.Kind() {
	case trace.EventSync:
		if c := ev.Sync().ClockSnapshot; c != nil {
			a.clock = c
		}
	case trace.EventStateTransition:
		a.transition(ev)
	case trace.EventRangeBegin, trace.EventRangeActive:
		rg := ev.Range()
		switch {
		case rg.Name == "GC mark assist" && rg.Scope.Kind == trace.ResourceGoroutine:
			a.assisting[rg.Scope.Goroutine()] = true
		case ev.Kind() == trace.EventRangeBegin && strings.HasPrefix(rg.Name, "stop-the-world"):
			// A stop already active when the trace starts is skipped: who
			// was running when it began is not in the trace.
			a.begin(ev, rg)
		}
	case trace.EventRangeEnd:
		rg := ev.Range()
		switch {
		case rg.Name == "GC mark assist" && rg.Scope.Kind == trace.ResourceGoroutine:
			delete(a.assisting, rg.Scope.Goroutine())
		case a.stop != nil && rg.Name == a.stop.name:
			a.end(ev)
		}
	}
}

func (a *analysis) transition(ev trace.Event) {
	st := ev.StateTransition()
	if st.Resource.Kind != trace.ResourceGoroutine {
		return
	}
	g := st.Resource.Goroutine()
	from, to := st.Goroutine()
	a.states[g] = to
	if to == trace.GoNotExist {
		delete(a.states, g)
	}
	s := a.stop
	if s == nil {
		return
	}
	if to == trace.GoRunning && from != trace.GoRunning && g != s.stopper {
		// Scheduled between the stop's trace event and the runtime's
		// request to stop: the stop must wait for this one too.
		s.running[g] = true
		return
	}
	if from != trace.GoRunning || to == trace.GoRunning || !s.running[g] {
		return
	}
	delete(s.running, g)
	s.last, s.lastAt, s.lastTo, s.lastStack = g, ev.Time(), to, st.Stack
	s.assist = a.assisting[g]
}

func (a *analysis) begin(ev trace.Event, rg trace.Range) {
	s := &stop{name: rg.Name, begin: ev.Time(), stopper: ev.Goroutine(), running: make(map[trace.GoID]bool), last: trace.NoGoroutine}
	if rg.Scope.Kind == trace.ResourceGoroutine {
		s.stopper = rg.Scope.Goroutine()
	}
	for g, st := range a.states {
		switch {
		case st == trace.GoRunning && g != s.stopper:
			// The stopper's own switch to waiting while it stops the
			// world is not traced: it still reads as running.
			s.running[g] = true
		case st == trace.GoRunnable:
			s.runnable++
		}
	}
	a.stop = s
}

func (a *analysis) end(ev trace.Event) {
	s := a.stop
	a.stop = nil
	c := latency.Culprit{
		Stop:  ev.Time().Sub(s.begin),
		Stall: ev.Time().Sub(s.begin),
		What:  s.name,
		At:    s.begin.Sub(a.start),
	}
	if a.clock != nil {
		c.Wall = a.clock.Wall.Add(s.begin.Sub(a.clock.Trace))
	}
	if s.last != trace.NoGoroutine {
		c.Stall = s.lastAt.Sub(s.begin)
		c.Goroutine = uint64(s.last)
		var innermost string
		for f := range s.lastStack.Frames() {
			c.Stack = append(c.Stack, fmt.Sprintf("%s %s:%d", f.Func, f.File, f.Line))
			switch {
			case runtimeFrame(f.Func) || c.Frame != "":
			case ownFrame(f.Func) || stdFrame(f.Func):
				if innermost == "" {
					innermost = f.Func
				}
			default:
				c.Frame = f.Func
			}
		}
		c.Frame = cmp.Or(c.Frame, innermost)
	}
	switch {
	case s.last != trace.NoGoroutine && c.Stall >= a.opts.NonPreemptible:
		c.Kind = latency.KindNonPreemptible
	case strings.Contains(s.name, "(GC ") || s.last != trace.NoGoroutine && s.assist:
		c.Kind = latency.KindGC
	case s.last != trace.NoGoroutine && s.lastTo == trace.GoSyscall:
		c.Kind = latency.KindSyscall
	case s.runnable > 0:
		c.Kind = latency.KindCPU
	default:
		c.Kind = latency.KindNone
	}
	a.done = append(a.done, c)
}

// runtimeFrame says whether a function belongs to the runtime, whose frames
// sit on top of the stack where a goroutine is stopped (asyncPreempt,
// morestack, Gosched, goschedIfBusy, a channel operation's entry) and say
// nothing about what the goroutine was doing.
func runtimeFrame(fn string) bool {
	return strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "internal/runtime/")
}

// ownFrame says whether a function is pingpong's own (its codec wrappers,
// pairs and test codecs). The frame that names a stall is the first one of
// a third-party module (sonic's, under the sync.Pool or memmove caller its
// unsymbolled JIT code returned into); with none, the innermost frame
// outside the runtime (encoding/json's own, or a test codec's).
func ownFrame(fn string) bool { return strings.HasPrefix(fn, modulePrefix) }

// modulePrefix starts the name of every function of pingpong's module: its
// import path and a slash, derived from this package's own (the module's
// latency/flight) so that a move of the module moves it too.
var modulePrefix = strings.TrimSuffix(reflect.TypeFor[Options]().PkgPath(), "latency/flight")

// stdFrame says whether a function is the standard library's (see
// ownFrame for why that matters).
func stdFrame(fn string) bool {
	// the import path's first element: "github.com" in
	// "github.com/x/y.F", "sync" in "sync.(*Pool).Put"
	first, _, slash := strings.Cut(fn, "/")
	if !slash {
		first, _, _ = strings.Cut(fn, ".")
	}
	return !strings.Contains(first, ".") && first != "main" && !ownFrame(fn)
}
