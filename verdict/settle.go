// What would settle a codec the run could not tell: the remedy (a
// quieter machine, or a longer window) in the command's or the guard's
// terms (Settle), and how long a window would have to run (toSettle).

package verdict

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/pingpong-bench/pingpong/format"
)

// Terms are the words Settle names its remedies in: the command's flags,
// or the freeze guard's options.
type Terms struct {
	Duration, Quieter string
}

var (
	// CommandTerms are the pingpong command's.
	CommandTerms = Terms{Duration: "-duration %s", Quieter: "run again on a quieter machine"}
	// GuardTerms are package pingpongtest's.
	GuardTerms = Terms{Duration: "pingpongtest.Duration(%s) with pingpongtest.Until of at least that", Quieter: "run the test where other work does not take the machine's cores, or leave it to Strict to fail"}
)

// PracticalWindows is how many times the window a remedy may propose:
// past it, the effect is too close to the bar to settle here.
const PracticalWindows = 4

// Settle says what would settle the codecs the run could not tell, in
// terms: a quieter machine when it was too busy to judge (where the
// stops' waits could not be split into the codec's and the machine's);
// a window up to PracticalWindows times as long, when that would clear
// the widest interval of its bar were the effect what it was; else that
// the effect lies too close to the bar to settle here.
func (v Level) Settle(terms Terms) string {
	undecided := v.Answers(CannotTell)
	if len(undecided) == 0 {
		return ""
	}
	if slices.ContainsFunc(undecided, func(cv Codec) bool { return cv.Busy }) {
		return fmt.Sprintf("the machine was too busy to judge, and this system does not say how much of a stop's wait was the machine's (%s itself waited for stops %s of the window; other processes took up to %.0f%% of its cores): %s",
			v.RefName(), format.Percent(v.Ref.Stops.Waiting()), 100*v.busiest(), terms.Quieter)
	}
	if slices.ContainsFunc(undecided, func(cv Codec) bool { return cv.Starved && !v.headsOver(cv) }) {
		return fmt.Sprintf("%s (other work had the rest): under %.0f%%, a stop's wait splits into the codec's hold and the machine's share too coarsely to say it does not freeze (it reads a freeze short): %s",
			Got(v.leastRan()), 100*MinRanShare, terms.Quieter)
	}
	if slices.ContainsFunc(undecided, func(cv Codec) bool { return cv.Short }) {
		return v.settleShort(terms)
	}
	var ran, need time.Duration
	for _, cv := range undecided {
		w, n := v.toSettle(cv)
		ran, need = max(ran, w), max(need, n)
	}
	need = need.Round(time.Second) + time.Second // whole seconds, rounded up past the projection
	if need > PracticalWindows*ran {
		return fmt.Sprintf("the level ran %s a codec, and the effect lies too close to the bar for a window of a few times that to settle it", fmtSeconds(ran))
	}
	return fmt.Sprintf("the level ran %s a codec; a window of %s would likely settle it (%s)", fmtSeconds(ran), fmtSeconds(need), fmt.Sprintf(terms.Duration, fmtSeconds(need)))
}

// settleMargin is how much longer than the bare projection toSettle asks
// a window to run: an interval's half-width shrinks as the square root of
// the window, so (half/gap)^2 times the window brings its edge just onto
// the bar, where a little noise leaves it straddling again; 1.2 asks a
// fifth more. It is a judgement, not a measurement: no run has compared
// margins (docs/notes-verdict.md measures the cap rule it feeds, not it).
const settleMargin = 1.2

// onTheBar is how many times the window toSettle asks of an effect that
// sits exactly on its bar (no window settles that), and the most it asks
// of any: far past PracticalWindows and -until's default of three times
// -duration, so that such a codec is reported as too close to the bar.
const onTheBar = 10.0

// toSettle is how long cv's window ran (the shorter of its and the
// reference's), and how long it would have to run for its answer to
// settle, were its effect what it was: an interval narrows as the square
// root of the window (settleMargin), and an effect on the bar takes
// onTheBar times the window. "Stands out" needs one interval over its bar
// (the sooner of those whose effect lies over it), "does not" every one
// under (the latest): a copy whose frozen share lay far over its bar was
// left untold because its tail's lay near its own (issue 51's batch).
func (v Level) toSettle(cv Codec) (ran, need time.Duration) {
	ran = min(cv.Stops.Window, v.Ref.Stops.Window)
	b := v.Bars
	over, under := time.Duration(math.MaxInt64), ran
	for _, x := range []struct {
		iv  Interval
		bar float64
	}{{cv.Effect.Frozen, b.Frozen}, {cv.Effect.Tail, b.Tail}} {
		f := 1.0
		if !x.iv.Above(x.bar) && !x.iv.Below(x.bar) {
			half, gap := (x.iv.Hi-x.iv.Lo)/2, math.Abs(x.iv.Est-x.bar)
			f = onTheBar
			if gap > 0 {
				f = max(1, min(f, settleMargin*(half/gap)*(half/gap)))
			}
		}
		w := time.Duration(f * float64(ran))
		if x.iv.Est > x.bar {
			over = min(over, w)
		} else {
			under = max(under, w)
		}
	}
	if over < math.MaxInt64 {
		return ran, over
	}
	return ran, under
}

// settleShort is Settle where a codec's program, or the reference's, ran
// too little of its window to say "does not" (Against.Short): the window
// that would have let it run RanEnough of -duration at the share it got.
func (v Level) settleShort(terms Terms) string {
	ran := v.leastRan()
	need := time.Duration(RanEnough * float64(v.Duration) / max(ran, 0.01)).Round(100 * time.Millisecond)
	return fmt.Sprintf("%s (other work had the rest), too little of its own work to say it does not freeze: %s, or %s",
		Got(ran), fmt.Sprintf(terms.Duration, fmtSeconds(need)), terms.Quieter)
}

// leastRan is the least share of the CPU its goroutines wanted that any
// program of the level got.
func (v Level) leastRan() float64 {
	ran := 1.0
	for _, cv := range v.all() {
		if cv.HasSTW {
			ran = min(ran, cv.Stops.RanShare())
		}
	}
	return ran
}

// headsOver says whether an estimate of cv's effect lies over its bar:
// the answer it heads for is "stands out".
func (v Level) headsOver(cv Codec) bool {
	return cv.Effect.Frozen.Est > v.Bars.Frozen || cv.Effect.Tail.Est > v.Bars.Tail
}
