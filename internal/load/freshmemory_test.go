package load

import (
	"context"
	"runtime/metrics"
	"testing"
	"time"
)

// With FreshMemory each pinger returns the heap to the OS after each round
// trip: a forced GC cycle per round trip (debug.FreeOSMemory forces one),
// none without it.
func TestFreshMemoryFreesBetweenRoundTrips(t *testing.T) {
	c, bin := baselineFor(t, `{"a":[1,2,3],"b":"x"}`)
	forced := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	for _, fresh := range []bool{false, true} {
		before := forced()
		lr, err := RunLevelWatched(context.Background(), c, bin, nil, 1, Watch{Duration: 50 * time.Millisecond, FreshMemory: fresh}, false)
		if err != nil {
			t.Fatal(err)
		}
		got := forced() - before
		switch {
		case fresh && int64(got) < lr.N:
			t.Errorf("fresh memory: %d forced GCs for %d round trips", got, lr.N)
		case !fresh && got > 2: // the level's own runtime.GC before its window
			t.Errorf("steady: %d forced GCs", got)
		}
	}
}
