// Package besidework is issue 51's batch: the freeze guard in a module of
// its own, on freezers calibrated here (README.md).
package besidework

import (
	"runtime"
	"time"
)

// spinN is a loop of n iterations in assembly: no safe point. It is
// internal/spin's loop, copied: an outside module cannot import it.
//
//go:noescape
func spinN(n uint64)

// fastest is how many iterations of trial run a nanosecond: the fastest
// of twenty trials of n, as internal/spin calibrates (a trial slowed by
// the machine tells nothing of the loop).
func fastest(n int, trial func(n int)) float64 {
	best := 0.0
	for range 20 {
		t0 := time.Now()
		trial(n)
		best = max(best, float64(n)/float64(time.Since(t0)))
	}
	return best
}

var (
	perNS     = fastest(1<<20, func(n int) { spinN(uint64(n)) })
	workPerNS = fastest(1<<18, work)
)

// Spin spins d of CPU without a safe point, then yields.
//
//go:noinline
func Spin(d time.Duration) {
	spinN(uint64(float64(d) * perNS))
	runtime.Gosched()
}

var sink int

// Work is d of preemptible work (a loop of calls), in CPU time.
func Work(d time.Duration) { work(int(float64(d) * workPerNS)) }

//go:noinline
func work(n int) {
	for i := 0; i < n; i++ {
		sink += step(i)
	}
}

//go:noinline
func step(i int) int { return i & 3 }
