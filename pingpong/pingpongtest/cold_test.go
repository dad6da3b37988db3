package pingpongtest

import (
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/internal/docsample"
	"github.com/pingpong-bench/pingpong/internal/spin"
	"github.com/pingpong-bench/pingpong/pingpong"
	"github.com/pingpong-bench/pingpong/results"
)

// The tests of the first-call guard run it for real: each guard starts
// the test binary again, up to the guard, in fresh processes. In such a
// process (thisJob) a test stops after the guard: what it asserts is the
// parent's.

// A function whose first call spins 30ms where the runtime cannot preempt
// it (a JIT compiling, a copy into fresh pages), and whose later calls do
// nothing, fails the first-call guard, which names its first call.
func TestFirstCallFailsOnAFirstCallThatFreezes(t *testing.T) {
	measuring(t)
	if !spin.NonPreemptible() {
		t.Skip("spin is preemptible here (set GODEBUG=asyncpreemptoff=1 on this architecture)")
	}
	n := spin.Iterations(30 * time.Millisecond) // calibrated before the guard, in every process
	var once sync.Once
	first := func() { once.Do(func() { spin.SpinN(n); runtime.Gosched() }) }
	r := recordAll(t, func(tb testing.TB) { NoFreezeFunc(tb, "first-freezer", first, FirstCall()) })
	if thisJob() != nil {
		return
	}
	failed := strings.Join(r.failed, "\n")
	if len(r.failed) == 0 && starvedSkip(r.skipped) {
		t.Logf("cannot tell on a starved machine, not a pass: %s", r.skipped[0])
		return
	}
	if len(r.skipped) > 0 || len(r.failed) != 1 || !strings.HasPrefix(failed, "pingpongtest: first-freezer's first call freezes the program") {
		t.Fatalf("the guard on a first call that spins 30ms without preemption failed %q, skipped %q: want its failure", r.failed, r.skipped)
	}
	holdsToWidth(t, failed)
	t.Log(failed)
}

// A first call as long, preemptible (it fills a map), does not fail the
// guard: it passes, or where the kernel cannot split a stop's wait (not
// Linux) it may not tell, saying so. It runs as a subtest, so that a
// fresh process finds it by a subtest's name.
func TestFirstCallPassesPreemptibleWork(t *testing.T) {
	measuring(t)
	var once sync.Once
	var sink int
	first := func() {
		once.Do(func() {
			m := map[int]int{}
			for i := range 400_000 {
				m[i] = i
			}
			sink = len(m)
		})
	}
	t.Run("a map filled", func(t *testing.T) {
		r := recordAll(t, func(tb testing.TB) { NoFreezeFunc(tb, "map-filler", first, FirstCall()) })
		if thisJob() != nil {
			return
		}
		switch {
		case len(r.failed) > 0:
			t.Fatalf("the guard failed a preemptible first call: %s", strings.Join(r.failed, "\n"))
		case starvedSkip(r.skipped):
			t.Logf("cannot tell on a starved machine, not a failure: %s", r.skipped[0])
		case len(r.skipped) > 0 && !strings.Contains(r.skipped[0], "no per-thread accounting"):
			t.Fatalf("the guard could not tell a preemptible first call where the kernel splits the waits: %s", r.skipped[0])
		case len(r.skipped) > 0:
			t.Logf("cannot tell here: %s", r.skipped[0])
		default:
			// the guard's line, among others (the measuring lock's, when
			// another package's guard measured first)
			i := slices.IndexFunc(r.logs, func(l string) bool {
				return strings.HasPrefix(l, "pingpongtest: map-filler's first call does not freeze the program")
			})
			if i < 0 {
				t.Fatalf("the guard passed without saying so: %q", r.logs)
			}
			holdsToWidth(t, r.logs[i])
			t.Log(r.logs[i])
		}
	})
	_ = sink
}

// A codec's first decode and encode: std on a small document passes, or
// cannot tell without the kernel's split, and the message has a line for
// each call.
func TestFirstCallOfACodec(t *testing.T) {
	measuring(t)
	std, err := pingpong.Lookup("std")
	if err != nil {
		t.Fatal(err)
	}
	r := recordAll(t, func(tb testing.TB) { NoFreeze(tb, std, small, FirstCall(), Processes(3)) })
	if thisJob() != nil {
		return
	}
	got := strings.Join(append(r.logs, r.skipped...), "\n")
	switch {
	case len(r.failed) > 0:
		t.Fatalf("the guard failed std's first calls on %d bytes: %s", len(small), strings.Join(r.failed, "\n"))
	case starvedSkip(r.skipped):
		t.Logf("cannot tell on a starved machine, not a failure: %s", r.skipped[0])
	case len(r.skipped) > 0 && !strings.Contains(got, "no per-thread accounting"):
		t.Fatalf("the guard could not tell std's first calls where the kernel splits the waits: %s", got)
	case !strings.Contains(got, "first decode: ") || !strings.Contains(got, "first encode: ") || !strings.Contains(got, "in 3 fresh processes"):
		t.Fatalf("the message has no line for each first call in 3 processes: %s", got)
	}
	t.Log(got)
}

