// The guard's words, read once in a test log: a first line that answers
// (under firstWidth characters), then the details on lines of their own
// (each under detailWidth), with the arithmetic of the effect visible:
// held + kept out = frozen, against the reference's.

package pingpongtest

import (
	"fmt"
	"math"
	"reflect"
	"runtime"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/pingpong"
	"github.com/pingpong-bench/pingpong/verdict"
)

const (
	// firstWidth bounds a message's first line, the answer: it fits a
	// CI log's line beside the test's file:line, and reads at a glance.
	firstWidth = 120
	// detailWidth bounds every other line; a longer detail wraps.
	detailWidth = 160
)

// message is what a guard writes to the test's log: the answer, then its
// details.
type message struct {
	first   string
	details []string
}

// String is the message on its lines: the first, then each detail wrapped
// under detailWidth, its continuations indented.
func (m message) String() string {
	lines := []string{m.first}
	for _, d := range m.details {
		lines = append(lines, wrap(d, detailWidth-1)...)
	}
	return strings.Join(lines, "\n")
}

// answer is a first line, with more appended when the whole fits under
// firstWidth (more repeats a detail, which says it when the line is full).
func answer(first, more string) message {
	if len(first+more) < firstWidth {
		return message{first: first + more}
	}
	return message{first: first}
}

// wrap breaks s at spaces into lines of at most width characters, the
// continuations indented by two spaces; a word longer than the width
// stands on a line of its own.
func wrap(s string, width int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) <= width:
			line += " " + w
		default:
			out = append(out, line)
			line = "  " + w
		}
	}
	return append(out, line)
}

// freezes is the failure of a codec that stands out.
func freezes(name string, l pingpong.Level, r pingpong.CodecReport) message {
	m := answer(fmt.Sprintf("pingpongtest: %s freezes the program: %s", name, headline(l, r, "bar")),
		"; worst stop "+format.Duration(r.StopMax))
	m.details = append(m.details, figures(l, r)...)
	return m
}

// passes is the log line of a codec that does not freeze the program.
func passes(name string, l pingpong.Level, r pingpong.CodecReport) message {
	m := answer(fmt.Sprintf("pingpongtest: %s does not freeze the program: %s", name, headline(l, r, "under the bar of")), "")
	m.details = append(m.details, figures(l, r)...)
	return m
}

// undecided is the skip of a codec the verdict could not tell, with what
// would settle it.
func undecided(name string, l pingpong.Level, r pingpong.CodecReport) message {
	m := answer(fmt.Sprintf("pingpongtest: cannot tell whether %s freezes the program: %s", name, headline(l, r, "bar")), "")
	m.details = append(m.details, figures(l, r)...)
	if l.Settle != "" {
		m.details = append(m.details, "to settle it: "+l.Settle)
	}
	return m
}

// headline is the effect the answer rests on: the points of the window
// frozen, or the long stops' share where that alone decided (above its
// bar for a codec that stands out, straddling it for one the verdict
// cannot tell).
func headline(l pingpong.Level, r pingpong.CodecReport, bar string) string {
	byTail := r.Answer == pingpong.StandsOut && r.Effect.Lo <= l.FrozenBar && r.TailEffect.Lo > l.TailBar ||
		r.Answer == pingpong.CannotTell && r.Effect.Hi < l.FrozenBar && r.TailEffect.Hi >= l.TailBar
	if byTail {
		return fmt.Sprintf("%s of its stops over %s, %s %s", r.TailEffect.Percent(), l.LongStop, bar, l.TailBarPercent())
	}
	return fmt.Sprintf("%s points of the window (%s), %s %s", r.Effect.Points(), r.Effect.Range(), bar, l.Bar())
}

