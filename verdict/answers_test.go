package verdict

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// The three answers on synthetic stop records (200 stops in a 2s window
// of 100ms turns): clearly above the bar, clearly below, straddling it,
// and a reference too busy to judge against.
func TestThreeAnswers(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	quietBase := resultstest.StopsAround(1, 200, 100*us)
	// a reference whose stops wait 5ms in one of ten: itself frozen
	// about 5% of the window
	busyBase := append(resultstest.StopsAround(1, 180, 100*us), resultstest.StopsAround(8, 20, 5*ms)...)
	for _, tc := range []struct {
		name        string
		base, codec []time.Duration
		want        Answer
		busy        bool
	}{
		{"clearly above", quietBase, append(resultstest.StopsAround(2, 160, 100*us), resultstest.StopsAround(3, 40, 15*ms)...), StandsOut, false},
		{"clearly below", quietBase, resultstest.StopsAround(4, 200, 100*us), DoesNot, false},
		// eight stops of 8ms: 3.2 points of the window, in a few stretches
		{"straddling", quietBase, append(resultstest.StopsAround(5, 192, 100*us), resultstest.StopsAround(6, 8, 8*ms)...), CannotTell, false},
		{"a busy reference", busyBase, append(resultstest.StopsAround(4, 180, 100*us), resultstest.StopsAround(9, 20, 5*ms)...), CannotTell, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cv := judged(t, resultstest.Stopping("baseline", 2, 0, win, tc.base), resultstest.Stopping("codec", 2, 0, win, tc.codec))["codec"]
			f := cv.Effect.Frozen
			t.Logf("effect %+.2f points (%.2f to %.2f), tail %+.3f, p %.3g", 100*f.Est, 100*f.Lo, 100*f.Hi, cv.Effect.Tail.Est, cv.P)
			if cv.Answer != tc.want || cv.Busy != tc.busy || cv.StandsOut() != (tc.want == StandsOut) || !cv.HasEffect {
				t.Errorf("answer %v (busy %v, stands out %v, has effect %v), want %v (busy %v)", cv.Answer, cv.Busy, cv.StandsOut(), cv.HasEffect, tc.want, tc.busy)
			}
			if !(f.Lo <= f.Est && f.Est <= f.Hi) {
				t.Errorf("the interval %+v does not hold its estimate", f)
			}
		})
	}
}

// The conclusion keeps its two forms and gains a third, which names each
// codec it cannot tell with its effect against the bar, and what would
// settle it; a level may print a "stands out" line and a "cannot tell"
// line.
func TestConclusionsOfThreeAnswers(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	cfg := results.Config{Duration: win}
	vs := Levels(cfg, []results.Result{
		resultstest.Stopping("sonic", 2, 0, win, append(resultstest.StopsAround(2, 160, 100*us), resultstest.StopsAround(3, 40, 15*ms)...)),
		resultstest.Stopping("goccy", 2, 0, win, append(resultstest.StopsAround(5, 192, 100*us), resultstest.StopsAround(6, 8, 8*ms)...)),
		resultstest.Stopping("std", 2, 0, win, resultstest.StopsAround(4, 200, 100*us)),
		resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)),
	}, nil)
	cs := vs[0].Conclusions()
	if len(cs) != 2 || !strings.HasPrefix(cs[0], "stands out from baseline: sonic (froze the program ") ||
		!strings.HasPrefix(cs[1], "cannot tell at 2x encdec: goccy (+") || !strings.Contains(cs[1], "against a bar of 3)") ||
		!strings.Contains(cs[1], "too close to the bar for a window of a few times that to settle it") {
		t.Errorf("conclusions:\n%s", strings.Join(cs, "\n"))
	}
	// without sonic: the "no codec" line names std, and goccy still
	// cannot be told
	vs = Levels(cfg, slices.DeleteFunc(slices.Clone([]results.Result{
		resultstest.Stopping("goccy", 2, 0, win, append(resultstest.StopsAround(5, 192, 100*us), resultstest.StopsAround(6, 8, 8*ms)...)),
		resultstest.Stopping("std", 2, 0, win, resultstest.StopsAround(4, 200, 100*us)),
		resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)),
	}), func(results.Result) bool { return false }), nil)
	cs = vs[0].Conclusions()
	if len(cs) != 2 || !strings.HasPrefix(cs[0], "no codec stands out from baseline at 2x encdec (std ") || !strings.HasPrefix(cs[1], "cannot tell at 2x encdec: goccy") {
		t.Errorf("conclusions:\n%s", strings.Join(cs, "\n"))
	}
}

