package codecs

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bytedance/sonic"

	"github.com/pingpong-bench/pingpong/datasets"
)

// An independent check of a safe size the pingpong command found, with
// nothing of its harness: a loop that times runtime.ReadMemStats (a stop of
// the world) every 10ms beside two goroutines decoding and encoding a
// long-string document with sonic. At twice the safe size the p99 stop is
// over the budget, at half of it under. It measures, so it runs only when
// asked: PINGPONG_SAFE_SIZE is sonic's safe size in bytes (the command's
// "sonic up to ~N" line), PINGPONG_BUDGET the budget (default 10ms). A
// check of the tool, not of the code: never part of the suite's answer.
func TestSafeSizeHoldsInAnIndependentProbe(t *testing.T) {
	size, err := strconv.ParseFloat(os.Getenv("PINGPONG_SAFE_SIZE"), 64)
	if err != nil || size <= 0 {
		t.Skip("set PINGPONG_SAFE_SIZE to sonic's safe size in bytes to run this measurement")
	}
	budget := 10 * time.Millisecond
	if b := os.Getenv("PINGPONG_BUDGET"); b != "" {
		if budget, err = time.ParseDuration(b); err != nil {
			t.Fatalf("PINGPONG_BUDGET: %v", err)
		}
	}
	for _, tc := range []struct {
		factor float64
		over   bool
	}{{2, true}, {0.5, false}} {
		name := fmt.Sprintf("long-string:%dkB", int(tc.factor*size/1000))
		p99 := probeP99(t, name, 3*time.Second)
		t.Logf("%s: p99 stop %v against a budget of %v", name, p99, budget)
		if over := p99 > budget; over != tc.over {
			t.Errorf("%s (%.1fx the safe size): p99 stop %v, want it %s the budget of %v", name, tc.factor, p99, map[bool]string{true: "over", false: "under"}[tc.over], budget)
		}
	}
}

// probeP99 is the 99th percentile of ReadMemStats's wall time, every 10ms
// over window, beside two goroutines decoding and encoding input with sonic.
func probeP99(t *testing.T, input string, window time.Duration) time.Duration {
	t.Helper()
	in, err := datasets.Load(input, datasets.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	var stop atomic.Bool
	done := make(chan struct{})
	for range 2 {
		go func() {
			defer func() { done <- struct{}{} }()
			b := in.Data
			for !stop.Load() {
				var v any
				if err := sonic.Unmarshal(b, &v); err != nil {
					panic(err)
				}
				b, _ = sonic.Marshal(v)
			}
		}()
	}
	time.Sleep(300 * time.Millisecond)
	var waits []time.Duration
	var ms runtime.MemStats
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for t0 := time.Now(); time.Since(t0) < window; {
		<-tick.C
		s := time.Now()
		runtime.ReadMemStats(&ms)
		waits = append(waits, time.Since(s))
	}
	stop.Store(true)
	<-done
	<-done
	slices.Sort(waits)
	return waits[len(waits)*99/100]
}
