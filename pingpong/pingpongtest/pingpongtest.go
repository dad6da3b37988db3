// Package pingpongtest guards a go test suite against code that freezes
// the program: NoFreeze fails a test when a codec keeps stops of the world
// waiting longer than a reference as busy as a codec but always
// preemptible (control), by the pingpong command's own verdict;
// NoFreezeFunc does the same for any function; and Benchmark reports a
// codec's round trip and stops (and the stop wait per MB of document) to
// benchstat. With a freeze budget (Budget), a guard also fails when the
// p99 of the stops' waits is over it, as the pingpong command's -budget
// judges a safe size.
//
// The verdict says how sure it is. A codec that stands out fails the
// test; one whose effect lies below the bar passes, and the test's log
// says by how much; one it cannot tell because the interval straddles the
// bar is measured longer, within the deadline; one it still cannot tell
// skips the test with the figures and what would settle it: a guard never
// passes what it could not judge. Strict fails it instead. Each answer's
// first line says it (under 120 characters), and the lines under it
// (under 160 each) add it up:
//
//	pingpongtest: mystd does not freeze the program: +0.4 points of the window (0.0 to 1.0), under the bar of 3
//	held 0.9% + kept out 0.0% = frozen 0.9% of the window; control 0.5%
//	effect, stretch by stretch against control's: +0.4 points of the window (0.0 to 1.0), bar 3
//	95 stops over 1.065s at 2x encdec: p99 2.1ms, worst 3.0ms; p = 0.21
//
// (The figures are made up, to show the shape.) Held is the time the codec held
// the stops, kept out the time the probe could not even run to ask for
// one (counted against control, at as many pairs as Ps), and frozen their
// sum, the share of the window the verdict compares with the reference's
// stretch by stretch: that difference is the effect, in points.
//
// A busy machine is not a frozen program. A stop of the world waits for
// the last goroutine to stop: because it runs code that will not stop
// (the codec's hold, what the guard judges), or because the system has
// not run its thread (the machine: other tests, the compiler, other
// jobs). On Linux the guard reads the kernel's accounting of each thread
// around every stop and judges the hold alone, so it answers beside other
// work; elsewhere it judges the whole wait, and skips, saying so, when
// the machine was too busy to judge. Where the program got under a
// quarter of the CPU its goroutines wanted it does not pass (the split reads
// a freeze short there): it skips, saying a quieter machine would settle
// it, or fails when the freeze stands out even so.
//
// A guard measures in the test's process, at one level (GOMAXPROCS pairs
// by default), the codec and the references (control, as busy as a codec
// but always preemptible, which the verdict judges against, and baseline)
// taking turns in a window of DefaultDuration each; with the warmups and
// the harness's own floor, a guard that passes at once takes about 5 s on
// the project's 2-core VM (measured 4.8-5.0 s), and one the verdict
// cannot yet tell takes turns up to a fifth of its deadline (Until). Under -short the window is
// ShortDuration. A guard that fails runs again with the runtime's flight
// recorder, to name what the longest stop waited on (the culprit).
//
// A guard refuses to share the machine with the tests it measures
// alongside: it calls t.Setenv, so a test that called t.Parallel (or has a
// parallel parent) fails at the guard, and one that calls t.Parallel after
// it panics, as testing does. Guards in other packages' test binaries (go
// test -p runs them side by side) take turns too: each holds a lock file
// in the OS's temporary directory while it measures, and the test's log
// says when one waited for another. Other work on the machine (the
// compiler, other tests) may still run meanwhile: the guard judges the
// time the codec held the stops, not the time the machine kept its
// threads from a CPU.
//
// With FirstCall, a guard judges a first call in place of the steady
// state: a codec's first decode of the document and first encode of what
// it decoded (a function's first call), as a program meets them after a
// deploy, when a codec compiles code per type (sonic's JIT, goccy's
// opcodes) or copies into pages not yet faulted in. Each sample is a
// fresh process: the test binary run again (os.Executable, -test.run
// narrowed to the test, PINGPONGTEST_FIRSTCALL set), which runs the test
// up to the same guard, times the first call there beside the
// stop-the-world probe and the sleep probe as `pingpong cold` does, and
// ends the test (a skip, in that process). So what runs before the guard
// runs before the first call: the binary's package inits, TestMain, the
// test's own code; a test that calls the codec before the guard measures
// no first call, and one that makes another document each run fails.
// Other guards do nothing in such a process, and two first-call guards of
// one name in one test fail. Processes fresh processes (DefaultProcesses)
// take turns with as many of control's first call: encoding/json's
// steady call as a preemptible loop for a codec, for a function a
// preemptible loop as long as its first call was. The first call freezes
// the program when the median over the processes of its longest stop's
// hold is over LongStop (1ms by default) and over 3x control's, the
// pingpong command's rule for first calls; at or under LongStop it does
// not; in between, or when the probe saw fewer than three of the first
// calls, the guard cannot tell, and skips (Strict: fails) saying what
// would settle it. Five and five processes took 1.4 s in one run on the
// project's 2-core VM, 5-9 s in others while other work ran.
//
// Under the race detector a guard measures nothing (every call is several
// times slower, and the stops wait on the detector's own work): it skips
// the test, saying so. Benchmark still runs.
package pingpongtest

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/internal/measurelock"
	"github.com/pingpong-bench/pingpong/pingpong"
)