// At 2N the probe queues behind busy goroutines: the time it could not
// run falls on a codec and on control, which keeps the Ps as busy, and
// none on baseline. At a level of as many pairs as Ps, judged against
// control, time lost alike is not "longer"; past that (2N), and against
// baseline alone, it is not counted at all.
func TestQueueingIsNotAFreeze(t *testing.T) {
	us, ms := time.Microsecond, time.Millisecond
	// 50 stops, one every interval plus the slack plus 10ms: 10ms late in
	// each gap, a fifth of the window, for the codec and control alike
	win := 50 * (10*ms + ProbeSlack + 10*ms)
	cfg := results.Config{STW: 10 * ms, Duration: win}
	queued := func(seed uint64) []time.Duration { return resultstest.StopsAround(seed, 50, 100*us) }
	rows := func(pairs int) []results.Result {
		return []results.Result{
			resultstest.Stopping("std", pairs, 0, win, queued(2)),
			resultstest.Stopping("control", pairs, 0, win, queued(3)),
			resultstest.Stopping("baseline", pairs, 0, win, resultstest.StopsAround(1, 200, 100*us)),
		}
	}
	for _, tc := range []struct {
		name string
		rows []results.Result
		ref  string
		late bool
	}{
		{"against control, N", rows(2), "control", true},
		{"against control, 2N", rows(4), "control", false},
		{"against baseline", []results.Result{rows(2)[0], rows(2)[2]}, "baseline", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := Levels(cfg, tc.rows, nil)[0]
			cv := v.Codecs[0]
			if v.RefName() != tc.ref || cv.Late != tc.late {
				t.Fatalf("judged against %s (late %v), want %s (late %v)", v.RefName(), cv.Late, tc.ref, tc.late)
			}
			if cv.Stops.Late() < 0.15 {
				t.Fatalf("std late %.1f%%: the records do not queue the probe", 100*cv.Stops.Late())
			}
			if cv.More || cv.Answer != DoesNot {
				t.Errorf("more %v (p %.3g), answer %v, effect %+v: want not longer, does not", cv.More, cv.P, cv.Answer, cv.Effect.Frozen)
			}
			if cell := v.Table()[1][len(v.Table()[0])-1]; cell != "does not" {
				t.Errorf("answer cell %q", cell)
			}
		})
	}
}

