package pingpongtest

import (
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
		rec := recordAll(t, func(tb testing.TB) { failure = judge(tb, "mine", pingpong.ReportOf(r), nil, o) })
		return rec, failure
	}

	rec, failure := judged(straddling, options{})
	if failure != "" || len(rec.failed) > 0 || len(rec.skipped) != 1 ||
		!strings.HasPrefix(rec.skipped[0], "pingpongtest: cannot tell whether mine freezes the program over 2s at 2x encdec: mine (+") ||
		!strings.Contains(rec.skipped[0], "against a bar of 3") || !strings.Contains(rec.skipped[0], "the effect lies too close to the bar for a window of a few times that to settle it") {
		t.Errorf("cannot tell: failure %q, failed %q, skipped %q: want one skip with the figures and what would settle it", failure, rec.failed, rec.skipped)
	}
	rec, _ = judged(straddling, options{strict: true})
	if len(rec.skipped) > 0 || len(rec.failed) != 1 || !strings.Contains(rec.failed[0], "Strict") {
		t.Errorf("cannot tell, strict: failed %q, skipped %q: want a failure", rec.failed, rec.skipped)
	}
	rec, failure = judged(quiet, options{})
	if failure != "" || len(rec.failed)+len(rec.skipped) > 0 || len(rec.logs) != 1 ||
		!strings.HasPrefix(rec.logs[0], "pingpongtest: mine does not freeze the program: ") || !strings.Contains(rec.logs[0], "of the window frozen against baseline's, under the bar of 3, over 2s at 2x encdec") {
		t.Errorf("does not: failure %q, failed %q, skipped %q, logs %q", failure, rec.failed, rec.skipped, rec.logs)
	}
	if _, failure = judged(frozen, options{}); !strings.HasPrefix(failure, "mine froze the program ") {
		t.Errorf("stands out: failure %q", failure)
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
		rec := recordAll(t, func(tb testing.TB) { failure = judge(tb, "mine", pingpong.ReportOf(r), nil, o) })
		return rec, failure
	}

	rec, failure := judged(calm, 5*ms)
	if len(rec.failed)+len(rec.skipped) > 0 || failure != "mine's stops waited over the budget of 5.0ms: p99 stop 8.0ms (baseline's "+format.Duration(pingpong.ReportOf(calm).Levels[0].References[0].BudgetStop)+"), of 200 stops over 2s at 2x encdec" {
		t.Errorf("over the budget: failure %q, failed %q, skipped %q", failure, rec.failed, rec.skipped)
	}
	t.Log(failure)
	rec, failure = judged(calm, 10*ms)
	if failure != "" || len(rec.failed)+len(rec.skipped) > 0 || len(rec.logs) != 2 || !strings.HasPrefix(rec.logs[1], "pingpongtest: mine keeps within the budget of 10.0ms: p99 stop 8.0ms") {
		t.Errorf("within the budget: failure %q, failed %q, skipped %q, logs %q", failure, rec.failed, rec.skipped, rec.logs)
	}
	slow := run(rare, append(resultstest.StopsAround(1, 196, 100*us), 6*ms, 6*ms, 6*ms, 6*ms))
	rec, failure = judged(slow, 5*ms)
	if failure != "" || len(rec.failed) > 0 || len(rec.skipped) != 1 || !strings.Contains(rec.skipped[0], "cannot tell whether mine keeps within the budget of 5.0ms: the machine kept even baseline's stops over it") {
		t.Errorf("the reference over the budget too: failure %q, failed %q, skipped %q", failure, rec.failed, rec.skipped)
	}
}