// starvedSkip says the guard's one skip is the first-call guard's on a
// machine that starved the program (firstCall.starved): the answer a
// busy machine may give a freeze or a preemptible call alike, saying
// that a quieter machine settles it.
func starvedSkip(skipped []string) bool {
	return len(skipped) == 1 && strings.Contains(skipped[0], "to settle it: a quieter machine: the program got") &&
		strings.Contains(skipped[0], "a hold keeps its size at")
}

// holdsToWidth fails t when a message's lines pass the guard's widths.
func holdsToWidth(t *testing.T, m string) {
	t.Helper()
	for i, l := range strings.Split(m, "\n") {
		if w := map[bool]int{true: firstWidth, false: detailWidth}[i == 0]; len(l) >= w {
			t.Errorf("line %d is %d characters, not under %d: %s", i+1, len(l), w, l)
		}
	}
}

// The answer, on made-up samples: over the floor and 3x control's
// freezes; under the floor does not, unless the program got under a quarter
// of the CPU it wanted; over the floor where control's hold as long, or too
// few first calls seen, cannot tell.
func TestJudgeFirst(t *testing.T) {
	ms, us := time.Millisecond, time.Microsecond
	ranSamples := func(ran float64, n int, call, held time.Duration, stops int) []results.ColdSample {
		out := make([]results.ColdSample, n)
		for i := range out {
			c := results.ColdCall{Time: call, Stops: results.ColdStops{Count: stops, Longest: held, Held: held, Split: true}, Ran: ran}
			out[i] = results.ColdSample{Decode: c, Encode: c, SteadyDecode: results.ColdCall{Time: 100 * us}}
		}
		return out
	}
	samples := func(n int, call, held time.Duration, stops int) []results.ColdSample {
		return ranSamples(0, n, call, held, stops)
	}
	for _, c := range []struct {
		name          string
		codec, contrl []results.ColdSample
		want          pingpong.Answer
	}{
		{"a freeze", samples(5, 30*ms, 29*ms, 3), samples(5, 30*ms, 50*us, 28), pingpong.StandsOut},
		{"preemptible", samples(5, 30*ms, 80*us, 28), samples(5, 30*ms, 50*us, 28), pingpong.DoesNot},
		{"too short to hold one", samples(5, 500*us, 0, 0), samples(5, 500*us, 0, 0), pingpong.DoesNot},
		{"control held as long", samples(5, 30*ms, 2*ms, 28), samples(5, 30*ms, 1500*us, 28), pingpong.CannotTell},
		{"unseen", samples(5, 30*ms, 0, 0), samples(5, 30*ms, 50*us, 28), pingpong.CannotTell},
		{"preemptible, having run", ranSamples(0.9, 5, 30*ms, 80*us, 28), ranSamples(0.9, 5, 30*ms, 50*us, 28), pingpong.DoesNot},
		{"starved", ranSamples(0.2, 5, 30*ms, 80*us, 28), ranSamples(0.2, 5, 30*ms, 50*us, 28), pingpong.CannotTell},
		{"a freeze, starved", ranSamples(0.2, 5, 30*ms, 29*ms, 3), ranSamples(0.2, 5, 30*ms, 50*us, 28), pingpong.StandsOut},
	} {
		f := judgeFirst("decode", c.codec, c.contrl, time.Millisecond)
		if f.answer != c.want {
			t.Errorf("%s: %s, want %s (%+v)", c.name, f.answer, c.want, f)
		}
		s := subject{name: "a-rather-long-codec-name-as-some-are", fn: c.name == "unseen"}
		m, answer := firstCallWords(s, []firstCall{f, judgeFirst("encode", c.codec, c.contrl, time.Millisecond)})
		if answer != c.want {
			t.Errorf("%s: the words answer %s, want %s", c.name, answer, c.want)
		}
		if c.want == pingpong.CannotTell && !strings.Contains(m.String(), "to settle it: ") {
			t.Errorf("%s: cannot tell without what would settle it:\n%s", c.name, m)
		}
		if strings.HasPrefix(c.name, "starved") && !strings.Contains(m.String(), "to settle it: a quieter machine: the program got 20%") {
			t.Errorf("%s: the words do not say a quieter machine settles it, and how little the program ran:\n%s", c.name, m)
		}
		holdsToWidth(t, m.String())
	}
}

