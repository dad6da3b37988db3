package pingpongtest

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/internal/retry"
	"github.com/pingpong-bench/pingpong/internal/spin"
	"github.com/pingpong-bench/pingpong/pingpong"
)

// recorder is a testing.TB whose failures are recorded rather than
// failing the test, so that a test can check that a guard fails.
type recorder struct {
	testing.TB
	mu                    sync.Mutex
	failed, skipped, logs []string
}

func (r *recorder) Logf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func (r *recorder) Skip(args ...any) {
	r.mu.Lock()
	r.skipped = append(r.skipped, fmt.Sprint(args...))
	r.mu.Unlock()
	runtime.Goexit()
}

func (r *recorder) Skipf(format string, args ...any) { r.Skip(fmt.Sprintf(format, args...)) }

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = append(r.failed, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

// record runs guard against a recorder of t, and returns what it failed
// with ("" when it passed or skipped; a skip is logged).
func record(t *testing.T, guard func(tb testing.TB)) string {
	r := recordAll(t, guard)
	for _, s := range r.skipped {
		t.Logf("skipped: %s", s)
	}
	return strings.Join(r.failed, "\n")
}

// recordAll runs guard against a recorder of t and returns it.
func recordAll(t *testing.T, guard func(tb testing.TB)) *recorder {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		guard(r)
	}()
	<-done
	return r
}

// freezing is std whose decode first spins 30ms in code the runtime
// cannot preempt, as sonic's native scanner does on a huge string.
func freezing() pingpong.Codec {
	std, err := pingpong.Lookup("std")
	if err != nil {
		panic(err)
	}
	unmarshal := std.Unmarshal
	std.Name, std.Unmarshal = "test-freezer", func(data []byte, v any) error {
		freezeDecode()
		return unmarshal(data, v)
	}
	return std
}

//go:noinline
func freezeDecode() { spin.Spin(30 * time.Millisecond) }

var small = []byte(`{"id":7,"tags":["a","b"],"price":12.5,"name":"x"}`)

// tries is retry.Three of a measuring test.
func tries(t *testing.T, try func() error) {
	t.Helper()
	measuring(t)
	retry.Three(t, try)
}

func TestNoFreezeFailsOnANonPreemptibleCodec(t *testing.T) {
	if !spin.NonPreemptible() {
		t.Skip("spin is preemptible here (set GODEBUG=asyncpreemptoff=1 on this architecture)")
	}
	tries(t, func() error {
		r := recordAll(t, func(tb testing.TB) { NoFreeze(tb, freezing(), small, Duration(500*time.Millisecond)) })
		failed := strings.Join(r.failed, "\n")
		switch {
		case len(r.skipped) > 0:
			return fmt.Errorf("the guard could not tell a codec that spins 30ms per decode without preemption: %s", r.skipped)
		case failed == "":
			return fmt.Errorf("the guard passed a codec that spins 30ms per decode without preemption")
		case !strings.Contains(failed, "test-freezer") || strings.Contains(failed, "not measured") || strings.Contains(failed, "no verdict") || strings.Contains(failed, "deadline"):
			return fmt.Errorf("the guard failed, but not by the verdict on test-freezer: %s", failed)
		case strings.Contains(failed, "culprit (") && !strings.Contains(failed, funcName(freezeDecode)) &&
			!strings.Contains(failed, "a call of test-freezer held"):
			return fmt.Errorf("the culprit is not the spin: %s", failed)
		}
		t.Log(failed)
		return nil
	})
}

func TestNoFreezePassesStdOnASmallDocument(t *testing.T) {
	std, err := pingpong.Lookup("std")
	if err != nil {
		t.Fatal(err)
	}
	tries(t, func() error {
		if failed := record(t, func(tb testing.TB) { NoFreeze(tb, std, small, Duration(500*time.Millisecond)) }); failed != "" {
			return fmt.Errorf("the guard failed std on %d bytes: %s", len(small), failed)
		}
		return nil
	})
}

