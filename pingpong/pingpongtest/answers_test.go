package pingpongtest

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/pingpong"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// A guard's three answers on made-up stop records: one that cannot be
// told skips the test with its figures and what would settle it (Strict
// fails it instead); one that does not freeze passes, saying by how much
// in the verdict's terms; one that stands out fails.
func TestTheGuardsThreeAnswers(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	run := func(codec []time.Duration) *results.Run {
		return &results.Run{Config: results.Config{Duration: win, STW: 10 * ms}, Results: []results.Result{
			resultstest.Stopping("mine", 2, 0, win, codec),
			resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)),
		}}
	}
	straddling := run(append(resultstest.StopsAround(5, 192, 100*us), resultstest.StopsAround(6, 8, 8*ms)...))
	quiet := run(resultstest.StopsAround(4, 200, 100*us))
	frozen := run(append(resultstest.StopsAround(2, 160, 100*us), resultstest.StopsAround(3, 40, 15*ms)...))
	judged := func(r *results.Run, o options) (*recorder, string) {
		var failure string
		rec := recordAll(t, func(tb testing.TB) {
			if m := judge(tb, "mine", pingpong.ReportOf(r), nil, o); m != nil {
				failure = m.String()
			}
		})
		return rec, failure
	}

	rec, failure := judged(straddling, options{})
	if failure != "" || len(rec.failed) > 0 || len(rec.skipped) != 1 ||
		!strings.HasPrefix(rec.skipped[0], "pingpongtest: cannot tell whether mine freezes the program: +") ||
		!strings.Contains(rec.skipped[0], "bar 3") || !strings.Contains(rec.skipped[0], "the effect lies too close to the bar for a window of a few times that to settle it") {
		t.Errorf("cannot tell: failure %q, failed %q, skipped %q: want one skip with the figures and what would settle it", failure, rec.failed, rec.skipped)
	}
	readOnce(t, rec.skipped...)
	rec, _ = judged(straddling, options{strict: true})
	if len(rec.skipped) > 0 || len(rec.failed) != 1 || !strings.Contains(rec.failed[0], "Strict") {
		t.Errorf("cannot tell, strict: failed %q, skipped %q: want a failure", rec.failed, rec.skipped)
	}
	readOnce(t, rec.failed...)
	rec, failure = judged(quiet, options{})
	if failure != "" || len(rec.failed)+len(rec.skipped) > 0 || len(rec.logs) != 1 ||
		!strings.HasPrefix(rec.logs[0], "pingpongtest: mine does not freeze the program: ") || !strings.Contains(rec.logs[0], "under the bar of 3\n") ||
		!strings.Contains(rec.logs[0], " stops over 2s at 2x encdec") {
		t.Errorf("does not: failure %q, failed %q, skipped %q, logs %q", failure, rec.failed, rec.skipped, rec.logs)
	}
	readOnce(t, rec.logs...)
	if _, failure = judged(frozen, options{}); !strings.HasPrefix(failure, "pingpongtest: mine freezes the program: +") {
		t.Errorf("stands out: failure %q", failure)
	}
	readOnce(t, failure)
}

// A guard judged against control, where the time the probe could not
// run counts: its failure adds the held and the kept-out shares up to the
// frozen one, and its first line names the effect the details give.
func TestTheGuardsSumAddsUp(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	run := &results.Run{Config: results.Config{Duration: win, STW: 10 * ms}, Results: []results.Result{
		// 40 stops of about 30ms, 50ms apart: the probe cannot ask for a
		// stop in much of each gap
		resultstest.Stopping("a-function-with-a-long-name", 2, 0, win, resultstest.StopsAround(2, 40, 30*ms)),
		resultstest.Stopping("control", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)),
		resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(3, 200, 100*us)),
	}}
	var failure string
	rec := recordAll(t, func(tb testing.TB) {
		if m := judge(tb, "a-function-with-a-long-name", pingpong.ReportOf(run), nil, options{}); m != nil {
			failure = m.String()
		}
	})
	if failure == "" || !strings.Contains(failure, " + kept out ") {
		t.Fatalf("failure %q, failed %q, skipped %q, logs %q: want a failure that adds up the kept-out time", failure, rec.failed, rec.skipped, rec.logs)
	}
	readOnce(t, failure)
	first := strings.SplitN(failure, "\n", 2)[0]
	effect := regexp.MustCompile(`[+-][0-9.]+ points of the window \([0-9.-]+ to [0-9.-]+\)`).FindString(first)
	if effect == "" || !strings.Contains(failure, "effect, stretch by stretch against control's: "+effect) {
		t.Errorf("the first line's effect %q is not the details': %s", effect, failure)
	}
	t.Log(failure)
}