// Measuring until sure asks for more turns of the codecs the verdict
// cannot tell for want of samples, and of the references, and of no
// other; nor of any when the machine was too busy.
func TestMoreTurnsUntilSure(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	bare := func(r results.Result) results.Result { // what a level's turns hand over
		out := results.Result{Scenario: r.Scenario, Window: r.Window}
		out.STWStops, out.STWTurns = r.STWStops, r.STWTurns
		return out
	}
	cfg := results.Config{STW: 10 * ms, Duration: win}
	rows := []results.Result{
		bare(resultstest.Stopping("sonic", 2, 0, win, append(resultstest.StopsAround(2, 160, 100*us), resultstest.StopsAround(3, 40, 15*ms)...))),
		bare(resultstest.Stopping("goccy", 2, 0, win, append(resultstest.StopsAround(5, 192, 100*us), resultstest.StopsAround(6, 8, 8*ms)...))),
		bare(resultstest.Stopping("std", 2, 0, win, resultstest.StopsAround(4, 200, 100*us))),
		bare(resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us))),
	}
	if got, want := More(cfg, rows), []bool{false, true, false, true}; !slices.Equal(got, want) {
		t.Errorf("more %v, want %v (goccy and baseline)", got, want)
	}
	// with control, the reference, baseline takes no more turns
	withControl := append(slices.Clone(rows), bare(resultstest.Stopping("control", 2, 0, win, resultstest.StopsAround(7, 200, 100*us))))
	if got, want := More(cfg, withControl), []bool{false, true, false, false, true}; !slices.Equal(got, want) {
		t.Errorf("more %v, want %v (goccy and control)", got, want)
	}
	// goccy's effect sits near the bar: at the rate its interval narrows
	// it would take far more than a cap of twice the window to settle;
	// within its first look (twice -duration) it takes more turns anyway,
	// past it none
	capped := cfg
	capped.Until = 2 * win
	if got, want := More(capped, rows), []bool{false, true, false, true}; !slices.Equal(got, want) {
		t.Errorf("more %v, want %v: goccy within its first look", got, want)
	}
	capped.Duration = win / 2 // the window has run twice -duration
	if got := More(capped, rows); slices.Contains(got, true) {
		t.Errorf("more %v: a codec no window within the cap can settle took more turns past its first look", got)
	}
	// beside other work the program ran 90% of that window: its
	// first look is the program's time, and it is still in it
	ranThird := make([]results.Result, len(rows))
	for i, r := range rows {
		r.STWTurns = slices.Clone(r.STWTurns)
		for k := range r.STWTurns {
			r.STWTurns[k].Ran = 0.9
		}
		ranThird[i] = r
	}
	if got, want := More(capped, ranThird), []bool{false, true, false, true}; !slices.Equal(got, want) {
		t.Errorf("more %v, want %v: goccy's program ran 90%% of its first look", got, want)
	}
	if got := More(cfg, []results.Result{rows[0], rows[2], rows[3]}); slices.Contains(got, true) {
		t.Errorf("more %v with every codec told", got)
	}
	busy := []results.Result{
		bare(resultstest.Stopping("std", 2, 0, win, append(resultstest.StopsAround(4, 180, 100*us), resultstest.StopsAround(9, 20, 5*ms)...))),
		bare(resultstest.Stopping("baseline", 2, 0, win, append(resultstest.StopsAround(1, 180, 100*us), resultstest.StopsAround(8, 20, 5*ms)...))),
	}
	if got := More(cfg, busy); slices.Contains(got, true) {
		t.Errorf("more %v on a machine too busy to judge", got)
	}
}

// A codec undecided on the budget at a sized document takes more turns
// (and its reference with it): its safe size rests on that size's side of
// the budget. The same rows on a real file, or decided, take none.
func TestMoreTurnsUntilTheBudgetIsDecided(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	cfg := results.Config{STW: 10 * ms, Duration: win, Budget: 10 * ms}
	rowsOn := func(input string, long int) []results.Result {
		rows := []results.Result{
			resultstest.Stopping("edge", 2, 0, win, append(resultstest.StopsAround(2, 200-long, 100*us), slices.Repeat([]time.Duration{12 * ms}, long)...)),
			resultstest.Stopping("std", 2, 0, win, resultstest.StopsAround(4, 200, 100*us)),
			// the machine's: baseline's stops as long, so that the verdict
			// tells edge from it and asks for nothing of its own
			resultstest.Stopping("baseline", 2, 0, win, append(resultstest.StopsAround(1, 200-long, 100*us), slices.Repeat([]time.Duration{12 * ms}, long)...)),
		}
		for i := range rows {
			rows[i].Input = input
			rows[i].STWHist, rows[i].STW = nil, nil // what a level's turns hand over
		}
		return rows
	}
	if got, want := More(cfg, rowsOn("attachment:4MB", 3)), []bool{true, false, true}; !slices.Equal(got, want) {
		t.Errorf("more %v, want %v (edge, on 3 stops over the budget, and baseline)", got, want)
	}
	if got := More(cfg, rowsOn("citm-catalog", 3)); slices.Contains(got, true) {
		t.Errorf("more %v on a file no safe size reads", got)
	}
	if got := More(cfg, rowsOn("attachment:4MB", 0)); slices.Contains(got, true) {
		t.Errorf("more %v with every codec within the budget", got)
	}
}

