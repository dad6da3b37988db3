package latency

import (
	"testing"
	"time"
)

func TestProbeRecordsOvershoot(t *testing.T) {
	p := NewProbe(time.Millisecond)
	p.Start()
	time.Sleep(200 * time.Millisecond)
	h := p.Stop()
	// 200ms of 1ms sleeps: at most 200, and even a loaded machine, which
	// can leave the process unscheduled for tens of milliseconds, manages
	// a few.
	if n := h.TotalCount(); n < 3 || n > 200 {
		t.Fatalf("%d samples in 200ms of 1ms sleeps", n)
	}
	if h.Max() > int64(time.Second) {
		t.Errorf("overshoot %v recorded: the requested sleep was not subtracted", time.Duration(h.Max()))
	}
}
