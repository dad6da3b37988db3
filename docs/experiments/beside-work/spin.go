// Package besidework is issue 51's batch: the freeze guard in a module of
// its own, on freezers calibrated here (README.md).
package besidework

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync/atomic"
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

// perNS and workPerNS are calibrated at start, or read from PERNS and
// WORKPERNS (calibrated once on a quiet machine: beside other work, a
// hog on the other hyperthread of a core slows the loops, and a
// calibration taken there spins less CPU than the quiet one).
var (
	perNS     = calibrated("PERNS", 1<<20, func(n int) { spinN(uint64(n)) })
	workPerNS = calibrated("WORKPERNS", 1<<18, work)
)

func calibrated(env string, n int, trial func(n int)) float64 {
	if v, err := strconv.ParseFloat(os.Getenv(env), 64); err == nil && v > 0 {
		return v
	}
	return fastest(n, trial)
}

// Calibration is the loops' speeds, as PERNS and WORKPERNS take them.
func Calibration() string { return fmt.Sprintf("PERNS=%g WORKPERNS=%g", perNS, workPerNS) }

// Spin spins d of CPU without a safe point, then yields.
//
//go:noinline
func Spin(d time.Duration) {
	spinN(uint64(float64(d) * perNS))
	runtime.Gosched()
}

var sink atomic.Int64

// Work is d of preemptible work (a loop of calls), in CPU time.
func Work(d time.Duration) { work(int(float64(d) * workPerNS)) }

// work adds up in a local and stores once: goroutines that wrote one
// shared variable each step bounced its cache line between the CPUs,
// and a call cost 1.8 times the CPU when the pairs ran side by side (a
// quiet machine) as when they took turns (beside other work), which made
// the duty cycle depend on the machine (docs/notes-verdict.md, issue 51).
//
//go:noinline
func work(n int) {
	s := 0
	for i := 0; i < n; i++ {
		s += step(i)
	}
	sink.Add(int64(s))
}

//go:noinline
func step(i int) int { return i & 3 }
