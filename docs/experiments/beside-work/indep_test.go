package besidework

import (
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestIndependent runs fn in GOMAXPROCS goroutines, forces a stop every
// 10ms and adds up the runtime's own stopping latencies (no pingpong code).
func TestIndependent(t *testing.T) {
	fn := freezer(envInt("K", 86))
	var stop atomic.Bool
	var calls atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for !stop.Load() {
				fn()
				calls.Add(1)
			}
		})
	}
	time.Sleep(300 * time.Millisecond)
	s := []metrics.Sample{{Name: "/sched/pauses/stopping/other:seconds"}}
	metrics.Read(s)
	before := s[0].Value.Float64Histogram()
	b := append([]uint64(nil), before.Counts...)
	var ms runtime.MemStats
	t0 := time.Now()
	for time.Since(t0) < 3*time.Second {
		runtime.ReadMemStats(&ms)
		time.Sleep(10 * time.Millisecond)
	}
	win := time.Since(t0)
	metrics.Read(s)
	h := s[0].Value.Float64Histogram()
	var sum float64
	var n uint64
	for i, c := range h.Counts {
		d := c - b[i]
		if d > 0 {
			lo := h.Buckets[i]
			if lo < 0 || lo != lo {
				lo = 0
			}
			sum += float64(d) * lo
			n += d
		}
	}
	stop.Store(true)
	wg.Wait()
	fmt.Fprintf(os.Stderr, "independent: %d stops, waiting %.1f%% of %v (lower bucket edges), %d calls\n", n, 100*sum/win.Seconds(), win.Round(time.Millisecond), calls.Load())
}
