// Package report turns runs into what people and tools read as text: the
// console report (rows, verdict, comparisons within a run) and the plain
// result files (Go benchmark format, CSV, .hgrm), written through
// WriteFile. It never measures anything; the JSON file is results', the
// comparison of two runs compare's, the HTML page page's.
package report

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// Console prints the scheduler responsiveness check as a run goes: a header
// per input, a block per codec, a row per level, then the comparison per
// level. It implements pingpong.Observer. Write errors are kept and
// returned by Finish, so a closed stdout fails the command.
type Console struct {
	w            io.Writer
	env          results.Environment
	cfg          results.Config
	codec        string           // the block being printed: its codec's CodecLabel
	rows         []results.Result // of the current input, for its comparison
	pending      []pendingRow     // rows not printed yet (flush)
	startedInput bool
	err          error
	floor        *results.Result // the idle pass, shown in every header
	opts         ConsoleOptions
	// repeats are a repeated run's scenarios, every repeat, by key: the
	// verdict tests its differences on them (nil: one run each).
	repeats map[results.Key][]results.Result

	// cal is the harness floor, when measured (calibration.go).
	cal *results.Calibration

	// point heads the sweep value's blocks being printed; swept keeps the
	// rows for the summary across values (sweep.go).
	point string
	swept []results.Result
	sizes bySize // the by-size summary's inputs and rows (bysize.go)

	// headed: the run's header is printed; a later input (a list of
	// sizes, a search's step) gets its input line alone. impls is the
	// codec list the header last printed.
	headed bool
	impls  string
	// answers are the answer's lines of the levels printed so far, and
	// procs the GOMAXPROCS recommendations (answer.go).
	answers []levelAnswer
	procs   []string
}

// ConsoleOptions are how much the console report shows.
type ConsoleOptions struct {
	// Verbose adds each row's -v lines: every figure its first line
	// leaves out, and why the flight recorder named no culprit.
	Verbose bool
}

// NewConsole starts a console report on w.
func NewConsole(w io.Writer, env results.Environment, cfg results.Config, opts ConsoleOptions) *Console {
	return &Console{w: w, env: env, cfg: cfg, opts: opts}
}

// Settled gives the console the config as the run settled it before the
// first Input (the stall it worked out from its idle pass when -stall was
// not given), for the header and the verdict.
func (c *Console) Settled(cfg results.Config) { c.cfg = cfg }

// WriteConsole prints a finished run, the same bytes the streaming console
// printed while it ran with the same options.
func WriteConsole(w io.Writer, run *results.Run, opts ConsoleOptions) error {
	return WriteConsoleWith(w, run, opts, "")
}

// WriteConsoleWith is WriteConsole with tail before the answer, as
// FinishWith prints it.
func WriteConsoleWith(w io.Writer, run *results.Run, opts ConsoleOptions, tail string) error {
	if len(run.Testbeds) > 0 {
		return writeTestbeds(w, run, opts)
	}
	return replay(w, run, opts).FinishWith(tail)
}

// replay prints a finished run's console up to its end: the rows as they
// streamed, a repeated run's as the medians of its repeats.
func replay(w io.Writer, run *results.Run, opts ConsoleOptions) *Console {
	if run.Config.Repeats() > 1 {
		return replayRepeats(w, run, opts)
	}
	c := NewConsole(w, run.Env, run.Config, opts)
	c.cal = run.Calibration
	if run.Idle != nil {
		c.Result(*run.Idle)
	}
	for _, in := range run.Inputs {
		c.Input(withScenarios(run, in), codecsOf(run, in.Name))
		for _, r := range run.Results {
			if r.Input == in.Name {
				c.Result(r)
			}
		}
	}
	return c
}

func (c *Console) printf(format string, args ...any) {
	if c.err == nil {
		_, c.err = fmt.Fprintf(c.w, format, args...)
	}
}

// Result takes one row. The codecs of a level finish together (they take
// turns in its window), so rows are held until the input (or the sweep
// value) ends and then printed a block per codec, in the original's shape.
func (c *Console) Result(r results.Result) { c.add(r, "") }

// pendingRow is a row held for flush, with what its line ends with: a
// repeated scenario's spread.
type pendingRow struct {
	results.Result
	suffix string
}

func (c *Console) add(r results.Result, suffix string) {
	if r.Mode == results.ModeIdle {
		c.floor = &r // it runs before the first header, which prints it
		return
	}
	c.sweepHeading(r)
	c.sizes.result(r)
	c.rows = append(c.rows, r)
	c.pending = append(c.pending, pendingRow{r, suffix})
}

