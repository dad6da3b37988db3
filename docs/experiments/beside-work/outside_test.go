package besidework

import (
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"slices"
	"testing"
	"time"
)

// TestReadMemStatsOutside times ReadMemStats on an idle program against the
// runtime's own record of the stop it forced (/sched/pauses/total/other):
// the call's time outside the stop.
func TestReadMemStatsOutside(t *testing.T) {
	s := []metrics.Sample{{Name: "/sched/pauses/total/other:seconds"}}
	var ms runtime.MemStats
	var outside []time.Duration
	for range 2000 {
		metrics.Read(s)
		before := slices.Clone(s[0].Value.Float64Histogram().Counts)
		t0 := time.Now()
		runtime.ReadMemStats(&ms)
		call := time.Since(t0)
		metrics.Read(s)
		h := s[0].Value.Float64Histogram()
		for i, c := range h.Counts {
			if c > before[i] {
				lo := time.Duration(h.Buckets[i] * 1e9)
				outside = append(outside, call-lo)
			}
		}
		time.Sleep(100 * time.Microsecond)
	}
	slices.Sort(outside)
	q := func(p float64) time.Duration { return outside[int(p*float64(len(outside)-1))] }
	fmt.Fprintf(os.Stderr, "ReadMemStats outside its stop (call less the pause's lower bucket edge), %d calls: p50 %v p99 %v max %v\n", len(outside), q(0.5), q(0.99), outside[len(outside)-1])
}