// NoFreeze fails t when codec c, ping-ponging doc, keeps the program's
// stops of the world waiting longer than the reference does, by the verdict
// the pingpong command prints (or the test's own FrozenBar and LongStop).
// The failure's first line is the answer, and the lines under it its
// figures, with the culprit when a second run with the flight recorder
// caught the codec holding the longest stop; a run that passed its
// deadline fails saying that a stop did not begin within it, or, where the
// program's other goroutines kept running (slow, not frozen), is skipped
// as one the guard cannot tell (Strict fails it). A codec that fails on
// doc fails t too. With Budget, a codec whose p99 stop waited over it
// fails too, in a line of its own with the figures.
func NoFreeze(t testing.TB, c pingpong.Codec, doc []byte, opts ...Option) {
	t.Helper()
	o := settled(t, opts)
	if o.first {
		s, err := codecSubject(c, doc)
		guardFirstCall(t, s, err, o)
		return
	}
	if !guarding(t, c.Name) {
		return
	}
	guard(t, c, doc, o)
}

// NoFreezeFunc is NoFreeze for any function: the pairs call fn in a loop
// (every pair at once, so fn must be safe for concurrent use), against the
// references, as NoFreeze's codec is. name is what the
// failure calls fn; "baseline" and "control" are taken.
func NoFreezeFunc(t testing.TB, name string, fn func(), opts ...Option) {
	t.Helper()
	o := settled(t, opts)
	if o.first {
		s, err := funcSubject(name, fn)
		guardFirstCall(t, s, err, o)
		return
	}
	if !guarding(t, name) {
		return
	}
	guard(t, funcCodec(name, fn), null, o)
}

// null is the document a function's pairs pass around: fn does the work.
var null = []byte("null")

// funcCodec calls fn for every decode and encodes nothing, as baseline
// does: the round trip of a pair is fn and the harness.
func funcCodec(name string, fn func()) pingpong.Codec {
	return pingpong.Codec{Name: name,
		Marshal:   func(any) ([]byte, error) { return null, nil },
		Unmarshal: func([]byte, any) error { fn(); return nil },
	}
}

// Benchmark measures codec c on doc, once per call whatever b.N, and
// reports through b.ReportMetric what benchstat then compares: ns/op is
// the median round trip (as in the pingpong command's -bench files),
// p99-ns its 99th percentile, stw-p99-ns how long the 99th percentile stop
// of the world took to begin, waiting-% the share of the window the
// program spent waiting for stops to begin, and stop-ns/MB the stop wait
// per MB (1e6 bytes) of doc: the p99 a freeze budget is judged on
// (CodecReport.BudgetStop, which also counts the time the probe could not
// ask for a stop) in ns, divided by doc's size in MB, the figure Go's
// maintainers quote for assembly functions ("about 1 ms of stop per
// MiB"). benchstat shows it as stop-sec/MB. It means most on a document
// large enough that the stop grows with it (a few MB of one long string):
// on a small document it is mostly the machine's floor divided by a tiny
// size.
func Benchmark(b *testing.B, c pingpong.Codec, doc []byte, opts ...Option) {
	b.Helper()
	o := settled(b, opts)
	if o.first {
		b.Fatalf("pingpongtest: %s: FirstCall is a guard's: a benchmark measures the steady state", c.Name)
	}
	measurelock.Take(b)
	rep, err := pingpong.Run(b.Context(), doc, []pingpong.Codec{c}, o.run)
	if err != nil {
		b.Fatalf("pingpongtest: %s: %v", c.Name, err)
	}
	r, ok := rep.Codec(c.Name)
	if !ok || r.Err != "" || r.Stops == 0 {
		b.Fatalf("pingpongtest: %s measured nothing: %s", c.Name, why(rep, c.Name))
	}
	b.ReportMetric(float64(r.RoundTripP50), "ns/op")
	b.ReportMetric(float64(r.RoundTripP99), "p99-ns")
	b.ReportMetric(float64(r.StopP99), "stw-p99-ns")
	b.ReportMetric(100*r.Waiting, "waiting-%")
	b.ReportMetric(float64(r.StopPerMB), "stop-ns/MB")
}

// guarding says whether t gets a guard: not under the race detector, and
// never in parallel with other tests (see the package's comment).
func guarding(t testing.TB, name string) bool {
	t.Helper()
	if thisJob() != nil {
		return false // a first-call guard's fresh process, there for one first call
	}
	if raceEnabled {
		t.Skipf("pingpongtest: %s not judged: the race detector slows every call and makes stops wait on its own work", name)
		return false
	}
	if err := refuseParallel(t); err != nil {
		t.Fatalf("pingpongtest: %s: %v", name, err)
	}
	measurelock.Take(t)
	return true
}

