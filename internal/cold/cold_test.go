package cold

import (
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/spin"
	"github.com/pingpong-bench/pingpong/results"
)

func github(t *testing.T) *datasets.Input {
	t.Helper()
	in, err := datasets.Load("github", datasets.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// Every figure of a sample is filled, in this process (a warm one: the
// figures are not cold here, only their plumbing is tested).
func TestMeasure(t *testing.T) {
	std, _ := codecs.Lookup("std")
	for _, target := range []string{results.TargetAny, results.TargetStruct} {
		s := Measure(std, github(t), Job{Target: target, Steady: 3, STW: DefaultSTW, Probe: DefaultProbe})
		if s.Err != "" {
			t.Fatalf("%s: %s", target, s.Err)
		}
		for name, d := range map[string]int64{"decode": int64(s.Decode.Time), "encode": int64(s.Encode.Time),
			"decode2": int64(s.Decode2), "encode2": int64(s.Encode2), "steady decode": int64(s.SteadyDecode.Time),
			"steady encode": int64(s.SteadyEncode.Time), "decode bytes": int64(s.Decode.Bytes), "encode bytes": int64(s.Encode.Bytes)} {
			if d <= 0 {
				t.Errorf("%s: %s = %d, want > 0", target, name, d)
			}
		}
		if s.WarmUp != 0 {
			t.Errorf("%s: a warm-up time without -warm: %v", target, s.WarmUp)
		}
	}
}

// A warm-up runs only where the codec has one, on a typed target; it is
// timed.
func TestMeasureWarm(t *testing.T) {
	std, _ := codecs.Lookup("std")
	if s := Measure(std, github(t), Job{Target: results.TargetStruct, Steady: 1, Warm: true}); !strings.Contains(s.Err, "no warm-up") {
		t.Errorf("std warmed: %+v", s)
	}
	warmed := std
	calls := 0
	var took time.Duration // the warm-up's own time, as it saw it
	warmed.Warm = func(reflect.Type) error {
		calls++
		start := time.Now()
		time.Sleep(time.Millisecond) // longer than any clock's tick: calls++ alone could time as 0
		took = time.Since(start)
		return nil
	}
	if s := Measure(warmed, github(t), Job{Target: results.TargetAny, Steady: 1, Warm: true}); !strings.Contains(s.Err, "typed target") {
		t.Errorf("warmed on any: %+v", s)
	}
	s := Measure(warmed, github(t), Job{Target: results.TargetStruct, Steady: 1, Warm: true})
	if s.Err != "" || calls != 1 || s.WarmUp < took {
		t.Errorf("warm-up: %d calls of %v, sample %+v: want one, timed around it", calls, took, s)
	}
}

// A codec that fails or panics is a sample with an error, never a crash.
func TestMeasureFails(t *testing.T) {
	bad := codecs.WithLibrary(codecs.Entry{Name: "bad"}, func(any) ([]byte, error) { panic("boom") },
		func([]byte, any) error { return nil })
	if s := Measure(bad, github(t), Job{Target: results.TargetAny, Steady: 1}); !strings.Contains(s.Err, "boom") {
		t.Errorf("a panicking encode: %+v", s)
	}
	if _, err := TargetType(github(t), "no.Such"); err == nil {
		t.Error("an unknown type is a target")
	}
}

// A program's own type (Job.Type) is the target in place of a name, and
// a stop's hold is never more than its wait.
func TestMeasureOwnType(t *testing.T) {
	type order struct {
		ID   int      `json:"id"`
		Tags []string `json:"tags"`
	}
	std, _ := codecs.Lookup("std")
	in := &datasets.Input{Name: "order", Data: []byte(`{"id":7,"tags":["a","b"],"left":"out"}`)}
	s := Measure(std, in, Job{Type: reflect.TypeFor[order](), Steady: 1, STW: DefaultSTW})
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	for _, c := range []results.ColdCall{s.Decode, s.Encode, s.SteadyDecode, s.SteadyEncode} {
		if c.Stops.Held > c.Stops.Longest {
			t.Errorf("a stop held %v of a wait of %v", c.Stops.Held, c.Stops.Longest)
		}
	}
	if _, err := TargetType(in, "struct"); err == nil {
		t.Error("an input with no struct type has one")
	}
}

// A call that holds the world to its very end keeps the stop it held,
// which completes just after the call (the probe's grace): the filter of
// the stops asked for in the grace leaves it the call's.
func TestMeasureKeepsTheStopHeldToTheEnd(t *testing.T) {
	if !spin.NonPreemptible() {
		t.Skip("spin is preemptible here")
	}
	n := spin.Iterations(50 * time.Millisecond)
	holder := codecs.WithLibrary(codecs.Entry{Name: "holder"}, func(any) ([]byte, error) { return []byte("null"), nil },
		func([]byte, any) error { spin.SpinN(n); runtime.Gosched(); return nil })
	in := &datasets.Input{Name: "null", Data: []byte("null")}
	for try := range 5 {
		s := Measure(holder, in, Job{Steady: 1, STW: DefaultSTW, Probe: DefaultProbe})
		if s.Err != "" {
			t.Fatal(s.Err)
		}
		if s.Decode.Stops.Count == 0 {
			t.Fatalf("try %d: a decode that spun without a safe point to its end kept no stop: %+v", try+1, s.Decode.Stops)
		}
		// beside work that starves the program the split reads the hold
		// short (verdict.MinRanShare), down to nothing
		if starved := s.Decode.Ran > 0 && s.Decode.Ran < 1.0/3; s.Decode.Stops.Held == 0 && !starved {
			t.Fatalf("try %d: a decode that spun without a safe point to its end held no stop, having run %.0f%% of the CPU it wanted: %+v",
				try+1, 100*s.Decode.Ran, s.Decode.Stops)
		}
		// the share of the CPU it wanted it ran is measured where the kernel
		// splits the waits, a share
		if r := s.Decode.Ran; (r != 0) != s.Decode.Stops.Split || r < 0 || r > 1 {
			t.Fatalf("try %d: ran %v of the CPU it wanted (split %v): want a share where split, else 0", try+1, r, s.Decode.Stops.Split)
		}
	}
}
