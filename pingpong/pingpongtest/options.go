package pingpongtest

import (
	"fmt"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/pingpong"
)

// Defaults of the guard: a window per codec (baseline's as long), and the
// deadline of a run that a stop of the world cannot interrupt. -short
// takes the short ones. Warmup is the least warmup before each window,
// whatever its length. Short windows are less sure: on a loaded 2-core
// machine std on citm-catalog, which passes 1s windows, stood out in 4 of
// 8 runs of 300ms after 30ms of warmup, 1 of 6 after 250ms, and 1 of 5
// runs of 500ms.
const (
	Warmup          = 250 * time.Millisecond
	DefaultDuration = pingpong.DefaultDuration
	ShortDuration   = 500 * time.Millisecond
	DefaultDeadline = 30 * time.Second
	ShortDeadline   = 10 * time.Second
)

// An Option changes how a guard or a benchmark measures.
type Option func(*options)

type options struct {
	run    pingpong.Options
	strict bool
	first  bool  // FirstCall
	procs  int   // FirstCall's fresh processes; 0: DefaultProcesses
	err    error // an option out of its range
}

// Duration sets the measured window of the codec, and of baseline
// (DefaultDuration, or ShortDuration under -short).
func Duration(d time.Duration) Option { return func(o *options) { o.run.Duration = d } }

// Level sets how many pairs run at once (GOMAXPROCS, the pingpong
// command's level N, by default).
func Level(pairs int) Option { return func(o *options) { o.run.Levels = []int{pairs} } }

// Deadline sets how long the guard may take before the pairs stop calling
// the codec (DefaultDeadline, or ShortDeadline under -short): past it, the
// guard fails, saying whether a stop of the world that did not begin was
// what held it.
func Deadline(d time.Duration) Option { return func(o *options) { o.run.Deadline = d } }

// FrozenBar sets the verdict's bar on the frozen share, in points of the
// window as the guard's messages and the pingpong command print it: the
// codec fails when the program spent more of the window frozen than under
// the reference by more than points, beyond doubt (FrozenBar(5): 7%
// against the reference's 2%). The pingpong command's bar of 3 points
// (verdict.FrozenPoints) is the default.
func FrozenBar(points float64) Option {
	return func(o *options) {
		if points <= 0 || points >= 100 {
			o.err = fmt.Errorf("FrozenBar(%g): a bar is in points of the window, between 0 and 100 (3 is three points)", points)
			return
		}
		o.run.FrozenBar = points / 100
	}
}

// WaitingBar is FrozenBar as a share of the window (0.05 is five points).
//
// Deprecated: use FrozenBar, which takes points as every message prints
// them: WaitingBar(0.05) is FrozenBar(5).
func WaitingBar(share float64) Option {
	return func(o *options) {
		if share <= 0 || share >= 1 {
			o.err = fmt.Errorf("WaitingBar(%g): a bar is a share of the window between 0 and 1 (0.05 is five points; FrozenBar takes points)", share)
			return
		}
		o.run.FrozenBar = share
	}
}

// LongStop sets what counts as a long stop in the verdict's other bar:
// the codec fails when, beyond doubt, verdict.TailShare more of its stops
// than of the reference's waited longer than d to begin (verdict.LongStop
// by default).
func LongStop(d time.Duration) Option {
	return longerThan0("LongStop", "a long stop", d, func(o *options) { o.run.LongStop = d })
}

// longerThan0 is the option name(d) that sets what set sets, or fails
// the test saying that what is longer than 0.
func longerThan0(name, what string, d time.Duration, set func(o *options)) Option {
	return func(o *options) {
		if d <= 0 {
			o.err = fmt.Errorf("%s(%v): %s is longer than 0", name, d, what)
			return
		}
		set(o)
	}
}

// Budget sets a freeze budget: the guard also fails when the p99 of the
// codec's stops' waits (pingpong.BudgetQuantile, the pingpong command's
// -budget rule: the time the probe could not ask for a stop counts as
// stops that waited that long) is at or over d, whatever the verdict
// says. Where the kernel splits each stop's wait (Linux), the p99 is of
// the time the codec held its stops, the machine's share left out; where
// it cannot, and the reference's own p99 is over d too, the machine
// cannot keep any code within it: the guard cannot tell, and skips
// (Strict: fails). No budget by default; Benchmark ignores it.
func Budget(d time.Duration) Option {
	return longerThan0("Budget", "a budget", d, func(o *options) { o.run.Budget = d })
}

// Until sets the most window the guard may measure for while it cannot
// tell whether the codec freezes the program (d at or under the window:
// never longer). By default it is a fifth of the deadline (6s of a 1s
// window, 2s under -short), or three windows where that is more: beside
// other work the program runs a part of its window, and a window the
// program ran a sixth of holds a sixth of the codec's calls, too few to
// tell a freeze by; the codec's, control's and baseline's turns at that
// length, with their warmups, take about two thirds of the deadline.
func Until(d time.Duration) Option { return func(o *options) { o.run.Until = d } }

// untilOfDeadline is the default Until's share of the deadline (Until).
const untilOfDeadline = 5

// FirstCall makes the guard judge the first call, each in a fresh
// process, in place of the steady state: NoFreeze's first decode of doc
// and first encode of what it decoded, NoFreezeFunc's first call of fn,
// against control's first call in as many fresh processes (Processes).
// The fresh process is the test binary run again up to the same guard:
// see FirstCall's paragraph in the package's doc. It takes Processes,
// LongStop (the floor a first call's stops must hold over to freeze the
// program: 1ms by default, verdict.ColdFreezeFloor), Deadline (of each
// fresh process) and Strict; the steady guard's window and bars (Duration,
// Level, Until, FrozenBar, Budget) do not apply and fail the test.
func FirstCall() Option { return func(o *options) { o.first = true } }

// Processes sets how many fresh processes a FirstCall guard starts for
// the first call, and as many for control's (DefaultProcesses): at least
// 3, for a median of a majority.
func Processes(n int) Option {
	return func(o *options) {
		if n < leastProcesses {
			o.err = fmt.Errorf("Processes(%d): a median over fresh processes takes at least %d", n, leastProcesses)
			return
		}
		o.procs = n
	}
}

// Strict fails a test whose guard could not tell, where the default skips
// it saying why: for a suite whose machine is known to be quiet enough.
func Strict() Option { return func(o *options) { o.strict = true } }

// settled are the options opts make, or t fails naming the one out of its
// range.
func settled(t testing.TB, opts []Option) options {
	t.Helper()
	o := settle(opts)
	if o.err != nil {
		t.Fatalf("pingpongtest: %v", o.err)
	}
	return o
}

func settle(opts []Option) options {
	o := defaults()
	for _, opt := range opts {
		opt(&o)
	}
	if o.err == nil {
		o.err = o.firstCallErr(defaults().run)
	}
	if o.run.Until == 0 {
		o.run.Until = max(pingpong.UntilWindows*o.run.Duration, o.run.Deadline/untilOfDeadline)
	}
	return o
}

func defaults() options {
	o := options{run: pingpong.Options{Duration: DefaultDuration, Warmup: Warmup, Deadline: DefaultDeadline}}
	if testing.Short() {
		o.run.Duration, o.run.Deadline = ShortDuration, ShortDeadline
	}
	return o
}