// A function whose calls hold off a stop of the world for longer than the
// deadline still lets the guard end, and the failure says why. It asks for
// the stop itself, so that one waits whatever the probe's timing.
func TestNoFreezeFuncEndsAtItsDeadline(t *testing.T) {
	measuring(t)
	if !spin.NonPreemptible() {
		t.Skip("spin is preemptible here (set GODEBUG=asyncpreemptoff=1 on this architecture)")
	}
	// The stop is asked by a goroutine already running on another P, over
	// and over while the spin lasts: a goroutine started by the spinning
	// call waits in that P's queue behind the spin, where an idle P may
	// steal it or not, and a stop asked just before the spin began (or
	// while Spin calibrates, in short non-preemptible chunks) begins at
	// once; then the spin froze nothing (1 run of 3 read "slow, not
	// frozen").
	spin.Iterations(time.Millisecond) // calibrates, before any window
	var spinning, spun atomic.Bool
	t.Cleanup(func() { spun.Store(true) }) // the asker ends with the test, spun or not
	var asker sync.Once
	ask := func() {
		for !spun.Load() {
			if spinning.Load() {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
			} else {
				runtime.Gosched()
			}
		}
	}
	var mu sync.Mutex
	calls := 0
	fn := func() {
		asker.Do(func() { go ask() })
		mu.Lock()
		calls++
		// the check before the window is the first three calls, quick;
		// the next one holds off the stop asked for, and the calls
		// after it are quick again: one spin is enough to freeze the
		// world (the other pair stops with it), and a second would only
		// take the other core meanwhile
		holds := calls == 4
		mu.Unlock()
		if holds {
			spinning.Store(true)
			// long against the deadline: on a loaded machine the asking
			// goroutine may get its P late, and the world must still be
			// held over a second
			spin.Spin(2500 * time.Millisecond)
			spun.Store(true)
		}
	}
	r := recordAll(t, func(tb testing.TB) {
		NoFreezeFunc(tb, "test-hog", fn, Duration(200*time.Millisecond), Deadline(time.Second))
	})
	failed := strings.Join(r.failed, "\n")
	if !spinning.Load() && failed == "" {
		// a program starved of its CPUs (a seventh of them beside four
		// nice -5 hogs) can pass the deadline before its fourth call: the
		// spin never ran, nothing froze, and the guard rightly said slow
		t.Skipf("the deadline passed before the spin began, so nothing froze (a machine too busy for this test): skipped %q", r.skipped)
	}
	if !strings.Contains(failed, "test-hog") || !strings.Contains(failed, "deadline of 1s: a stop of the world did not begin within it") {
		t.Fatalf("want a failure saying test-hog held a stop past its deadline of 1s, got %q", failed)
	}
}

// A function too slow for the deadline, which freezes nothing (it
// sleeps), is no failure: the guard cannot tell, and skips saying what
// would settle it; Strict fails it.
func TestNoFreezeFuncSlowPastItsDeadlineCannotTell(t *testing.T) {
	measuring(t)
	slow := func() { time.Sleep(400 * time.Millisecond) }
	r := recordAll(t, func(tb testing.TB) {
		NoFreezeFunc(tb, "test-slow", slow, Duration(200*time.Millisecond), Deadline(time.Second))
	})
	if len(r.failed) > 0 || len(r.skipped) != 1 || !strings.Contains(r.skipped[0], "test-slow: cannot tell: the run passed its deadline of 1s, slow, not frozen") {
		t.Fatalf("failed %q, skipped %q: want one skip saying test-slow was slow past its deadline of 1s, not frozen", r.failed, r.skipped)
	}
	failed := record(t, func(tb testing.TB) {
		NoFreezeFunc(tb, "test-slow", slow, Duration(200*time.Millisecond), Deadline(time.Second), Strict())
	})
	if !strings.Contains(failed, "slow, not frozen") || !strings.Contains(failed, "Strict") {
		t.Fatalf("under Strict: failed %q, want the same answer failing, naming Strict", failed)
	}
}

