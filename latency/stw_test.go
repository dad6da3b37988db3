package latency

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/internal/spin"
)

// runSTWProbe runs the probe at 5ms for d while load runs, if any, and
// returns the stopping and wall-time histograms' summaries.
func runSTWProbe(d time.Duration, load func(stop *atomic.Bool)) (stopping, wall Summary, ambiguous int64) {
	var stop atomic.Bool
	var wg sync.WaitGroup
	if load != nil {
		wg.Go(func() { load(&stop) })
		time.Sleep(5 * time.Millisecond) // let it get going
	}
	p := NewSTWProbe(5*time.Millisecond, 0)
	p.Start()
	time.Sleep(d)
	h := p.Stop()
	stop.Store(true)
	wg.Wait()
	return Summarize(h), Summarize(p.Wall()), p.Ambiguous()
}

// A goroutine in 30ms stretches of non-preemptible assembly holds every
// stop of the world until its stretch ends: some forced stops must wait
// most of one. The machine is shared, so a run is retried before failing.
func TestSTWProbeSeesNonPreemptibleCode(t *testing.T) {
	if !spin.NonPreemptible() {
		t.Skip("spin is preemptible here; run with GODEBUG=asyncpreemptoff=1")
	}
	spinner := func(stop *atomic.Bool) {
		for !stop.Load() {
			spin.Spin(30 * time.Millisecond)
		}
	}
	var s, w Summary
	for try := 0; try < 3; try++ {
		var amb int64
		s, w, amb = runSTWProbe(300*time.Millisecond, spinner)
		t.Logf("try %d: stopping %+v; wall %+v; ambiguous %d", try, s, w, amb)
		if s.N > 0 && s.Max >= 20*time.Millisecond {
			break
		}
	}
	if s.Max < 20*time.Millisecond {
		t.Fatalf("stopping latency max %v with a goroutine spinning 30ms at a time, want >= 20ms", s.Max)
	}
	// The recorded bucket bound is up to 25% above the stopping time, which
	// the wall time of the same call contains.
	if w.Max < s.Max*4/5 {
		t.Errorf("wall time max %v below the stopping latency max %v it contains", w.Max, s.Max)
	}
}

// With nothing running, stops begin at once: the median is microseconds.
// Only a loose bound is checked, with retries, because other processes
// share the machine's cores.
func TestSTWProbeIdleIsSmall(t *testing.T) {
	var s Summary
	for try := 0; try < 3; try++ {
		var w Summary
		s, w, _ = runSTWProbe(100*time.Millisecond, nil)
		t.Logf("try %d: stopping %+v; wall %+v", try, s, w)
		if s.N >= 3 && s.P50 < 2*time.Millisecond {
			return
		}
	}
	t.Fatalf("idle stopping latency %+v, want at least 3 stops with p50 < 2ms", s)
}

// readOtherStopping reads the histogram into fresh buffers: a reused
// metrics.Sample would overwrite the earlier reading.
func readOtherStopping() metrics.Value {
	s := []metrics.Sample{{Name: otherStopping}}
	metrics.Read(s)
	return s[0].Value
}

func TestEventTellsOneStopFromMany(t *testing.T) {
	var ms runtime.MemStats
	before := readOtherStopping()
	runtime.ReadMemStats(&ms)
	if d, ok := eventRange(before, readOtherStopping()).event(); !ok || d <= 0 {
		t.Errorf("one stop not isolated: %v, %v", d, ok)
	}
	// Three stops between two readings: ambiguous, and the largest counts.
	before = readOtherStopping()
	for range 3 {
		runtime.ReadMemStats(&ms)
	}
	if d, ok := eventRange(before, readOtherStopping()).event(); ok || d <= 0 {
		t.Errorf("three stops read as one: %v, %v", d, ok)
	}
	// No stop: nothing to read, and the caller falls back to the wall time.
	before = readOtherStopping()
	if d, ok := eventRange(before, readOtherStopping()).event(); ok || d != 0 {
		t.Errorf("no stop read as %v, %v", d, ok)
	}
}

func TestSTWProbeStoppedBeforeItsFirstTick(t *testing.T) {
	p := NewSTWProbe(time.Hour, 0)
	p.Start()
	if n := p.Stop().TotalCount(); n != 0 {
		t.Fatalf("%d stops recorded by a probe stopped before its first tick", n)
	}
}