// A size undecided only for want of stops takes more turns only while a
// window of -until would hold MinBudgetStops at the rate they came: 50
// short stops in half a second reach 200 within 2.5s, not within 1.5s.
func TestMoreTurnsOnlyWhereUntilReachesTheStops(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 500*time.Millisecond
	rows := []results.Result{
		resultstest.Stopping("edge", 2, 0, win, resultstest.StopsAround(2, 50, 100*us)),
		resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 50, 100*us)),
	}
	for i := range rows {
		rows[i].Input = "attachment:16MB"
		rows[i].STWHist, rows[i].STW = nil, nil
	}
	for _, c := range []struct {
		until time.Duration
		want  []bool
	}{{2500 * ms, []bool{true, true}}, {1500 * ms, []bool{false, false}}} {
		cfg := results.Config{STW: 10 * ms, Duration: win, Budget: 10 * ms, Until: c.until}
		if got := SearchMore(cfg, rows); !slices.Equal(got, c.want) {
			t.Errorf("until %v: more %v, want %v", c.until, got, c.want)
		}
	}
}

// The quantile a budget is judged on counts the time the probe could not
// ask as stops that waited that long, where the verdict counts it: 40
// stops of 100us leave 20ms gaps beyond the interval and the slack, which
// the stops alone never show.
func TestWaitQuantileCountsTheLateTime(t *testing.T) {
	us, ms := time.Microsecond, time.Millisecond
	win := 40 * (10*ms + ProbeSlack + 20*ms)
	var few []time.Duration
	for range 40 {
		few = append(few, 100*us)
	}
	v := Levels(results.Config{STW: 10 * ms, Duration: win}, []results.Result{
		resultstest.Stopping("starved", 2, 0, win, few),
		resultstest.Stopping("control", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)),
	}, nil)[0]
	s := v.Codecs[0].Stops
	if q := s.WaitQuantile(0.99, false); q > ms {
		t.Errorf("the stops alone: p99 %v, want about 100us", q)
	}
	if q := s.WaitQuantile(0.99, true); q < 19*ms || q > 21*ms {
		t.Errorf("with the late time: p99 %v, want about 20ms", q)
	}
	if !v.Codecs[0].Late {
		t.Error("judged against control at N without the late time")
	}
}

// What would settle a codec the run could not tell is said in the terms
// of whoever asks: the command's flags, or the freeze guard's options;
// a window at most a few times as long, never more.
func TestSettleInTheAskersTerms(t *testing.T) {
	us := time.Microsecond
	win := 2 * time.Second
	vs := Levels(results.Config{}, []results.Result{
		resultstest.Stopping("goccy", 2, 0, win, append(resultstest.StopsAround(5, 170, 100*us), resultstest.StopsAround(6, 30, 1500*us)...)),
		resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)),
	}, nil)
	v := vs[0]
	if got := v.Codecs[0].Answer; got != CannotTell {
		t.Fatalf("answer %v, want cannot tell", got)
	}
	for _, c := range []struct {
		terms Terms
		want  string
	}{
		{CommandTerms, "a window of 6s would likely settle it (-duration 6s)"},
		{GuardTerms, "a window of 6s would likely settle it (pingpongtest.Duration(6s) with pingpongtest.Until of at least that)"},
	} {
		if got := v.Settle(c.terms); !strings.HasSuffix(got, c.want) {
			t.Errorf("settle %q, want it to end %q", got, c.want)
		}
	}
}
