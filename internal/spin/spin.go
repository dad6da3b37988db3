// Package spin runs code that the Go scheduler cannot preempt, for tests
// that need a goroutine to hold its P the way sonic's JIT and native
// assembly do: until it returns, no stop-the-world can complete.
//
// It is a test helper: nothing outside tests should import it.
package spin

import (
	"runtime"
	"sync"
	"time"
)

// SpinN burns n iterations of a tight loop without a safe point. On amd64
// the loop is Go assembly, which the runtime never preempts asynchronously
// (assembly carries no safe-point metadata), so a stop-the-world begun
// while it runs waits for it to return. On other architectures the loop is
// plain Go without calls, which is only non-preemptible with
// GODEBUG=asyncpreemptoff=1 in the environment (see NonPreemptible).
func SpinN(n uint64) {
	if n == 0 {
		return
	}
	spinN(n)
}

// Spin spins for about d in one non-preemptible stretch, using the
// calibrated rate of SpinN. The rate is the fastest of several short
// trials, so unless the CPU later runs faster than in any trial the stretch
// lasts at least d; it lasts longer when the OS deschedules the thread,
// which a busy shared machine does.
//
// Spin then yields, so that a stop of the world that waited on the stretch
// catches the goroutine right there: its execution trace shows the
// goroutine leaving its P in Spin, as sonic's stops end in jitdec.Decode
// right after the JIT code returns. Without the yield the goroutine would
// stop at whatever call with a stack check came next, in its caller or in
// a library.
//
//go:noinline
func Spin(d time.Duration) {
	if d <= 0 {
		return
	}
	SpinN(Iterations(d))
	runtime.Gosched()
}

// Iterations is how many SpinN iterations take about d on this machine.
func Iterations(d time.Duration) uint64 {
	return uint64(float64(d) * perNanosecond())
}

var perNanosecond = sync.OnceValue(calibrate)

// calibrate times SpinN on chunks of about a millisecond and keeps the
// fastest rate: a chunk slowed by the OS or by another process tells
// nothing about the loop itself.
func calibrate() float64 {
	const n = 1 << 20 // ~0.3-1ms at one iteration per cycle
	best := 0.0
	for range 20 {
		t0 := time.Now()
		spinN(n)
		if el := time.Since(t0); el > 0 {
			best = max(best, float64(n)/float64(el))
		}
	}
	return best
}