// flush prints the rows held, a block per codec (and build) in the run's
// codec order, each codec's rows in the order they ran.
func (c *Console) flush() {
	if l := warmupLine(c.cfg, c.pending); l != "" {
		c.printf("%s\n", l)
	}
	builds := c.cfg.BuildNames()
	slices.SortStableFunc(c.pending, func(a, b pendingRow) int {
		if d := slices.Index(c.cfg.Codecs, a.Codec) - slices.Index(c.cfg.Codecs, b.Codec); d != 0 {
			return d
		}
		return slices.Index(builds, a.Build) - slices.Index(builds, b.Build)
	})
	for _, p := range c.pending {
		r := p.Result
		if r.CodecLabel() != c.codec {
			c.codec = r.CodecLabel()
			c.printf("\n[%s]\n", c.codec)
		}
		c.printf("%s%s\n", row(r, c.floor), p.suffix)
		var lines []string
		if c.opts.Verbose {
			lines = detailLines(r)
		}
		for _, l := range append(lines, culpritLines(r, c.cfg, c.opts.Verbose)...) {
			c.printf("%s\n", l)
		}
	}
	c.pending = nil
}

// Finish prints the last comparison and verdict, the summaries, then the
// answer, and returns the first write error.
func (c *Console) Finish() error { return c.FinishWith("") }

// FinishWith is Finish with tail printed after the summaries and before
// the answer, which is always the last thing printed: a search's account
// of how it narrowed.
func (c *Console) FinishWith(tail string) error {
	c.comparison()
	c.sweepSummary()
	c.printf("%s", c.sizes.text())
	c.printf("%s", c.sizes.safeSizeText(c.cfg, c.repeats))
	c.printf("%s", tail)
	c.printf("%s", answerText(c.answerLines()))
	return c.err
}

// answerLines are the answer's head and lines: a run over several sizes
// of a shape answers with their safe sizes, any other with a line per
// level; then the GOMAXPROCS recommendation of a sweep. The head says
// what the lines under it give, and nothing they do not.
func (c *Console) answerLines() (head string, lines []string) {
	head = safeSizeHead
	lines = safeSizeAnswers(verdict.SafeSizes(c.cfg, c.sizes.inputs, c.sizes.rows, c.sizes.pooled(c.repeats)))
	if len(lines) == 0 {
		head = answerHead
		inputs := map[string]bool{}
		for _, a := range c.answers {
			inputs[a.input] = true
		}
		for _, a := range c.answers {
			lines = append(lines, a.line(len(inputs) > 1))
		}
	}
	if len(c.procs) > 0 {
		head += procsHead
	}
	return head, append(lines, c.procs...)
}

// comparison prints the ranking of each level of the rows since the last
// one (one input, one sweep value), then the verdict on how each codec
// treated the rest of the program; -v first prints the 1x rows against the
// harness floor.
func (c *Console) comparison() {
	c.flush()
	if c.opts.Verbose {
		c.floorMultiples()
	}
	rankings := verdict.LevelRankings(c.cfg, c.rows)
	for _, l := range rankings {
		c.printf("\ncomparison, %s (round trips/s):\n", l.Label)
		for _, r := range l.Rows {
			c.printf("  %-12s %10s  %s\n", r.Codec, r.Rate, r.Relative)
		}
	}
	levels := verdict.Levels(c.cfg, c.rows, c.repeats)
	for _, v := range levels {
		c.printf("%s", verdictText(v, c.opts.Verbose))
	}
	c.answers = append(c.answers, levelAnswers(c.point, rankings, levels, c.cfg.STW > 0)...)
	c.rows = nil
}

// warmupLine says how long warmup really took for the rows about to
// print: at least -warmup, and until every pair had completed its first
// round trips, up to ten times -warmup. "" when no row says.
func warmupLine(cfg results.Config, rows []pendingRow) string {
	var lo, hi time.Duration
	var longest results.Result
	for _, r := range rows {
		if r.Warmup <= 0 {
			continue
		}
		if lo == 0 || r.Warmup < lo {
			lo = r.Warmup
		}
		if r.Warmup > hi {
			hi, longest = r.Warmup, r.Result
		}
	}
	if hi == 0 {
		return ""
	}
	used := format.Duration(lo)
	if format.Duration(hi) != used {
		used += " to " + format.Duration(hi) + " (longest: " + longest.Codec + " " + longest.Label() + ")"
	}
	return fmt.Sprintf("  warmup:      %s, until every pair had done %d round trips (at least %s, at most %s)",
		used, results.WarmRounds, format.Duration(cfg.Warmup), format.Duration(results.WarmupBound*cfg.Warmup))
}

// codecsOf is the codecs as they were readied for one input.
func codecsOf(run *results.Run, input string) []results.CodecInfo {
	var out []results.CodecInfo
	for _, im := range run.Codecs {
		if im.Input == input {
			out = append(out, im)
		}
	}
	return out
}

// withScenarios is in with its scenario count; a file from before inputs
// counted theirs gets the count of its results.
func withScenarios(run *results.Run, in results.InputInfo) results.InputInfo {
	if in.Scenarios == 0 {
		for _, r := range run.Results {
			if r.Input == in.Name {
				in.Scenarios++
			}
		}
	}
	return in
}