// figures are the details every answer gives: what the program was
// frozen, added up, against the reference's; the effect and its bars;
// the stops it was read from.
func figures(l pingpong.Level, r pingpong.CodecReport) []string {
	effect := fmt.Sprintf("effect, stretch by stretch against %s's: %s points of the window (%s), bar %s", l.Reference, r.Effect.Points(), r.Effect.Range(), l.Bar())
	if t := r.TailEffect; t.Hi > 0 || t.Lo < 0 {
		effect += fmt.Sprintf("; %s of its stops over %s, bar %s", t.Percent(), l.LongStop, l.TailBarPercent())
	}
	stops := fmt.Sprintf("%d stops over %s at %s: %s %s, worst %s; %s", r.Stops, r.Window.Round(time.Millisecond), l.Label,
		pingpong.BudgetQuantileName(), format.Duration(r.StopP99), format.Duration(r.StopMax), r.PValue())
	out := []string{sum(l, r), effect, stops}
	if m := machine(r); m != "" {
		out = append(out, m)
	}
	return out
}

// machine is what the machine did to the window, where that changes how
// the figures read: the share of the time the program's threads were
// ready that they ran (its shares are of that time, so a freeze keeps its
// size beside other work), the cgroup quota's throttling, and a probe
// without the kernel's priority; "" on a quiet machine.
func machine(r pingpong.CodecReport) string {
	var parts []string
	if r.Split && r.Ran < pingpong.RanShown {
		parts = append(parts, verdict.Got(r.Ran)+", and its shares are of the time it ran")
	}
	if r.Throttled >= 0.005 {
		parts = append(parts, fmt.Sprintf("the cgroup's CPU quota throttled it %.0f%% of a core", 100*r.Throttled))
	}
	if r.Unprioritized {
		parts = append(parts, "the probe's thread had no priority (nice -20 takes root or CAP_SYS_NICE), which blurs the machine's share")
	}
	if len(parts) == 0 {
		return ""
	}
	return "beside other work: " + strings.Join(parts, "; ")
}

// sum is the frozen share added up: "held 54.2% + kept out 9.2% = frozen
// 63.4% of the window; control 0.0%". Each figure is rounded to a tenth
// and kept out is frozen less held, so that the printed figures add up.
// Where the kernel did not split the stops' waits, "waited" stands for
// "held"; where the time kept out does not count (the level does not
// count it, or the program was too starved to split it), the line says
// so.
func sum(l pingpong.Level, r pingpong.CodecReport) string {
	held := "held"
	if !r.Split {
		held = "waited"
	}
	ref := fmt.Sprintf("; %s %s", l.Reference, tenthsPercent(tenths(r.RefFrozen)))
	var out string
	if r.CountsLate {
		h, f := tenths(r.Waiting), tenths(r.Frozen)
		out = fmt.Sprintf("%s %s + kept out %s = frozen %s of the window%s", held, tenthsPercent(h), tenthsPercent(f-h), tenthsPercent(f), ref)
	} else {
		out = fmt.Sprintf("%s %s = frozen %s of the window%s", held, tenthsPercent(tenths(r.Waiting)), tenthsPercent(tenths(r.Frozen)), ref)
		if tenths(r.Late) > 0 {
			why := " against " + l.Reference
			if l.CountsLate { // the level counts it, the program was too starved
				why = ": too starved to split"
			}
			out += fmt.Sprintf(" (kept out %s, not counted%s)", tenthsPercent(tenths(r.Late)), why)
		}
	}
	if r.Split && tenths(r.Machine) > 0 {
		out += fmt.Sprintf("; the machine's %s left out", tenthsPercent(tenths(r.Machine)))
	}
	return out
}

// tenths is a share of the window in tenths of a point: 0.542 is 542.
func tenths(share float64) int { return int(math.Round(1000 * share)) }

// tenthsPercent prints tenths of a point as a percent: 542 is "54.2%".
func tenthsPercent(t int) string { return fmt.Sprintf("%d.%d%%", t/10, t%10) }

// budgetOver is the failure of a codec whose stops waited over the budget.
func budgetOver(name string, l pingpong.Level, r pingpong.CodecReport) message {
	return message{first: fmt.Sprintf("pingpongtest: %s's stops waited over the budget of %s: %s", name, format.Duration(l.Budget), budgetStop(l, r)),
		details: []string{budgetOf(l, r)}}
}

