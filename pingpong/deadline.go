package pingpong

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/pingpong-bench/pingpong/internal/codecs"
)

// A stop of the world that cannot begin freezes every goroutine but those
// that hold it off, and with them every timer and context: only the pairs
// themselves still run. So they check the deadline, between calls. A
// goroutine that ticks on its own tells a frozen world from a slow run:
// it does not run while a stop waits to begin, and the longest gap
// between its ticks is how long the world was frozen.

// frozenAfter is how long the ticking goroutine must have gone without
// running for the world to count as frozen rather than busy.
const frozenAfter = time.Second

type watchdog struct {
	limit      time.Duration
	epoch      time.Time
	passed     atomic.Bool  // a pair saw the deadline pass
	longestGap atomic.Int64 // the longest the ticker went without running, ns
	lastTick   atomic.Int64 // when it last ran (at first, epoch), ns since epoch
	done       chan struct{}
}

func startWatchdog(limit time.Duration) *watchdog {
	w := &watchdog{epoch: time.Now(), limit: limit, done: make(chan struct{})}
	go func() {
		t := time.NewTicker(frozenAfter / 20)
		defer t.Stop()
		for {
			select {
			case <-w.done:
				return
			case <-t.C:
				now := int64(time.Since(w.epoch))
				if gap := now - w.lastTick.Load(); gap > w.longestGap.Load() {
					w.longestGap.Store(gap)
				}
				w.lastTick.Store(now)
			}
		}
	}()
	return w
}

func (w *watchdog) stop() { close(w.done) }

// check is what a pair runs between calls.
func (w *watchdog) check() error {
	if time.Since(w.epoch) < w.limit {
		return nil
	}
	w.passed.Store(true)
	return ErrDeadline
}

// err says how the run ended, when it passed the deadline.
func (w *watchdog) err() error {
	if !w.passed.Load() {
		return nil
	}
	// a freeze that ended the run is one the ticker has not run since:
	// the pairs that saw the deadline ended the run as the world restarted
	frozen := max(time.Duration(w.longestGap.Load()), time.Since(w.epoch)-time.Duration(w.lastTick.Load()))
	if frozen >= frozenAfter {
		return fmt.Errorf("%w of %v: a stop of the world did not begin within it (the program's other goroutines once went %v without running)",
			ErrDeadline, w.limit, frozen.Round(time.Millisecond))
	}
	return fmt.Errorf("%w of %v: %w (the program's other goroutines still ran)", ErrDeadline, w.limit, ErrSlow)
}

// guard is im whose codec checks the deadline before each call.
func (w *watchdog) guard(im codecs.Entry) codecs.Entry {
	newCodec := im.New
	im.New = func(input []byte) (codecs.Codec, error) {
		c, err := newCodec(input)
		if err != nil {
			return nil, err
		}
		return guarded{c, w}, nil
	}
	return im
}

type guarded struct {
	codecs.Codec
	w *watchdog
}

func (g guarded) Marshal(v any) ([]byte, error) {
	if err := g.w.check(); err != nil {
		return nil, err
	}
	return g.Codec.Marshal(v)
}

func (g guarded) Unmarshal(data []byte, v any) error {
	if err := g.w.check(); err != nil {
		return err
	}
	return g.Codec.Unmarshal(data, v)
}