// readOnce holds a guard's messages to what a test log is read by: a
// first line under 120 characters that answers, details under 160 each,
// and wherever held and kept-out shares are added up, a sum that adds up
// as printed.
func readOnce(t *testing.T, messages ...string) {
	t.Helper()
	sum := regexp.MustCompile(`(held|waited) ([0-9]+)\.([0-9])% \+ kept out ([0-9]+)\.([0-9])% = frozen ([0-9]+)\.([0-9])%`)
	tenths := func(whole, tenth string) int {
		w, _ := strconv.Atoi(whole)
		f, _ := strconv.Atoi(tenth)
		return 10*w + f
	}
	for _, m := range messages {
		lines := strings.Split(m, "\n")
		if len(lines) < 2 {
			t.Errorf("a guard's message of one line, no details: %q", m)
		}
		for i, l := range lines {
			if width := map[bool]int{true: firstWidth, false: detailWidth}[i == 0]; len(l) >= width {
				t.Errorf("line %d of a guard's message is %d characters, want under %d: %q", i+1, len(l), width, l)
			}
		}
		for _, x := range sum.FindAllStringSubmatch(m, -1) {
			if tenths(x[2], x[3])+tenths(x[4], x[5]) != tenths(x[6], x[7]) {
				t.Errorf("%q does not add up", x[0])
			}
		}
	}
}

// A budget on made-up stop records: a codec whose p99 stop is over it
// fails in a line of its own with the figures, though the verdict lets it
// pass; under it, it passes saying so; when the reference's own p99 is
// over it too, the guard cannot tell.
func TestTheGuardsBudget(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	run := func(codec, ref []time.Duration) *results.Run {
		return &results.Run{Config: results.Config{Duration: win, STW: 10 * ms}, Results: []results.Result{
			resultstest.Stopping("mine", 2, 0, win, codec),
			resultstest.Stopping("baseline", 2, 0, win, ref),
		}}
	}
	// three stops of 8ms in 200: a p99 of 8ms, 1.2% of the window
	rare := append(resultstest.StopsAround(4, 197, 100*us), 8*ms, 8*ms, 8*ms)
	calm := run(rare, resultstest.StopsAround(1, 200, 100*us))
	judged := func(r *results.Run, budget time.Duration) (*recorder, string) {
		r.Config.Budget = budget
		o := settle([]Option{Budget(budget)})
		var failure string
		rec := recordAll(t, func(tb testing.TB) {
			if m := judge(tb, "mine", pingpong.ReportOf(r), nil, o); m != nil {
				failure = m.String()
			}
		})
		return rec, failure
	}

	rec, failure := judged(calm, 5*ms)
	if len(rec.failed)+len(rec.skipped) > 0 || failure != "pingpongtest: mine's stops waited over the budget of 5.0ms: p99 stop 8.0ms (baseline's "+
		format.Duration(pingpong.ReportOf(calm).Levels[0].References[0].BudgetStop)+")\nof 200 stops over 2s at 2x encdec" {
		t.Errorf("over the budget: failure %q, failed %q, skipped %q", failure, rec.failed, rec.skipped)
	}
	readOnce(t, failure)
	t.Log(failure)
	rec, failure = judged(calm, 10*ms)
	if failure != "" || len(rec.failed)+len(rec.skipped) > 0 || len(rec.logs) != 2 || !strings.HasPrefix(rec.logs[1], "pingpongtest: mine keeps within the budget of 10.0ms: p99 stop 8.0ms") {
		t.Errorf("within the budget: failure %q, failed %q, skipped %q, logs %q", failure, rec.failed, rec.skipped, rec.logs)
	}
	readOnce(t, rec.logs...)
	slow := run(rare, append(resultstest.StopsAround(1, 196, 100*us), 6*ms, 6*ms, 6*ms, 6*ms))
	rec, failure = judged(slow, 5*ms)
	if failure != "" || len(rec.failed) > 0 || len(rec.skipped) != 1 || !strings.HasPrefix(rec.skipped[0], "pingpongtest: cannot tell whether mine keeps within the budget of 5.0ms\n") ||
		!strings.Contains(rec.skipped[0], "the machine kept even baseline's stops over it") {
		t.Errorf("the reference over the budget too: failure %q, failed %q, skipped %q", failure, rec.failed, rec.skipped)
	}
	readOnce(t, rec.skipped...)
}

// Beside other work the figures say what the machine did: the share of
// the CPU its goroutines wanted that the program got, a quota's throttling, a probe without
// its priority; a quiet machine adds no line.
func TestFiguresSayWhatTheMachineDid(t *testing.T) {
	l := pingpong.Level{Reference: "control", Label: "2x encdec", FrozenBar: 0.03, TailBar: 0.1, LongStop: 10 * time.Millisecond}
	quiet := pingpong.CodecReport{Name: "x", Split: true, Ran: 0.99, Stops: 90, Window: time.Second}
	for _, line := range figures(l, quiet) {
		if strings.HasPrefix(line, "beside other work") {
			t.Errorf("a quiet machine's figures say %q", line)
		}
	}
	busy := quiet
	busy.Ran, busy.Throttled, busy.Unprioritized = 0.41, 0.3, true
	fs := figures(l, busy)
	last := fs[len(fs)-1]
	for _, want := range []string{"got 41%", "throttled it 30% of a core", "no priority"} {
		if !strings.Contains(last, want) {
			t.Errorf("figures' last line %q lacks %q", last, want)
		}
	}
	for _, line := range strings.Split(message{first: "x", details: fs}.String(), "\n") {
		if len(line) >= detailWidth {
			t.Errorf("a line of %d characters: %q", len(line), line)
		}
	}
}
