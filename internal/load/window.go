package load

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// runWindow is the skeleton of every measured run: it builds the
// instruments, collects the garbage of what ran before, readies n load
// goroutines (prepare(i) starts whatever goroutine i needs and returns its
// loop), then fixes the window, releases the loops and watches the window
// until they have all returned (with no loops, until it ends). It returns
// when the window opened and what the instruments saw.
func runWindow(ctx context.Context, n int, spec Watch, prepare func(i int) func(w window)) (time.Time, watched) {
	warmup, duration := spec.Warmup, spec.Duration
	ins := newInstruments(spec)
	runtime.GC() // one scenario's garbage is not charged to the next
	var stop atomic.Bool
	var wg sync.WaitGroup
	begin := make(chan struct{})
	var w window
	for i := 0; i < n; i++ {
		loop := prepare(i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-begin
			loop(w)
		}()
	}
	w = window{epoch: time.Now(), start: warmup, end: warmup + duration, stop: &stop}
	close(begin) // publishes w to the loops

	var done chan struct{} // nil with no loops: only the clock ends the window
	if n > 0 {
		done = make(chan struct{})
		go func() { wg.Wait(); close(done) }()
	}
	seen := w.watch(ctx, done, duration, ins)
	ins.explain(&seen, spec)
	ins.close()
	return w.epoch.Add(w.start), seen
}

// watch runs the coordinator's side of a window whose load is already
// started: it sleeps until the window opens and starts the instruments
// then, and at the window's end (or on cancellation) stops them and sets
// w.stop. done closes once every load goroutine has returned; if that
// happens first (every one failed), watch returns at once; a nil done (no
// load goroutines) never closes. The coordinator
// may itself wake late under load; the runtime figures then cover the
// slightly shifted interval they report as Runtime.Window.
func (w window) watch(ctx context.Context, done <-chan struct{}, duration time.Duration, ins *instruments) watched {
	out := watched{Window: duration}
	wait := func() {
		if done != nil {
			<-done
		}
	}
	cut := func() {
		w.stop.Store(true)
		wait()
		// Work in flight at the cut may still complete and count, so the
		// window runs until the last goroutine stopped.
		out.Partial = true
		out.Window = min(max(time.Since(w.epoch)-w.start, 0), duration)
	}
	switch sleepUntil(ctx, done, w.epoch, w.start) {
	case woke:
	case finished:
		return out
	case cancelled:
		cut()
		return out
	}
	ins.start()
	stopInstruments := func() { ins.stop(&out) }
	switch sleepUntil(ctx, done, w.epoch, w.end) {
	case woke:
		stopInstruments()
		w.stop.Store(true)
		wait()
	case finished:
		stopInstruments()
	case cancelled:
		stopInstruments()
		cut()
	}
	return out
}

type wake int

const (
	woke wake = iota
	finished
	cancelled
)

func sleepUntil(ctx context.Context, done <-chan struct{}, epoch time.Time, at time.Duration) wake {
	timer := time.NewTimer(at - time.Since(epoch))
	defer timer.Stop()
	select {
	case <-timer.C:
		return woke
	case <-done:
		return finished
	case <-ctx.Done():
		return cancelled
	}
}
