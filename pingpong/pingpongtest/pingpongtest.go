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
// says by how much (`+0.4 points (-0.3 to 1.1), under the bar of 3`); one
// it cannot tell because the interval straddles the bar is measured
// longer, within the deadline; one it still cannot tell skips the test
// with the figures and what would settle it: a guard never passes what it
// could not judge. Strict fails it instead.
//
// A busy machine is not a frozen program. A stop of the world waits for
// the last goroutine to stop: because it runs code that will not stop
// (the codec's hold, what the guard judges), or because the system has
// not run its thread (the machine: other tests, the compiler, other
// jobs). On Linux the guard reads the kernel's accounting of each thread
// around every stop and judges the hold alone, so it answers beside other
// work; elsewhere it judges the whole wait, and skips, saying so, when
// the machine was too busy to judge.
//
// A guard measures in the test's process, at one level (GOMAXPROCS pairs
// by default), the codec and the references (control, as busy as a codec
// but always preemptible, which the verdict judges against, and baseline)
// taking turns in a window of DefaultDuration each; with the warmups and
// the harness's own floor, a guard that passes at once takes about 4-5s
// of wall time on a 2-core machine, and one the verdict cannot yet tell
// takes turns up to three windows (Until). Under -short the window is
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
// Under the race detector a guard measures nothing (every call is several
// times slower, and the stops wait on the detector's own work): it skips
// the test, saying so. Benchmark still runs.
package pingpongtest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/internal/measurelock"
	"github.com/pingpong-bench/pingpong/pingpong"
)

// NoFreeze fails t when codec c, ping-ponging doc, keeps the program's
// stops of the world waiting longer than the reference does, by the verdict
// the pingpong command prints (or the test's own WaitingBar). The failure
// is the verdict's sentence, with the culprit when a second run with the
// flight recorder caught the codec holding the longest stop; a run that
// passed its deadline fails saying whether a stop that did not begin was
// what held it. A codec that fails on doc fails t too. With Budget, a
// codec whose p99 stop waited over it fails too, in a line of its own
// with the figures.
func NoFreeze(t testing.TB, c pingpong.Codec, doc []byte, opts ...Option) {
	t.Helper()
	o := settled(t, opts)
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
	if failure == "" {
		return
	}
	o.run.Culprits = true
	if again, err := pingpong.Run(t.Context(), doc, []pingpong.Codec{c}, o.run); err == nil {
		if r, ok := again.Codec(c.Name); ok {
			failure += culprit(r.Culprit, c.Name)
		}
	}
	t.Errorf("pingpongtest: %s", failure)
}

// judge is why name stands out in run, or "" when it does not; it fails
// t itself when the run could not measure, and skips it (or, Strict,
// fails it) when the verdict could not tell.
func judge(t testing.TB, name string, rep *pingpong.Report, err error, o options) string {
	t.Helper()
	if errors.Is(err, pingpong.ErrDeadline) {
		t.Errorf("pingpongtest: %s: %v", name, err)
		return ""
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
	over := fmt.Sprintf("over %s at %s", r.Window.Round(time.Millisecond), l.Label)
	var failures []string
	if r.Answer == pingpong.StandsOut {
		failures = append(failures, r.Sentence)
	}
	budgetFailure, budgetUnsure := budgetOf(name, l, r, o)
	if budgetFailure != "" {
		failures = append(failures, budgetFailure)
	}
	if len(failures) > 0 {
		return strings.Join(failures, "\n")
	}
	unsure := ""
	switch {
	case r.Answer == pingpong.CannotTell:
		unsure = fmt.Sprintf("pingpongtest: cannot tell whether %s freezes the program %s: %s; %s", name, over, l.Undecided, l.Settle)
	case budgetUnsure != "":
		unsure = budgetUnsure
	}
	if unsure != "" {
		if o.strict {
			t.Errorf("%s (Strict: a guard that cannot tell fails)", unsure)
		} else {
			t.Skip(unsure)
		}
		return ""
	}
	t.Logf("pingpongtest: %s does not freeze the program: %s points (%s) of the window frozen against %s's, under the bar of %s, %s",
		name, r.Effect.Points(), r.Effect.Range(), l.Reference, l.Bar(), over)
	if o.run.Budget > 0 {
		t.Logf("pingpongtest: %s keeps within the budget of %s: %s", name, format.Duration(l.Budget), budgetFigures(l, r))
	}
	return ""
}

// budgetOf holds r to the budget o set, if any: failure is the line that
// says r's stops waited over it; unsure says why the guard cannot tell
// (the reference's own stops waited over it); both "" when r kept within
// it or no budget was set.
func budgetOf(name string, l pingpong.Level, r pingpong.CodecReport, o options) (failure, unsure string) {
	if o.run.Budget <= 0 || r.BudgetStop < l.Budget {
		return "", ""
	}
	if ref, ok := l.Codec(l.Reference); ok && ref.Stops > 0 && ref.BudgetStop >= l.Budget {
		return "", fmt.Sprintf("pingpongtest: cannot tell whether %s keeps within the budget of %s: the machine kept even %s's stops over it (%s)",
			name, format.Duration(l.Budget), l.Reference, budgetFigures(l, r))
	}
	return fmt.Sprintf("%s's stops waited over the budget of %s: %s", name, format.Duration(l.Budget), budgetFigures(l, r)), ""
}

// budgetFigures are the figures of a budget's line: "p99 stop 29.8ms
// (control's 210us), of 95 stops over 1.5s at 2x encdec".
func budgetFigures(l pingpong.Level, r pingpong.CodecReport) string {
	q := pingpong.BudgetQuantileName()
	ref := ""
	if rr, ok := l.Codec(l.Reference); ok && rr.Stops > 0 {
		ref = fmt.Sprintf(" (%s's %s)", l.Reference, format.Duration(rr.BudgetStop))
	}
	return fmt.Sprintf("%s stop %s%s, of %d stops over %s at %s", q, format.Duration(r.BudgetStop), ref, r.Stops, r.Window.Round(time.Millisecond), l.Label)
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

// culprit is the failure's last words: what the longest stop waited on,
// when that was a pair's goroutine, that is the codec (the harness's code
// between its calls is short and preemptible). The goroutine is inside
// the codec's call when it stopped there (sonic yields inside), or just
// past it when the call ran to its end without a safe point (a clear).
// On a loaded machine the last goroutine to stop can also be a
// bystander, such as a probe's, whose thread the OS had descheduled: that
// is no culprit.
func culprit(c *pingpong.Culprit, name string) string {
	if c == nil || !c.Pair {
		return ""
	}
	const from = "; culprit (a second run, with the flight recorder): "
	held := format.Duration(c.Stall)
	if c.InCodec {
		return fmt.Sprintf(from+"%s (%s), which held a stop of the world %s", c.Frame, c.Kind, held)
	}
	return fmt.Sprintf(from+"a call of %s, which held a stop of the world %s and let it begin only once it had returned (to %s)", name, held, c.Frame)
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
