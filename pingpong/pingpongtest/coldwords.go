// The first-call guard's words, as the steady guard's (words.go): a first
// line that answers, under firstWidth, then its figures, each under
// detailWidth.

package pingpongtest

import (
	"fmt"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/pingpong"
	"github.com/pingpong-bench/pingpong/verdict"
)

// firstCallWords are the guard's message on the subject's calls, and its
// answer: the decisive call's (decisive) first, every call's figures
// under it.
func firstCallWords(s subject, calls []firstCall) (message, pingpong.Answer) {
	d := decisive(calls)
	call := s.name + "'s first " + callName(s, d.what)
	held := "its stops held " + format.Duration(d.held.Median)
	median := fmt.Sprintf(" (median of %d processes)", d.seen)
	var m message
	switch d.answer {
	case pingpong.StandsOut:
		m = answer(fmt.Sprintf("pingpongtest: %s freezes the program: %s", call, held), ", bar "+format.Duration(d.bar)+median)
	case pingpong.DoesNot:
		m = answer(fmt.Sprintf("pingpongtest: %s does not freeze the program: %s", call, held), ", under "+format.Duration(d.floor)+median)
	default:
		m = answer(fmt.Sprintf("pingpongtest: cannot tell whether %s freezes the program", call),
			fmt.Sprintf(": held %s, control's %s", format.Duration(d.held.Median), format.Duration(d.refHeld.Median)))
	}
	for _, c := range calls {
		m.details = append(m.details, callFigures(s, c)...)
	}
	m.details = append(m.details, fmt.Sprintf("bar: a first call freezes the program when its longest stop held over %s and over %dx control's (medians)",
		format.Duration(d.floor), verdict.ColdFreezeFactor))
	if d.split {
		m.details = append(m.details, "held: the time a thread kept running through the stop, by the kernel's accounting; the machine's share of the wait left out")
	} else {
		m.details = append(m.details, "held: the whole wait for the stop to begin (no per-thread accounting here to leave the machine's share out)")
	}
	if d.answer == pingpong.CannotTell {
		m.details = append(m.details, "to settle it: "+settling(d))
	}
	return m, d.answer
}

// callName is what the messages call a first call of what.
func callName(s subject, what string) string {
	if s.fn {
		return "call"
	}
	return what
}

// callFigures are a call's lines: its times, its stops, control's.
func callFigures(s subject, c firstCall) []string {
	name := "first " + callName(s, c.what)
	lines := []string{
		fmt.Sprintf("%s: %s (%s to %s) in %d fresh processes; second %s, steady %s, %s steady", name,
			format.Duration(c.time.Median), format.Duration(c.time.Min), format.Duration(c.time.Max), c.n,
			format.Duration(c.second.Median), format.Duration(c.steady.Median), verdict.ColdRatio(c.time.Median, c.steady.Median)),
		fmt.Sprintf("its longest stop held %s (%s to %s), waited %s; the sleep probe woke up to %s late (control %s)",
			format.Duration(c.held.Median), format.Duration(c.held.Min), format.Duration(c.held.Max), format.Duration(c.wait.Median),
			format.Duration(c.late.Median), format.Duration(c.refLate.Median)),
		fmt.Sprintf("control's %s, %s: its longest stop held %s (%s to %s)", name, controlWords(s),
			format.Duration(c.refHeld.Median), format.Duration(c.refHeld.Min), format.Duration(c.refHeld.Max)),
	}
	if c.ran > 0 && c.ran < verdict.RanShown {
		lines = append(lines, "beside other work: "+verdict.Got(c.ran)+" over the first call (median)")
	}
	if c.seen < c.n {
		lines = append(lines, fmt.Sprintf("the probe saw %d of %d first calls (it forced no stop beside the others, which lasted over %s)",
			c.seen, c.n, format.Duration(c.floor)))
	}
	return lines
}

// controlWords say what control is beside the subject.
func controlWords(s subject) string {
	if s.fn {
		return "a preemptible loop as long as the first call"
	}
	return "a preemptible loop as busy as encoding/json's steady one"
}

// settling is what would settle a call the guard cannot tell.
func settling(c firstCall) string {
	if c.seen < leastProcesses {
		return fmt.Sprintf("more fresh processes (Processes), on a machine with a CPU free for the probe: it saw %d of %d first calls", c.seen, c.n)
	}
	if c.starved() {
		return fmt.Sprintf("a quieter machine: %s, under the %.0f%% a hold keeps its size at", verdict.Got(c.ran), 100*verdict.MinRanShare)
	}
	return fmt.Sprintf("a quieter machine: control's first call held stops %s too, so holds up to %dx that may be the machine's; or a higher LongStop",
		format.Duration(c.refHeld.Median), verdict.ColdFreezeFactor)
}
