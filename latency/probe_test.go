package latency

import (
	"testing"
	"time"
)

func TestProbeRecordsOvershoot(t *testing.T) {
	p := NewProbe(time.Millisecond)
	p.Start()
	time.Sleep(50 * time.Millisecond)
	h := p.Stop()
	// 50ms of 1ms sleeps: at most 50, and even a loaded machine manages a few.
	if n := h.TotalCount(); n < 3 || n > 50 {
		t.Fatalf("%d samples in 50ms of 1ms sleeps", n)
	}
	if h.Max() > int64(time.Second) {
		t.Errorf("overshoot %v recorded: the requested sleep was not subtracted", time.Duration(h.Max()))
	}
}