// FrozenBar and LongStop set the verdict's bars: a bar of nearly the
// whole window, and a long stop longer than any, let even the freezer
// pass (or, on a machine too busy to judge, skip).
func TestFrozenBarAndLongStopSetTheVerdictsBars(t *testing.T) {
	measuring(t)
	if failed := record(t, func(tb testing.TB) {
		NoFreeze(tb, freezing(), small, Duration(300*time.Millisecond), FrozenBar(99), LongStop(10*time.Second))
	}); failed != "" {
		t.Fatalf("a bar of 99 points and a long stop of 10s failed the freezer: %s", failed)
	}
}

// A bar out of its range fails the test at once, naming the option.
func TestABarOutOfRangeFails(t *testing.T) {
	for _, opt := range []struct {
		name string
		o    Option
	}{{"FrozenBar(-0.5)", FrozenBar(-0.5)}, {"FrozenBar(100)", FrozenBar(100)}, {"WaitingBar(-0.5)", WaitingBar(-0.5)}, {"WaitingBar(1)", WaitingBar(1)},
		{"LongStop(0s)", LongStop(0)}, {"Budget(0s)", Budget(0)}} {
		failed := record(t, func(tb testing.TB) { NoFreezeFunc(tb, "nothing", func() {}, opt.o) })
		if !strings.Contains(failed, "pingpongtest: "+opt.name+": ") {
			t.Errorf("%s: failed with %q, want a line naming it", opt.name, failed)
		}
	}
}

// measuring skips a test of what a guard finds under the race detector,
// where guards judge nothing (TestNoFreezeJudgesNothingUnderRace).
func measuring(t *testing.T) {
	if raceEnabled {
		t.Skip("a guard judges nothing under the race detector")
	}
}

func TestNoFreezeJudgesNothingUnderRace(t *testing.T) {
	if !raceEnabled {
		t.Skip("only under -race")
	}
	r := recordAll(t, func(tb testing.TB) { NoFreeze(tb, freezing(), small) })
	if len(r.failed) > 0 || len(r.skipped) != 1 || !strings.Contains(r.skipped[0], "race detector") {
		t.Fatalf("a guard under -race failed %q, skipped %q: want a skip that says why", r.failed, r.skipped)
	}
}

func TestNoFreezeRefusesAParallelTest(t *testing.T) {
	measuring(t)
	t.Run("parallel", func(t *testing.T) {
		t.Parallel()
		failed := record(t, func(tb testing.TB) { NoFreezeFunc(tb, "nothing", func() {}) })
		if !strings.Contains(failed, "parallel") {
			t.Fatalf("a guard in a parallel test did not refuse it: %q", failed)
		}
	})
}

// A culprit is a pair's goroutine (pingpong tells them, from the stack):
// stopped inside the codec's call, or just past it; a probe's or the
// watchdog's goroutine is a bystander. The line names the codec's frame,
// or the codec or function the guard was given, never the harness's
// frames (a function guard once named internal/load.reencode).
func TestACulpritIsAPairsGoroutine(t *testing.T) {
	const sonic = "github.com/bytedance/sonic.frozenConfig.Unmarshal x.go:1"
	harness := "github.com/pingpong-bench/pingpong/internal/load.reencode load.go:1"
	for _, c := range []struct {
		frame    string
		pair, in bool
		want     string
	}{
		{sonic, true, true, "culprit (flight recorder, a second run): " + sonic + " (non-preemptible) held a stop of the world 30.0ms"},
		{sonic, true, false, "a call of c held a stop of the world 30.0ms and let it begin only once it had returned"},
		{harness, true, false, "a call of c held a stop of the world 30.0ms and let it begin only once it had returned"},
		{harness, true, true, "a call of c held a stop of the world 30.0ms"},
		{funcName(funcCodec) + ".func2 pingpongtest.go:1", true, true, "a call of c held a stop of the world 30.0ms"},
		{sonic, false, false, ""},
	} {
		got := culpritLine(&pingpong.Culprit{Frame: c.frame, Kind: "non-preemptible", Stall: 30 * time.Millisecond, Pair: c.pair, InCodec: c.in}, "c")
		if c.want == "" && got != "" || !strings.Contains(got, c.want) || strings.Contains(got, "pingpong-bench") {
			t.Errorf("culprit of %s, a pair's %v, in the codec %v:\n%q, want it to say %q", c.frame, c.pair, c.in, got, c.want)
		}
		if len(got) >= detailWidth {
			t.Errorf("culprit line of %d characters, want under %d: %q", len(got), detailWidth, got)
		}
	}
}

