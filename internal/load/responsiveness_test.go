package load

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/internal/retry"
	"github.com/pingpong-bench/pingpong/results"
)

func TestRunPassCountsOpsAndProbes(t *testing.T) {
	c, bin := baselineFor(t, `{"a":[1,2,3]}`)
	for _, mode := range []string{results.ModeDecode, results.ModeEncode} {
		// 200ms: a probe that a loaded machine leaves unscheduled for a
		// while still wakes in the window.
		// A machine loaded enough to keep the probe from waking at all in
		// the window may do it once, not three times in a row.
		retry.Three(t, func() error {
			pr, err := RunPass(context.Background(), c, bin, mode, 2, Watch{Warmup: 10 * time.Millisecond, Duration: 200 * time.Millisecond, Probe: time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if pr.Ops == 0 || pr.Bytes != pr.Ops*int64(len(bin)) {
				t.Errorf("%s: %d ops, %d bytes: want ops, each of %d bytes", mode, pr.Ops, pr.Bytes, len(bin))
			}
			if pr.Probe == nil || pr.Probe.TotalCount() == 0 || pr.Runtime == nil {
				return fmt.Errorf("%s: the probe and the meter must watch the window", mode)
			}
			return nil
		})
	}
	_, err := RunPass(context.Background(), &failing{after: 3}, []byte(`1`), results.ModeDecode, 1, Watch{Warmup: 0, Duration: time.Second, Probe: time.Millisecond})
	if err == nil {
		t.Error("a codec that panics must fail its pass")
	}
}

func TestRunPassCancelledIsPartial(t *testing.T) {
	retry.Three(t, func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		start := time.Now()
		pr, err := RunPass(ctx, nil, nil, results.ModeIdle, 0, Watch{Warmup: 20 * time.Millisecond, Duration: time.Hour, Probe: time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if took := time.Since(start); !pr.Partial || took > 10*time.Second {
			t.Fatalf("partial %v after %v: want a cut, prompt, partial window", pr.Partial, took)
		}
		// A machine that held this process past the 20ms warmup until the
		// cut opened no window (no probe), and one that held it through
		// the window's 80ms left the probe no wake to record.
		if pr.Probe == nil || pr.Probe.TotalCount() == 0 {
			return fmt.Errorf("a window cut at %v with no probe sample (window opened: %v)", pr.Window, pr.Probe != nil)
		}
		return nil
	})
}

// The probe's cost is a fraction, measured: not 0 (it was run) and far
// from everything (a probe every 10ms cannot halve a ping-pong).
func TestSTWCostIsMeasured(t *testing.T) {
	// Its windows are 60ms: a neighbour that takes the core for one or two
	// of them moves two triples each more than the probe does, and the
	// median with them. It may do that once, not three times in a row.
	retry.Three(t, func() error {
		cost, err := STWCost(context.Background(), 300*time.Millisecond, 10*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		if cost == 0 { // rates over measured windows never match exactly: 0 is no measurement
			t.Fatal("stop-the-world probe cost 0: want a measured fraction")
		}
		if cost < -0.5 || cost > 0.5 {
			return fmt.Errorf("stop-the-world probe cost %.3f: want a small measured fraction", cost)
		}
		return nil
	})
}
