package verdict

import (
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// More says, from one level's rows so far (its codecs' turns and stops,
// in the level's order), which codecs need more turns before the verdict
// can tell: those it cannot tell because an interval is too wide (not
// because the machine was too busy, which more turns do not mend), when
// a window within cfg.Until may be long enough to settle them (or their
// window is still shorter than FirstLook), and with them the reference they are judged against (control when it ran: more
// turns of baseline would then settle nothing). A codec whose wait.p99 on
// a sized document (attachment:4MB) is undecided on the budget (its
// interval straddles it: SizePoint.Undecided) needs more turns too, within
// the cap: a safe size rests on that size's side of the budget, and more
// stops narrow the interval. It is what a run asks between its level's
// turns (-until).
func More(cfg results.Config, sofar []results.Result) []bool { return moreTurns(cfg, sofar, true) }

// moreTurns is More, and SearchMore without the verdict's own need
// (verdict false): the codecs undecided on the budget, and those the
// verdict cannot yet tell.
func moreTurns(cfg results.Config, sofar []results.Result, verdict bool) []bool {
	rows := make([]results.Result, len(sofar))
	for i, r := range sofar {
		rows[i] = withStops(r, cfg.STW)
	}
	out := make([]bool, len(rows))
	for _, v := range Levels(cfg, rows, nil) {
		more := false
		for _, cv := range v.Codecs {
			if v.undecidedOnBudget(cfg, cv) {
				more = true
				mark(out, rows, cv.Result.Codec)
				continue
			}
			// a starved program (Starved) takes more turns too: they
			// cannot earn "does not", but may show it stands out, or
			// decide a guard's budget
			if !verdict || !cv.Tested || cv.Answer != CannotTell || cv.Busy {
				continue
			}
			// up to twice the window whatever its interval says, then
			// only while more turns within the cap may settle it: an
			// effect that sits on the bar would take the cap and still
			// not be told. The first look is the program's time: beside
			// other work it ran a part of the window (a program that ran
			// too little of it for "does not", Short, is still in it).
			if _, need := v.toSettle(cv); cfg.Until > 0 && need > cfg.Until && v.looked(cv) >= FirstLook(cfg) {
				continue
			}
			more = true
			mark(out, rows, cv.Result.Codec)
		}
		if more && v.Ref != nil { // the reference they are judged against, not the other
			mark(out, rows, v.Ref.Result.Codec)
		}
	}
	return out
}

// FirstLook is how long a level's window may run for a codec the verdict
// cannot tell, whatever its interval projects: twice -duration, within
// -until. An interval's first width overstates how far a window is from
// settling it: a codec picked because its effect came out near the bar
// is often there by chance, and its next turns move it back. Measured in
// docs/notes-verdict.md: with the projection alone, a codec on a real
// file could not be told in 5 of 9 runs (batch 8); extended to 6s
// regardless, in 1 of 9 (batch 1).
func FirstLook(cfg results.Config) time.Duration {
	return min(cfg.Until, 2*cfg.Duration)
}

// looked is how long cv's program, and the reference's, ran in the
// level's window so far: the shorter, each the time its threads ran
// (Stops.Ran) where its turns say, else its window.
func (v Level) looked(cv Codec) time.Duration {
	ran := func(s Stops) time.Duration {
		if s.Ran > 0 {
			return min(s.Ran, s.Window)
		}
		return s.Window
	}
	return min(ran(cv.Stops), ran(v.Ref.Stops))
}

func mark(out []bool, rows []results.Result, codec string) {
	for i, r := range rows {
		if r.Codec == codec {
			out[i] = true
		}
	}
}

// withStops gives a row that holds only its stop records what the verdict
// reads of the probe: the corrected histogram and the waits added up, and
// a round trip, so that it counts as measured.
func withStops(r results.Result, interval time.Duration) results.Result {
	if r.STWHist != nil || len(r.STWTurns) == 0 {
		return r
	}
	h := latency.NewHistogram()
	var waited time.Duration
	for _, s := range r.STWStops {
		_ = h.RecordCorrectedValue(int64(max(s.Begin, 1)), int64(interval))
		waited += s.Begin
	}
	r.STWHist, r.STWWaited = h, waited
	r.N = max(r.N, 1) // measured: a level's rows are judged only then
	return r
}

// undecidedOnBudget says whether c, on a sized document (one a safe size
// may read), is undecided on cfg's budget.
func (v Level) undecidedOnBudget(cfg results.Config, c Codec) bool {
	if results.SizeName(v.Input) == v.Input || !c.HasSTW || c.Stops.N() == 0 || results.IsReference(c.Result.Codec) {
		return false
	}
	budget := BudgetOf(cfg)
	p := v.pointOf(c, results.InputInfo{Name: v.Input}, budget)
	if p.Undecided && p.Hi < budget { // for want of stops alone
		return reaches(cfg.Until, c.Stops.Window, p.Stops)
	}
	return p.Undecided
}

// reaches says whether a window of until holds MinBudgetStops stops at the
// rate n stops came in window so far (no cap: it may). A size undecided
// only for want of stops (its interval under the budget) takes more turns
// only then: a size whose stops come too seldom for -until to reach them
// (a big document's long stops take the probe's time) stays undecided
// however long the run measures within it, and the line says that a
// longer -duration settles it.
func reaches(until, window time.Duration, n int64) bool {
	if until <= 0 || window <= 0 {
		return true
	}
	return float64(n)*until.Seconds()/window.Seconds() >= MinBudgetStops
}