// Benchmark reports the figures benchstat reads, in the units it knows.
func TestBenchmarkReportsTheRoundTripAndTheStops(t *testing.T) {
	std, err := pingpong.Lookup("std")
	if err != nil {
		t.Fatal(err)
	}
	// Benchmark fails a run whose window held no stop, and a machine busy
	// compiling the other packages can keep the probe from asking for one
	// (as runWithStops in package pingpong retries). testing.Benchmark
	// drops the failure's words: a failed run is a zero or empty result.
	var r testing.BenchmarkResult
	retry.Three(t, func() error {
		r = testing.Benchmark(func(b *testing.B) { Benchmark(b, std, small, Duration(200*time.Millisecond)) })
		if r.N == 0 || len(r.Extra) == 0 {
			return fmt.Errorf("the benchmark measured nothing (a window without a stop, or a failed run): %d runs, figures %v", r.N, r.Extra)
		}
		return nil
	})
	for _, unit := range []string{"ns/op", "p99-ns", "stw-p99-ns", "waiting-%", "stop-ns/MB"} {
		if _, ok := r.Extra[unit]; !ok {
			t.Errorf("no %s in %v", unit, r.Extra)
		}
	}
	if p50, p99 := r.Extra["ns/op"], r.Extra["p99-ns"]; p50 <= 0 || p99 < p50 {
		t.Errorf("round trip p50 %vns, p99 %vns: want 0 < p50 <= p99", p50, p99)
	}
	if w := r.Extra["waiting-%"]; w < 0 { // may pass 100: a stuck stop counts the ones it kept the probe from asking
		t.Errorf("waiting %v%% of the window", w)
	}
	// the p99 stop per MB of a 50-byte document: 20000 times the stop,
	// which counts the probe's late time where the table's p99 does not
	// (and, where the kernel split the waits, is the time std held its
	// stops: often none)
	perMB, p99 := r.Extra["stop-ns/MB"], r.Extra["stw-p99-ns"]
	if floor := 0.99 * p99 * 1e6 / float64(len(small)); perMB < 0 || perMB < floor {
		t.Errorf("stop wait per MB %vns, want at least the p99 stop (%vns) per MB of the document (%vns)", perMB, p99, floor)
	}
}

// A budget far under the stops of a codec that spins 30ms per decode
// where the runtime cannot preempt it fails the guard in a line of its
// own, even with bars that let the verdict pass it.
func TestABudgetFailsAFreezer(t *testing.T) {
	if !spin.NonPreemptible() {
		t.Skip("spin is preemptible here (set GODEBUG=asyncpreemptoff=1 on this architecture)")
	}
	tries(t, func() error {
		r := recordAll(t, func(tb testing.TB) {
			NoFreeze(tb, freezing(), small, Duration(300*time.Millisecond), FrozenBar(99), LongStop(10*time.Second), Budget(5*time.Millisecond))
		})
		failed := strings.Join(r.failed, "\n")
		switch {
		case len(r.skipped) > 0:
			return fmt.Errorf("the guard could not tell a budget of 5ms on a codec that spins 30ms: %s", r.skipped)
		case !strings.Contains(failed, "test-freezer's stops waited over the budget of 5.0ms: p99 stop "):
			return fmt.Errorf("want a failure saying test-freezer's stops waited over the budget of 5ms, got %q", failed)
		}
		t.Log(failed)
		return nil
	})
}

// FrozenBar takes points as the messages print them; the deprecated
// WaitingBar a share of the window: WaitingBar(0.05) is FrozenBar(5).
func TestFrozenBarTakesPoints(t *testing.T) {
	a, b := settled(t, []Option{FrozenBar(5)}), settled(t, []Option{WaitingBar(0.05)})
	if a.run.FrozenBar != 0.05 || b.run.FrozenBar != a.run.FrozenBar {
		t.Errorf("FrozenBar(5) sets %g, WaitingBar(0.05) %g: want both 0.05 of the window", a.run.FrozenBar, b.run.FrozenBar)
	}
}
