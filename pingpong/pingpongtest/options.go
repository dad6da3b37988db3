package pingpongtest

import (
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
	DefaultDuration = time.Second
	ShortDuration   = 500 * time.Millisecond
	DefaultDeadline = 30 * time.Second
	ShortDeadline   = 10 * time.Second
)

// An Option changes how a guard or a benchmark measures.
type Option func(*options)

type options struct {
	run pingpong.Options
	// waitingBar, when > 0, decides in place of the verdict: see WaitingBar.
	waitingBar float64
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

// WaitingBar replaces the verdict's bars by one of the test's own: the
// codec fails when the share of the window the program spent waiting for
// stops of the world to begin exceeds baseline's by more than points (0.05
// is five points: 7% against baseline's 2%). The verdict's decision, the
// pingpong command's, is the default.
func WaitingBar(points float64) Option { return func(o *options) { o.waitingBar = points } }

func settle(opts []Option) options {
	o := options{run: pingpong.Options{Duration: DefaultDuration, Warmup: Warmup, Deadline: DefaultDeadline}}
	if testing.Short() {
		o.run.Duration, o.run.Deadline = ShortDuration, ShortDeadline
	}
	for _, opt := range opts {
		opt(&o)
	}
	return o
}
