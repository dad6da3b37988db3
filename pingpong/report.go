package pingpong

import (
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/load"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// BudgetQuantile is the quantile of a codec's stops' waits that a freeze
// budget (Options.Budget) is judged on, as the pingpong command's
// -budget: 0.99.
const BudgetQuantile = verdict.BudgetQuantile

// BudgetQuantileName names BudgetQuantile as figures do: "p99".
func BudgetQuantileName() string { return verdict.BudgetQuantileName() }

// Report is what Run measured and what the verdict says of it, level by
// level, as the pingpong command's report ends.
type Report struct {
	// Levels are the levels in the order they ran.
	Levels []Level
	run    *results.Run
}

// Level is one level of a run: how many pairs ran at once, each codec's
// figures and answer, and the verdict's conclusions.
type Level struct {
	Pairs int    // how many pairs ran at once
	Label string // as the command's rows call it: "2x encdec"
	// Reference is what the codecs were judged against: "control" (as
	// busy as a codec, always preemptible) when it ran, else "baseline".
	Reference string
	// Codecs are the codecs measured, the one that kept the program
	// frozen longest first; References are control and baseline.
	Codecs, References []CodecReport
	// FrozenBar, LongStop and TailBar are the bars it was judged by:
	// points of the window (0.03: 3), what counts as a long stop, and how
	// many more of the stops (a share: 0.1 is 10%) may wait that long.
	FrozenBar float64
	LongStop  time.Duration
	TailBar   float64
	// CountsLate says the time the probe could not even run to ask for a
	// stop (CodecReport.Late) counts as frozen at this level (against
	// control, at no more pairs than Ps); elsewhere only the stops' waits
	// do.
	CountsLate bool
	// Budget is the freeze budget each codec's BudgetStop is held to
	// (Options.Budget).
	Budget time.Duration
	// Conclusions are the verdict's lines, as the command prints them:
	// "stands out from control: ...", "no codec stands out from control
	// at 2x encdec (...)", "cannot tell at 2x encdec: ...".
	Conclusions []string
	// Undecided names the codecs the verdict could not tell, with their
	// effects against the bars, and Settle says what would settle them in
	// package pingpongtest's terms; both "" when it told every codec.
	Undecided, Settle string
}

// Answer is what the verdict says of a codec at a level.
type Answer string

// The answers. A codec stands out when its stops waited longer than the
// reference's beyond chance and an interval of its effect lies above its
// bar; it does not when both intervals lie below their bars on a machine
// quiet enough to say so; otherwise the verdict cannot tell.
const (
	StandsOut  Answer = "stands out"
	DoesNot    Answer = "does not"
	CannotTell Answer = "cannot tell"
	// NotJudged: there was no reference, or no stops, to judge it by
	// (and for the references themselves).
	NotJudged Answer = "not judged"
)

// Interval is an estimate with its 95% interval, in shares of the window
// (0.035 is 3.5 points).
type Interval struct{ Est, Lo, Hi float64 }

// String prints iv in points as the verdict does: "+3.5 (2.1 to 4.9)".
func (iv Interval) String() string { return iv.Points() + " (" + iv.Range() + ")" }

// Points prints the estimate in points, signed: "+3.5".
func (iv Interval) Points() string { return verdict.Points(iv.Est) }

// Range prints the interval's bounds in points: "2.1 to 4.9".
func (iv Interval) Range() string { return verdict.Range(verdict.Interval(iv)) }

// Percent prints an effect on a share of the stops, with its interval:
// "+7% (3 to 11)".
func (iv Interval) Percent() string { return verdict.PointsPercent(verdict.Interval(iv), true) }

// CodecReport is one codec at one level: its figures and the verdict on
// it.
type CodecReport struct {
	Name   string
	Pairs  int    // the level's
	Answer Answer // NotJudged for a reference
	// Sentence is the verdict's words on it: how much of the window it
	// froze the program against the reference, its effect, its longest
	// stops; "" for a reference.
	Sentence string
	// Frozen is the share of the window the program was frozen while it
	// ran, as the verdict counts it: waiting for stops of the world to
	// begin, and, judged against control, the time the probe was too late
	// to even ask for one. RefFrozen is the reference's, counted alike.
	// Waiting is the stops' waits alone, and Late the time the probe
	// could not run to ask for one, counted in Frozen where CountsLate:
	// there Frozen is Waiting + Late (at most the window).
	Frozen, RefFrozen, Waiting, Late float64
	// CountsLate: Late counts in Frozen for this codec, as the level
	// counts it (Level.CountsLate), unless its program or the reference's
	// got less than a quarter of the CPU its goroutines wanted, too little
	// to tell the machine's share of the probe's lateness from the
	// program's (verdict.MinRanShare).
	CountsLate bool
	// Split says each stop's wait was split (Linux): then Frozen and
	// Waiting, and the stops' figures below, are the time the codec held
	// the stops, and Machine is the share of the window the machine took
	// of their waits and of the probe's lateness (its other processes and
	// tests keeping the program's threads from a CPU), which the verdict
	// leaves out.
	Split   bool
	Machine float64
	// Ran is the share of the window the program ran (of the CPU its
	// goroutines wanted, the share the process got): Frozen,
	// Waiting and the effect are shares of the time it ran, so that beside
	// other work a freeze keeps its size. 1 on a quiet machine. Throttled
	// is the CPU, in cores, a cgroup's quota kept the program from (the
	// machine's, as others' work is); Unprioritized says the probe's
	// thread lacked the kernel's priority (nice -20 takes root or
	// CAP_SYS_NICE), which blurs the machine's share.
	Ran, Throttled float64
	Unprioritized  bool
	// Effect is how many points of the window (as a share) more it froze
	// the program than the reference did; TailEffect how many more of its
	// stops (as a share) waited over the long-stop bar. P is the test's
	// one-sided p that its stops waited longer.
	Effect, TailEffect Interval
	P                  float64
	// RoundTrips is how many round trips the window held; RoundTripP50
	// and RoundTripP99 their percentiles.
	RoundTrips                 int64
	RoundTripP50, RoundTripP99 time.Duration
	// Stops is how many stops of the world the probe forced (with those a
	// stuck stop kept it from asking for); StopP99 and StopMax how long
	// they took to begin.
	Stops            int64
	StopP99, StopMax time.Duration
	// BudgetStop is the quantile of the stops' waits a freeze budget is
	// judged on (the pingpong command's -budget, verdict.BudgetQuantile:
	// p99), counting the time the probe could not ask for a stop as stops
	// that waited that long where the verdict counts it (Frozen); over the
	// level's Budget, the codec is not within it. StopPerMB is BudgetStop
	// per MB (1e6 bytes) of the document.
	BudgetStop, StopPerMB time.Duration
	// Window is how long it was measured, over all its turns.
	Window time.Duration
	// Mismatch is the first difference between its reading of the
	// document and encoding/json's; Err what kept it from being measured.
	Mismatch, Err string
	// Culprit is what the window's longest stop waited on, when
	// Options.Culprits ran the flight recorder and it named one.
	Culprit *Culprit
}

// Culprit is what the longest stop of a codec's window waited on.
type Culprit struct {
	// Frame is the function where the last goroutine to stop finally
	// stopped; Stack its whole stack, innermost first, as "function
	// file:line".
	Frame string
	Stack []string
	// Kind is what held the stop: "non-preemptible", "gc", ...
	Kind string
	// Stall is how long the stop took to begin.
	Stall time.Duration
	// Pair says that goroutine was one of the pairs', running the codec
	// or the harness between its calls; otherwise it was a bystander,
	// such as a probe whose thread the system had descheduled. InCodec
	// says it stopped inside a call of the codec, not past its end.
	Pair, InCodec bool
}

// Results is the run as the pingpong command keeps it (-json), for a
// program that writes its files or judges it with package verdict.
func (r *Report) Results() *results.Run { return r.run }

// Codec is name at the level where the verdict said most against it
// (stands out, then cannot tell, then does not; the first such level), a
// reference at its first level, or a codec that could not be measured
// with its Err; ok is false when no codec of that name ran.
func (r *Report) Codec(name string) (c CodecReport, ok bool) {
	for _, l := range r.Levels {
		if lc, found := l.Codec(name); found && (!ok || worse(lc.Answer, c.Answer)) {
			c, ok = lc, true
		}
	}
	if ok {
		return c, true
	}
	for _, row := range r.run.Results {
		if row.Codec == name && row.Err != "" {
			return CodecReport{Name: name, Pairs: row.Pairs, Answer: NotJudged, Err: row.Err}, true
		}
	}
	return CodecReport{}, false
}

// worse says whether answer a says more against a codec than b.
func worse(a, b Answer) bool {
	order := []Answer{NotJudged, DoesNot, CannotTell, StandsOut}
	return slices.Index(order, a) > slices.Index(order, b)
}

// Bar prints the level's frozen bar in points: "3".
func (l Level) Bar() string { return verdict.Bar(l.FrozenBar) }

// TailBarPercent prints the level's bar on the long stops' share: "10%".
func (l Level) TailBarPercent() string { return verdict.Bar(l.TailBar) + "%" }

// PValue prints the test's p as the verdict does: "p = 0.029", "p <
// 0.001".
func (c CodecReport) PValue() string { return verdict.PValue(c.P) }

// Codec is name at the level, a codec's or a reference's.
func (l Level) Codec(name string) (CodecReport, bool) {
	for _, c := range append(slices.Clip(l.Codecs), l.References...) {
		if c.Name == name {
			return c, true
		}
	}
	return CodecReport{}, false
}

// Err is the first error of the run's rows, references' included, naming
// the codec; nil when every codec was measured.
func (r *Report) Err() error {
	for _, row := range r.run.Results {
		if row.Err != "" {
			return errors.New(row.Codec + ": " + row.Err)
		}
	}
	return nil
}

// ReportOf is the report on a run Run measured, or one read back from
// the pingpong command's -json file: the verdict on it, level by level.
func ReportOf(run *results.Run) *Report {
	rep := &Report{run: run}
	sizes := map[string]int{}
	for _, in := range run.Inputs {
		sizes[in.Name] = in.Bytes
	}
	for _, v := range verdict.Of(run) {
		l := Level{Label: v.Label, Reference: v.RefName(), FrozenBar: v.Bars.Frozen, LongStop: v.Bars.LongStop, TailBar: v.Bars.Tail, CountsLate: v.CountsLate(),
			Budget: verdict.BudgetOf(run.Config), Conclusions: v.Conclusions(), Undecided: v.Undecided(), Settle: v.Settle(verdict.GuardTerms)}
		for _, cv := range v.Codecs {
			l.Pairs = cv.Result.Pairs
			l.Codecs = append(l.Codecs, codecReport(v, cv, sizes[v.Input]))
		}
		for _, ref := range []*verdict.Codec{v.Control, v.Base} {
			if ref != nil {
				l.Pairs = ref.Result.Pairs
				l.References = append(l.References, codecReport(v, *ref, sizes[v.Input]))
			}
		}
		rep.Levels = append(rep.Levels, l)
	}
	return rep
}

// RanShown is the share of the CPU its goroutines wanted that a program
// must have got before a report says how little it ran
// (verdict.RanShown).
const RanShown = verdict.RanShown

// codecReport is cv at level v, on a document of bytes.
func codecReport(v verdict.Level, cv verdict.Codec, bytes int) CodecReport {
	r := cv.Result
	c := CodecReport{Name: r.Codec, Pairs: r.Pairs, Answer: NotJudged, RoundTrips: r.N,
		RoundTripP50: r.Latency.P50, RoundTripP99: r.Latency.P99, Window: r.Window, Mismatch: r.Mismatch, Err: r.Err,
		Culprit: culpritOf(r.Culprit)}
	if cv.HasSTW {
		c.Frozen, c.Waiting, c.Late, c.Stops = v.FrozenOf(cv, cv.Stops), cv.Stops.Waiting(), cv.Stops.Late(), cv.Stops.N()
		c.CountsLate = v.CountsLateFor(cv)
		c.Split, c.Machine = cv.Stops.Split, cv.Stops.MachineShare()
		c.Ran, c.Throttled, c.Unprioritized = cv.Stops.RanShare(), cv.Stops.Throttled, cv.Stops.Unprioritized
		c.StopP99, c.StopMax = cv.Stops.Quantile(0.99), cv.Stops.Max()
		c.BudgetStop = v.BudgetStop(cv)
		c.StopPerMB = verdict.PerMBOf(c.BudgetStop, bytes)
	}
	if v.Ref != nil && v.Ref.HasSTW {
		c.RefFrozen = v.FrozenOf(cv, v.Ref.Stops)
	}
	if cv.Tested {
		c.Answer = Answer(cv.Answer.String())
		c.Sentence = v.Sentence(cv)
		c.Effect, c.TailEffect, c.P = Interval(cv.Effect.Frozen), Interval(cv.Effect.Tail), cv.P
	}
	return c
}

// culpritOf is the flight recorder's culprit, with whose goroutine it
// was.
func culpritOf(c *latency.Culprit) *Culprit {
	if c == nil {
		return nil
	}
	pair, in := classify(c.Stack)
	return &Culprit{Frame: c.Frame, Stack: c.Stack, Kind: c.Kind, Stall: c.Stall, Pair: pair, InCodec: in}
}

// harness are the packages whose code a pair runs around the codec's
// calls, each named from one of its functions so that a rename moves it.
var harness = []string{packageOf(Lookup) + ".", packageOf(load.OpenLevel) + ".", packageOf(codecs.Register) + ".", packageOf(latency.Quantiles) + "."}

// classify says whether a stack (innermost first) is a pair's goroutine,
// and whether it stopped inside a call of the codec: below the registry's
// adapter that calls the codec's function, with no harness frame between.
func classify(stack []string) (pair, inCodec bool) {
	if !slices.ContainsFunc(stack, load.PairFrame) {
		return false, false
	}
	i := slices.IndexFunc(stack, codecs.AdapterFrame)
	return true, i > 0 && !slices.ContainsFunc(stack[:i], func(frame string) bool {
		return slices.ContainsFunc(harness, func(pkg string) bool { return strings.HasPrefix(frame, pkg) })
	})
}
