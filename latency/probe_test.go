package latency

import (
	"fmt"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/internal/retry"
)

func TestProbeRecordsOvershoot(t *testing.T) {
	// Even a loaded machine, which can leave the process unscheduled for
	// tens of milliseconds, lets 200ms of 1ms sleeps wake a few times; one
	// that held it for most of them may do it once, not three times in a
	// row.
	retry.Three(t, func() error {
		p := NewProbe(time.Millisecond)
		start := time.Now()
		p.Start()
		time.Sleep(200 * time.Millisecond)
		h := p.Stop()
		watched := time.Since(start)
		// every sample is a whole sleep of at least 1ms inside what the
		// probe watched: at most one per millisecond of it (not of the
		// 200ms asked: the test's own sleep may wake late)
		n := h.TotalCount()
		if most := int64(watched / time.Millisecond); n > most {
			t.Fatalf("%d samples in %v of 1ms sleeps: want at most %d", n, watched, most)
		}
		if n < 3 {
			return fmt.Errorf("%d samples in %v of 1ms sleeps: the machine kept the probe from waking", n, watched)
		}
		if h.Max() > int64(time.Second) {
			t.Errorf("overshoot %v recorded: the requested sleep was not subtracted", time.Duration(h.Max()))
		}
		return nil
	})
}
