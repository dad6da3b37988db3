package load

import (
	"context"
	"fmt"
	"time"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/results"
)

// PassResult is what one probe pass produced.
type PassResult struct {
	Ops     int64     // decodes or encodes completed inside the window
	Bytes   int64     // JSON those ops read or wrote
	Start   time.Time // when the measured window opened (after warmup)
	watched           // the window and what its instruments saw; Probe is the pass's latency
}

// RunPass runs workers goroutines that each loop doing only mode (decode
// or encode) of bin with codec c, for warmup then duration, with the sleep
// probe (interval probe, > 0) watching the window. Mode idle runs no
// workers: the probe alone measures the floor. An op counts when it ended
// inside the window, as a round trip does. A worker that fails keeps what
// it did before, next to the error.
func RunPass(ctx context.Context, c codecs.Codec, bin []byte, mode string, workers int, w Watch) (PassResult, error) {
	if mode == results.ModeIdle {
		workers = 0
	}
	ops := make([]func() (int, error), workers)
	for i := range ops {
		op, err := passOp(c, bin, mode)
		if err != nil {
			return PassResult{}, err
		}
		ops[i] = op
	}
	stats := make([]loadStats, workers)
	start, seen := runWindow(ctx, workers, w, func(i int) func(window) {
		return func(win window) { worker(ops[i], win, &stats[i]) }
	})
	t := sumStats(stats)
	return PassResult{Ops: t.n, Bytes: t.bytes, Start: start, watched: seen}, t.err
}

// passOp builds one worker's operation, with its own decoded value so that
// encoders share nothing.
func passOp(c codecs.Codec, bin []byte, mode string) (op func() (int, error), err error) {
	defer codecs.RecoverInto(&err, "preparing "+mode)
	switch mode {
	case results.ModeDecode:
		var v any
		return func() (int, error) {
			v = nil
			return len(bin), c.Unmarshal(bin, &v)
		}, nil
	case results.ModeEncode:
		var v any
		if err := c.Unmarshal(bin, &v); err != nil {
			return nil, fmt.Errorf("preparing the value to encode: %w", err)
		}
		return func() (int, error) {
			out, err := c.Marshal(v)
			return len(out), err
		}, nil
	}
	return nil, fmt.Errorf("unknown probe pass mode %q", mode)
}

func worker(op func() (int, error), w window, st *loadStats) {
	defer codecs.RecoverInto(&st.err, "worker")
	for !w.stop.Load() {
		t0 := time.Since(w.epoch)
		n, err := op()
		t1 := time.Since(w.epoch)
		if err != nil {
			st.err = err
			return
		}
		counts, stop := w.ended(t0, t1, st)
		if stop {
			return
		}
		if counts {
			st.n++
			st.bytes += int64(n)
		}
	}
}
