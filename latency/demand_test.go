package latency

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// RanShare counts only the shortfall the machine's other work accounts
// for: a program whose goroutines wanted 80ms of CPU and got 60ms, beside
// others that took 20ms of the CPUs or more, ran 0.75 of what it wanted;
// beside none, all of it (its goroutines waited for each other); one that
// wanted or ran nothing says 0 (not measured), one that ran more than it
// wanted (threads without a P: the probe's, the runtime's) all of it.
func TestRanShare(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		cpu, wanted, machine time.Duration
		want                 float64
	}{
		{60 * ms, 80 * ms, 20 * ms, 0.75}, {60 * ms, 80 * ms, 500 * ms, 0.75}, {60 * ms, 80 * ms, 0, 1},
		{60 * ms, 80 * ms, 10 * ms, 60.0 / 70}, {90 * ms, 80 * ms, time.Second, 1},
		{0, 80 * ms, time.Second, 0}, {60 * ms, 0, time.Second, 0},
	} {
		if got := RanShare(c.cpu, c.wanted, c.machine); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%v of CPU, %v wanted, beside %v of others' work: ran %v, want %v", c.cpu, c.wanted, c.machine, got, c.want)
		}
	}
}

// The Ps wanted are the goroutines running or ready to run, the probe's
// own left out and a load's asker counted: with a busy goroutine for every
// P, every P is wanted (whether or not the kernel runs their threads);
// with none, none but a load's asker.
func TestDemandCountsTheGoroutinesThatWantAP(t *testing.T) {
	procs := runtime.GOMAXPROCS(0)
	wanted := func(busy int) time.Duration {
		var stop atomic.Bool
		var wg sync.WaitGroup
		var started sync.WaitGroup
		started.Add(busy)
		for range busy {
			wg.Go(func() {
				started.Done()
				for !stop.Load() {
				}
			})
		}
		started.Wait()
		d := newDemand()
		for range 20 {
			d.sample(false)
			time.Sleep(time.Millisecond) // not Gosched: a P woken to run a yielded goroutine counts as running while it looks
		}
		stop.Store(true)
		wg.Wait()
		return d.wanted(time.Second)
	}
	if w := wanted(procs); w < time.Duration(procs)*time.Second*9/10 {
		t.Errorf("%d busy goroutines on %d Ps: wanted %v of a second's %d Ps, want about all", procs, procs, w, procs)
	}
	// with none busy, a goroutine of the runtime or of another test may
	// be ready at the instant of a sample (beside the other packages'
	// builds, a quarter of them once): most read none, where a busy
	// goroutine would be in all
	idle := 0
	for range 20 {
		d := newDemand()
		d.sample(false)
		if d.wanted(time.Second) == 0 {
			idle++
		}
		time.Sleep(time.Millisecond)
	}
	if idle < 10 {
		t.Errorf("no busy goroutine: %d of 20 samples wanted no P, want most", idle)
	}
	// the asker counts in every sample; a goroutine of the runtime or of
	// another test may be ready at the instant of one (beside other
	// packages' tests and a CPU hog one read 2 Ps), not of all twenty
	d := newDemand()
	exact := false
	for range 20 {
		d.sample(true)
		w := d.wanted(time.Second)
		if w < time.Second {
			t.Fatalf("a goroutine of the load asking: wanted %v of a second, want at least all of one P (its own)", w)
		}
		if exact = w == time.Second; exact {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if !exact {
		t.Errorf("a goroutine of the load asking, nothing else running: never wanted just one P in 20 samples")
	}
	if w := d.wanted(time.Second); w != 0 {
		t.Errorf("a turn without samples after one with: wanted %v, want 0", w)
	}
}

// BenchmarkDemandSample is what sampling the Ps wanted adds to each stop
// the probe forces.
func BenchmarkDemandSample(b *testing.B) {
	d := newDemand()
	for b.Loop() {
		d.sample(false)
	}
}
