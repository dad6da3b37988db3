package flight

import (
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/internal/spin"
	"github.com/pingpong-bench/pingpong/latency"
)

// recordSpinStops records a trace in which a goroutine spins through
// stretches of non-preemptible code while this one forces a few stops of
// the world, and returns the snapshot.
func recordSpinStops(t *testing.T, stretch time.Duration) []byte {
	t.Helper()
	rec, err := Start(Config{MinAge: time.Second, MaxBytes: 4 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Stop()
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Go(func() {
		for !stop.Load() {
			spin.Spin(stretch)
		}
	})
	var ms runtime.MemStats
	for range 3 {
		time.Sleep(stretch / 3) // land somewhere inside a stretch
		runtime.ReadMemStats(&ms)
	}
	stop.Store(true)
	wg.Wait()
	tr, err := rec.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// The flight recorder must name the spin as what the stop waited on. The
// machine is shared, so a run that caught no long stop is retried.
func TestAnalyzeNamesNonPreemptibleFunction(t *testing.T) {
	if !spin.NonPreemptible() {
		t.Skip("spin is preemptible here; run with GODEBUG=asyncpreemptoff=1")
	}
	spin.Iterations(time.Millisecond) // calibrated before the recorder runs: its trials spin too
	var c latency.Culprit
	for try := 0; try < 3; try++ {
		tr := recordSpinStops(t, 30*time.Millisecond)
		var err error
		if c, err = Analyze(tr, Options{}); err != nil {
			t.Fatal(err)
		}
		t.Logf("try %d: %d KB trace: %v\n\t%s", try, len(tr)/1024, c, strings.Join(c.Stack, "\n\t"))
		// a stop asked late in a spin waits only for its rest (7.2ms once
		// under -race, the machine busy): another try
		if c.Kind == latency.KindNonPreemptible && c.Stall >= 10*time.Millisecond {
			break
		}
	}
	if c.Kind != latency.KindNonPreemptible || c.Goroutine == 0 {
		t.Fatalf("culprit %+v, want a non-preemptible goroutine", c)
	}
	if want := runtime.FuncForPC(reflect.ValueOf(spin.Spin).Pointer()).Name(); c.Frame != want {
		t.Errorf("frame %q, want %q", c.Frame, want)
	}
	if c.What != "stop-the-world (read mem stats)" || c.Stall < 10*time.Millisecond || c.Stop < c.Stall {
		t.Errorf("culprit %+v: want a ReadMemStats stop that waited >= 10ms", c)
	}
	if len(c.Stack) < 2 || !strings.HasPrefix(c.Stack[0], "runtime.") {
		t.Errorf("stack %q: want the whole stack, runtime frames first", c.Stack)
	}
}