// The probe keeps each stop it forced, in order, on the clock of its turns
// laid end to end, and each turn with how many stops it holds.
func TestSTWProbeKeepsItsStopsByTurn(t *testing.T) {
	p := NewSTWProbe(2*time.Millisecond, 0)
	for range 2 {
		p.Start()
		time.Sleep(30 * time.Millisecond)
		p.Stop()
	}
	turns, stops := p.Turns(), p.Stops()
	if len(turns) != 2 || turns[0].Stops+turns[1].Stops != len(stops) || len(stops) == 0 {
		t.Fatalf("turns %+v, %d stops: want two turns holding every stop", turns, len(stops))
	}
	var watched, last time.Duration
	for _, tn := range turns {
		watched += tn.Window
	}
	for i, s := range stops {
		if s.At < last || s.End() > watched || s.Begin < 0 || s.Last < 0 {
			t.Errorf("stop %d %+v out of order or outside the %v watched", i, s, watched)
		}
		last = s.At
	}
}

// A stop that fell due a while ago (the probe's own goroutine did not ask
// it) is asked once, by whichever goroutine of the load comes first, and
// only while the probe watches: before Start and after Stop it is not
// asked. The interval is an hour, so that the probe's own goroutine never
// asks here; the test sets the due instant an interval back.
func TestAskIfDueAsksOnceWhileWatching(t *testing.T) {
	p := NewSTWProbe(time.Hour, time.Second)
	epoch := time.Now()
	p.Clock(epoch)
	p.AskIfDue(time.Since(epoch) + 2*time.Hour)
	p.due.Store(-int64(time.Hour))
	p.AskIfDue(time.Since(epoch))
	if n := len(p.stops); n != 0 {
		t.Fatalf("%d stops asked before Start, want none", n)
	}
	p.Start()
	p.due.Store(-int64(time.Hour)) // overdue by an interval
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { p.AskIfDue(time.Since(epoch)) })
	}
	wg.Wait()
	// The probe's own goroutine asks too when it starts after the due
	// above was set (late, on a loaded machine), and then the eight find
	// it asking and leave the stop to it: its new due is read once its
	// ask is done (once, beside .ci/run's builds, it was still -1h here).
	p.asking.Lock()
	due := time.Duration(p.due.Load())
	p.asking.Unlock()
	if due != time.Hour {
		t.Errorf("next stop due at %v on the load's clock, want the next multiple of the interval, 1h", due)
	}
	p.Stop()
	if n := len(p.Stops()); n != 1 {
		t.Fatalf("%d stops from 8 goroutines asking for the one due, want 1", n)
	}
	p.due.Store(-int64(time.Hour))
	p.AskIfDue(time.Since(epoch))
	if n := len(p.Stops()); n != 1 {
		t.Errorf("%d stops after a due one was asked past Stop, want still 1", n)
	}
}

// A probe asks every interval of the time the program ran: after a turn in
// which the program got a quarter of the CPU its goroutines wanted, the
// next asks four intervals apart on the wall clock (never more than
// slowestAsk), and records that in its turn; a turn's first ask comes
// after what the turn before left of its interval, in the program's time.
// The interval is an hour, so that no stop is asked here.
func TestSTWProbeAsksOnTheProgramsClock(t *testing.T) {
	h := time.Hour
	for _, c := range []struct {
		ran  float64
		want time.Duration
	}{{0, h}, {1, h}, {0.5, 2 * h}, {0.25, 4 * h}, {0.01, slowestAsk * h}} {
		if got := askEvery(h, c.ran); got != c.want {
			t.Errorf("askEvery(1h, %v) = %v, want %v", c.ran, got, c.want)
		}
	}
	p := NewSTWProbe(h, time.Second)
	epoch := time.Now()
	p.Clock(epoch)
	turn := func(cpu, wanted time.Duration, left float64) {
		p.Start()
		every := time.Duration(p.every.Load())
		p.due.Store(int64(time.Since(epoch) + time.Duration(left*float64(every))))
		p.Stop()
		p.turns[len(p.turns)-1].Split = true
		p.cpu, p.wanted = cpu, wanted
		p.Account(time.Second) // the machine's work covers any shortfall
	}
	turn(25*time.Millisecond, 100*time.Millisecond, 0.5) // the program got a quarter
	turn(100*time.Millisecond, 100*time.Millisecond, 0.5)
	if got := []time.Duration{p.turns[0].Interval, p.turns[1].Interval}; got[0] != h || got[1] != 4*h {
		t.Errorf("the turns asked every %v, want 1h, then 4h after the program got a quarter", got)
	}
	p.Start()
	defer p.Stop()
	// half of the last turn's 4h was left: half of this one's 1h
	if due := time.Duration(p.due.Load()) - time.Since(epoch); due < 29*time.Minute || due > 30*time.Minute {
		t.Errorf("first ask due in %v, want half the interval, 30m", due)
	}
}