// refuseParallel takes the testing package's own rule: t.Setenv panics in
// a parallel test, and makes a later t.Parallel panic.
func refuseParallel(t testing.TB) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("a freeze guard refuses to run in a parallel test: the tests it ran beside would be measured with it (%v)", p)
		}
	}()
	t.Setenv("PINGPONGTEST_GUARD", "1")
	return nil
}

// guard measures c on doc as the pingpong command does by default,
// without the flight recorder (it costs the codec throughput and the guard
// a second), and fails t when c stands out. Only then does a second run,
// with the recorder, look for the culprit.
func guard(t testing.TB, c pingpong.Codec, doc []byte, o options) {
	t.Helper()
	rep, err := pingpong.Run(t.Context(), doc, []pingpong.Codec{c}, o.run)
	failure := judge(t, c.Name, rep, err, o)
	if failure == nil {
		return
	}
	o.run.Culprits = true
	if again, err := pingpong.Run(t.Context(), doc, []pingpong.Codec{c}, o.run); err == nil {
		if r, ok := again.Codec(c.Name); ok {
			if l := culpritLine(r.Culprit, c.Name); l != "" {
				failure.details = append(failure.details, l)
			}
		}
	}
	t.Errorf("%s", failure)
}

// judge is why name stands out in run, or nil when it does not; it fails
// t itself when the run could not measure, and skips it (or, Strict,
// fails it) when the verdict could not tell.
func judge(t testing.TB, name string, rep *pingpong.Report, err error, o options) *message {
	t.Helper()
	switch {
	case errors.Is(err, pingpong.ErrSlow):
		unsure(t, slowPastDeadline(name, o.run.Deadline), o) // slow is no freeze: the guard could not finish
		return nil
	case errors.Is(err, pingpong.ErrDeadline):
		t.Errorf("pingpongtest: %s: %v", name, err)
		return nil
	}
	if err != nil {
		t.Fatalf("pingpongtest: %s: %v", name, err)
	}
	r, ok := rep.Codec(name)
	switch {
	case !ok || r.Err != "":
		t.Fatalf("pingpongtest: %s was not measured: %s", name, why(rep, name))
	case r.Answer == pingpong.NotJudged:
		t.Fatalf("pingpongtest: no verdict on %s: %s", name, conclusion(rep, r))
	}
	if r.Mismatch != "" {
		t.Logf("pingpongtest: %s does not read the document as encoding/json does (not a freeze): %s", name, r.Mismatch)
	}
	l := levelOf(rep, r)
	over := o.run.Budget > 0 && r.BudgetStop >= l.Budget
	refOver := over && refOverBudget(l)
	var failure *message
	if r.Answer == pingpong.StandsOut {
		m := freezes(name, l, r)
		failure = &m
	}
	if over && !refOver {
		b := budgetOver(name, l, r)
		if failure == nil {
			failure = &b
		} else { // the budget's lines follow the freeze's
			failure.details = append(failure.details, strings.TrimPrefix(b.first, "pingpongtest: "))
			failure.details = append(failure.details, b.details...)
		}
	}
	if failure != nil {
		return failure
	}
	switch {
	case r.Answer == pingpong.CannotTell:
		unsure(t, undecided(name, l, r), o)
		return nil
	case refOver:
		unsure(t, budgetUnsure(name, l, r), o)
		return nil
	}
	t.Logf("%s", passes(name, l, r))
	if o.run.Budget > 0 {
		t.Logf("%s", budgetWithin(name, l, r))
	}
	return nil
}

// refOverBudget says whether the reference's own stops waited over the
// level's budget: then the machine, not the codec, may have kept them.
func refOverBudget(l pingpong.Level) bool {
	ref, ok := l.Codec(l.Reference)
	return ok && ref.Stops > 0 && ref.BudgetStop >= l.Budget
}

// levelOf is the level of rep that r is at.
func levelOf(rep *pingpong.Report, r pingpong.CodecReport) pingpong.Level {
	for _, l := range rep.Levels {
		if l.Pairs == r.Pairs {
			return l
		}
	}
	return pingpong.Level{}
}

// conclusion is the verdict's conclusion at r's level.
func conclusion(rep *pingpong.Report, r pingpong.CodecReport) string {
	return strings.Join(levelOf(rep, r).Conclusions, "\n")
}

// why is what name's row or the run's says went wrong.
func why(rep *pingpong.Report, name string) string {
	if r, ok := rep.Codec(name); ok && r.Err != "" {
		return r.Err
	}
	if err := rep.Err(); err != nil {
		return err.Error()
	}
	return "no stops of the world were measured"
}

// unsure skips t with m, or under Strict fails it.
func unsure(t testing.TB, m message, o options) {
	t.Helper()
	if o.strict {
		m.details = append(m.details, "Strict: a guard that cannot tell fails")
		t.Errorf("%s", m)
		return
	}
	t.Skip(m.String())
}