// budgetWithin is the log line of a codec within the budget.
func budgetWithin(name string, l pingpong.Level, r pingpong.CodecReport) message {
	return message{first: fmt.Sprintf("pingpongtest: %s keeps within the budget of %s: %s", name, format.Duration(l.Budget), budgetStop(l, r)),
		details: []string{budgetOf(l, r)}}
}

// budgetUnsure is the skip of a codec whose reference's stops waited over
// the budget too.
func budgetUnsure(name string, l pingpong.Level, r pingpong.CodecReport) message {
	return message{first: fmt.Sprintf("pingpongtest: cannot tell whether %s keeps within the budget of %s", name, format.Duration(l.Budget)),
		details: []string{fmt.Sprintf("the machine kept even %s's stops over it: %s", l.Reference, budgetStop(l, r)), budgetOf(l, r)}}
}

// budgetStop is the quantile a budget holds: "p99 stop 29.8ms (control's
// 210us)".
func budgetStop(l pingpong.Level, r pingpong.CodecReport) string {
	ref := ""
	if rr, ok := l.Codec(l.Reference); ok && rr.Stops > 0 {
		ref = fmt.Sprintf(" (%s's %s)", l.Reference, format.Duration(rr.BudgetStop))
	}
	return fmt.Sprintf("%s stop %s%s", pingpong.BudgetQuantileName(), format.Duration(r.BudgetStop), ref)
}

// budgetOf is what a budget's quantile was read from: "of 95 stops over
// 1.5s at 2x encdec".
func budgetOf(l pingpong.Level, r pingpong.CodecReport) string {
	return fmt.Sprintf("of %d stops over %s at %s", r.Stops, r.Window.Round(time.Millisecond), l.Label)
}

// culpritLine is the failure's last detail: what the longest stop waited
// on, when that was a pair's goroutine, that is the codec (the harness's
// code between its calls is short and preemptible). The goroutine is
// inside the codec's call when it stopped there (sonic yields inside),
// or just past it when the call ran to its end without a safe point (a
// clear): then, and wherever the frame it stopped in is the harness's,
// the line names the codec or function the guard was given, never the
// harness's frame. On a loaded machine the last goroutine to stop can
// also be a bystander, such as a probe's, whose thread the OS had
// descheduled: that is no culprit.
func culpritLine(c *pingpong.Culprit, name string) string {
	if c == nil || !c.Pair {
		return ""
	}
	const from = "culprit (flight recorder, a second run): "
	held := format.Duration(c.Stall)
	if c.InCodec && !harnessFrame(c.Frame) {
		return fmt.Sprintf(from+"%s (%s) held a stop of the world %s", c.Frame, c.Kind, held)
	}
	return fmt.Sprintf(from+"a call of %s held a stop of the world %s and let it begin only once it had returned", name, held)
}

// harness are the prefixes of the frames a pair runs around the codec the
// guard was given: the module's internal packages, package pingpong, and
// the function guard's adapter (funcCodec), each named from a function so
// that a rename moves it.
var harness = []string{
	strings.TrimSuffix(funcName(pingpong.Lookup), "Lookup"),
	strings.TrimSuffix(funcName(pingpong.Lookup), "pingpong.Lookup") + "internal/",
	funcName(funcCodec) + ".",
}

// harnessFrame says whether frame ("function file:line") is the harness's.
func harnessFrame(frame string) bool {
	for _, p := range harness {
		if strings.HasPrefix(frame, p) {
			return true
		}
	}
	return false
}

// funcName is f's name as a stack frame gives it.
func funcName(f any) string { return runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name() }

// slowPastDeadline is the answer of a run that passed its deadline slow,
// not frozen (pingpong.ErrSlow): the guard cannot tell, and what would.
func slowPastDeadline(name string, deadline time.Duration) message {
	return message{first: fmt.Sprintf("pingpongtest: %s: cannot tell: the run passed its deadline of %v, slow, not frozen", name, deadline),
		details: []string{"the program's other goroutines kept running to the deadline; a longer Deadline, or a machine whose " +
			"other work leaves the program more of its CPUs, settles it"}}
}
