package besidework

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// TestIndependent runs fn in GOMAXPROCS goroutines, forces a stop every
// 10ms and adds up the runtime's own stopping latencies (no pingpong code).
// The stop is asked by whichever goroutine finishes a call when one is due,
// as a GC starts on a running goroutine; ASK=sleep asks from a goroutine of
// its own that sleeps 10ms between stops, which waits for a P the loops hold.
// INDEP=sonic runs sonic's decode and encode of attachment:10MB instead of
// the freezer. It gives the window's stops also per second of the
// process's CPU, which beside other work is a fraction of the window.
func TestIndependent(t *testing.T) {
	fn := freezer(envInt("K", 86))
	if os.Getenv("INDEP") == "sonic" {
		fn = sonicRoundTrip(t)
	}
	var stop atomic.Bool
	var calls atomic.Int64
	var wg sync.WaitGroup
	var ms runtime.MemStats
	var mu sync.Mutex
	t0 := time.Now()
	var due atomic.Int64 // since t0; MaxInt64 until the window opens
	due.Store(math.MaxInt64)
	const every = 10 * time.Millisecond
	byLoad := os.Getenv("ASK") != "sleep"
	ask := func() {
		if !mu.TryLock() {
			return
		}
		defer mu.Unlock()
		d := time.Duration(due.Load())
		if now := time.Since(t0); now < d {
			return
		}
		runtime.ReadMemStats(&ms)
		now := time.Since(t0)
		due.Store(int64(d + (now-d)/every*every + every))
	}
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for !stop.Load() {
				fn()
				calls.Add(1)
				if byLoad && time.Since(t0) >= time.Duration(due.Load()) {
					ask()
				}
			}
		})
	}
	time.Sleep(300 * time.Millisecond)
	s := []metrics.Sample{{Name: "/sched/pauses/stopping/other:seconds"}}
	metrics.Read(s)
	before := s[0].Value.Float64Histogram()
	b := append([]uint64(nil), before.Counts...)
	cpu0 := cpuTime()
	open := time.Since(t0)
	due.Store(int64(open + every))
	for time.Since(t0) < open+3*time.Second {
		if !byLoad {
			ask()
		}
		time.Sleep(every)
	}
	win := time.Since(t0) - open
	cpu := cpuTime() - cpu0
	metrics.Read(s)
	h := s[0].Value.Float64Histogram()
	var sum, sumHi float64
	var n uint64
	for i, c := range h.Counts {
		d := c - b[i]
		if d > 0 {
			lo := h.Buckets[i]
			if lo < 0 || lo != lo {
				lo = 0
			}
			sum += float64(d) * lo
			sumHi += float64(d) * min(h.Buckets[i+1], 1)
			n += d
		}
	}
	stop.Store(true)
	wg.Wait()
	// the process's CPU over the window, as cores out of GOMAXPROCS: the
	// waits per second of it, times GOMAXPROCS, are the window's waits had
	// the program had its CPUs
	procs := float64(runtime.GOMAXPROCS(0))
	share := min(1, cpu.Seconds()/win.Seconds()/procs)
	fmt.Fprintf(os.Stderr, "independent (asked by the load: %v): %d stops, waiting %.1f%% to %.1f%% of %v (the buckets' edges), %d calls; "+
		"the process ran %.0f%% of its CPUs: %.1f%% to %.1f%% of the time it ran\n",
		byLoad, n, 100*sum/win.Seconds(), 100*sumHi/win.Seconds(), win.Round(time.Millisecond), calls.Load(),
		100*share, 100*sum/win.Seconds()/share, 100*sumHi/win.Seconds()/share)
}

// cpuTime is the process's CPU time, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// sonicRoundTrip is a decode of attachment:10MB into any and an encode of
// the result with sonic, as the guard's pairs do.
func sonicRoundTrip(t *testing.T) func() {
	c, doc := sonicAttachment(t)
	return func() {
		var v any
		if err := c.Unmarshal(doc, &v); err != nil {
			panic(err)
		}
		if _, err := c.Marshal(v); err != nil {
			panic(err)
		}
	}
}