// The guard's options: FirstCall takes Processes, and not the steady
// guard's window and bars; Processes needs FirstCall and three or more.
func TestFirstCallOptions(t *testing.T) {
	for _, c := range []struct {
		opts []Option
		want string
	}{
		{[]Option{FirstCall(), Processes(7), LongStop(2 * time.Millisecond), Strict()}, ""},
		{[]Option{FirstCall(), Duration(3 * time.Second)}, "steady state"},
		{[]Option{FirstCall(), Budget(time.Millisecond)}, "steady state"},
		{[]Option{Processes(5)}, "add FirstCall()"},
		{[]Option{FirstCall(), Processes(2)}, "at least 3"},
	} {
		o := settle(c.opts)
		if got := o.err; (got == nil) != (c.want == "") || got != nil && !strings.Contains(got.Error(), c.want) {
			t.Errorf("%d options: error %v, want %q", len(c.opts), got, c.want)
		}
	}
	if o := settle([]Option{FirstCall(), LongStop(2 * time.Millisecond)}); o.floor() != 2*time.Millisecond || o.processes() != DefaultProcesses {
		t.Errorf("LongStop(2ms): floor %v, %d processes", o.floor(), o.processes())
	}
}

// A fresh process finds its test, a subtest's too, by a pattern that
// matches its name alone.
func TestRunPattern(t *testing.T) {
	for name, want := range map[string]string{
		"TestX":              "^TestX$",
		"TestX/a_map+filled": `^TestX$/^a_map\+filled$`,
	} {
		if got := runPattern(name); got != want {
			t.Errorf("runPattern(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestFirstCallJudgesNothingUnderRace(t *testing.T) {
	if !raceEnabled {
		t.Skip("only under -race")
	}
	r := recordAll(t, func(tb testing.TB) { NoFreezeFunc(tb, "f", func() {}, FirstCall()) })
	if len(r.failed) > 0 || len(r.skipped) != 1 || !strings.Contains(r.skipped[0], "race detector") {
		t.Fatalf("a first-call guard under -race failed %q, skipped %q: want a skip that says why", r.failed, r.skipped)
	}
}

// docs/cold.md's sample of a first-call guard (its block that starts
// "pingpongtest:") has the shape of what the guard prints in go test -v:
// the failure of a function whose first call froze the program, figures
// aside.
func TestColdDocGuardSampleHasTheGuardsShape(t *testing.T) {
	page, err := os.ReadFile("../../docs/cold.md")
	if err != nil {
		t.Fatal(err)
	}
	ms, us := time.Millisecond, time.Microsecond
	sample := func(call, held time.Duration) results.ColdSample {
		c := results.ColdCall{Time: call, Stops: results.ColdStops{Count: 2, Longest: held + ms, Held: held, Split: true},
			Late: results.ColdLate{Count: 1, Longest: held}}
		return results.ColdSample{Decode: c, Decode2: 3 * us, SteadyDecode: results.ColdCall{Time: 2 * us}}
	}
	var codec, control []results.ColdSample
	for i := range 5 {
		codec, control = append(codec, sample(30*ms, 29*ms+time.Duration(i)*us)), append(control, sample(30*ms, 20*us))
	}
	s := subject{name: "first-freezer", fn: true}
	m, _ := firstCallWords(s, []firstCall{judgeFirst("decode", codec, control, ms)})
	lines := strings.Split(m.String(), "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = "    " + lines[i] // as go test -v sets out a message of several lines
	}
	holdsGuardSamples(t, "docs/cold.md", string(page), docsample.Printed(strings.Join(lines, "\n")))
}

// A first call that does not return ends the guard at its deadline, which
// fails saying so.
func TestFirstCallEndsAtItsDeadline(t *testing.T) {
	measuring(t)
	hang := func() { time.Sleep(time.Hour) }
	r := recordAll(t, func(tb testing.TB) { NoFreezeFunc(tb, "hang", hang, FirstCall(), Deadline(2*time.Second)) })
	if thisJob() != nil {
		return
	}
	if len(r.failed) != 1 || !strings.Contains(r.failed[0], "ran past the deadline") {
		t.Fatalf("a first call that never returns: failed %q, skipped %q; want a failure at the deadline", r.failed, r.skipped)
	}
}
