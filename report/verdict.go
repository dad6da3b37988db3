package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"pingpong/results"
)

// The verdict ends the console report: per level, how much longer than the
// baseline codec's each codec froze the rest of the program. The baseline
// does no JSON work, so its figures are what the harness, the probes and
// the machine do on their own at that level; a codec is judged against
// them, never against a fixed number.

// standOutFactor and the stall decide whether a codec stands out from
// baseline. A codec stands out at a level when its stw.max is
//   - more than standOutFactor times baseline's at the same level: a max is
//     one stop out of a couple of hundred per window, and baseline's own
//     moves between runs (at one level of four 1s runs on the 2-core
//     development VM, with other processes taking up to a core: from 0.1ms
//     to 59ms). A factor alone cannot tell noise at that spread, which is
//     what the stall and the tests below are for; 3x keeps a codec whose
//     stops merely match a busy baseline's from standing out, while one
//     that holds a P for tens of milliseconds still does (sonic on a 30 MB
//     string: 21.0ms, 8.00x);
//   - at least the run's stall (-stall, by default 10ms or 10x the idle
//     pass's stw.p99): three times a 100us stop is still too short for any
//     program to notice, and it is the same bar at which rows name a
//     culprit;
//   - and, with 3 or more repeats, significantly longer than baseline's by
//     a Mann-Whitney U test over the repeats, as compare tests changes;
//     with fewer, its window was not NOISY: when other processes take the
//     CPU, the kernel deschedules the thread a goroutine runs on, and a
//     stop waits for it as it would for code that cannot be preempted
//     (the flight recorder cannot tell the two apart either).
//
// Without a baseline at a level there is nothing to tell noise by, and the
// stall alone decides.
const standOutFactor = 3

// freezeFigures are the verdict's figures, from the one table of figures
// (metric.go), the one it judges by first: the longest stop of the world,
// then how late the sleep probe woke, then how long goroutines sat
// runnable. A row's first line shows the same three.
var freezeFigures = []metric{stwMax, probeP99, schedP99}

var (
	stwMax   = metricOf("stw.max")
	probeP99 = metricOf("probe.p99")
	schedP99 = metricOf("sched.p99")
)

// metricOf is the table's metric named name: a name not in it is a bug.
func metricOf(name string) metric {
	m, ok := metricNamed(name)
	if !ok {
		panic("report: no metric " + name)
	}
	return m
}

// of is m's value in r as a duration, and whether r has it at all.
func (m metric) of(r results.Result) (time.Duration, bool) {
	if m.applies != nil && !m.applies(r) {
		return 0, false
	}
	return time.Duration(math.Round(m.value(r))), true
}

// levelVerdict is one level's verdict: every codec but the baseline, the
// one that froze the program longest first.
type levelVerdict struct {
	Label  string
	Base   *results.Result // nil: no baseline ran at this level
	Codecs []codecVerdict
	// Figures are the freezeFigures some row of the level has.
	Figures []metric
	// Repeats is the fewest repeats a tested pair of codec and baseline
	// had, 0 when nothing was tested; Reachable says whether that many
	// can ever be significant.
	Repeats   int
	Reachable bool
}

// codecVerdict is one codec at one level.
type codecVerdict struct {
	Result    results.Result
	Cells     []verdictCell // one per the level's Figures
	StandsOut bool
	// Why it does not stand out, when it has stw.max: its stw.max is
	// within standOutFactor of baseline's, under the stall, or not
	// significantly different from baseline's.
	Within, Under, NotSignificant, Noisy bool
}

// verdictCell is one figure of one codec against baseline's.
type verdictCell struct {
	Value    time.Duration
	OK       bool
	Multiple float64 // of baseline's; 0 when baseline has none
	// Tested: both had enough repeats for the U test; Significant: its
	// p is at most alpha.
	Tested, Significant bool
}

// levelVerdicts judges each level of rows (one per scenario: a repeated
// run's medians). repeats, when not nil, holds every repeat by key, for the
// significance of each difference; cfg gives the stall and the repeats.
func levelVerdicts(cfg results.Config, rows []results.Result, repeats map[results.Key][]results.Result) []levelVerdict {
	var out []levelVerdict
	for _, l := range encdecLevels(rows) {
		v := levelVerdict{Label: l.Label}
		var codecs []results.Result
		for _, r := range l.Rows {
			if r.Impl == results.Baseline {
				v.Base = &r
			} else {
				codecs = append(codecs, r)
			}
		}
		for _, f := range freezeFigures {
			if slices.ContainsFunc(l.Rows, func(r results.Result) bool { _, ok := f.of(r); return ok }) {
				v.Figures = append(v.Figures, f)
			}
		}
		if len(codecs) == 0 || len(v.Figures) == 0 {
			continue
		}
		for _, r := range codecs {
			v.Codecs = append(v.Codecs, v.judge(cfg, r, repeats))
		}
		slices.SortStableFunc(v.Codecs, func(a, b codecVerdict) int {
			for i := range a.Cells {
				if c := cmp.Compare(b.Cells[i].Value, a.Cells[i].Value); c != 0 {
					return c // longest first; a codec without the figure has 0
				}
			}
			return cmp.Compare(implRank(a.Result.Impl), implRank(b.Result.Impl))
		})
		out = append(out, v)
	}
	return out
}

// judge sets out r's figures against baseline's and decides whether r
// stands out (see standOutFactor).
func (v *levelVerdict) judge(cfg results.Config, r results.Result, repeats map[results.Key][]results.Result) codecVerdict {
	cv := codecVerdict{Result: r}
	for _, f := range v.Figures {
		var c verdictCell
		c.Value, c.OK = f.of(r)
		if v.Base != nil {
			if bv, ok := f.of(*v.Base); ok && bv > 0 && c.OK {
				c.Multiple = float64(c.Value) / float64(bv)
			}
			if cfg.Repeats() >= minRepeats && c.OK {
				a := figureValues(repeats[v.Base.Key()], f)
				b := figureValues(repeats[r.Key()], f)
				if len(a) >= minRepeats && len(b) >= minRepeats {
					res := uTest(a, b)
					c.Tested, c.Significant = true, res.P <= res.Alpha
					n := min(len(a), len(b))
					if v.Repeats == 0 || n < v.Repeats {
						v.Repeats, v.Reachable = n, uTestCanReachAlpha(len(a), len(b))
					}
				}
			}
		}
		cv.Cells = append(cv.Cells, c)
	}
	if v.Figures[0].name != stwMax.name || !cv.Cells[0].OK {
		return cv // judged by stw.max alone: without it, no verdict
	}
	c := cv.Cells[0]
	if v.Base != nil {
		bv, ok := stwMax.of(*v.Base)
		cv.Within = ok && c.Value <= standOutFactor*bv
	}
	cv.Under = cfg.Stall > 0 && c.Value < cfg.Stall
	cv.NotSignificant = c.Tested && !c.Significant
	cv.Noisy = !c.Tested && r.Noise.Noisy()
	cv.StandsOut = !cv.Within && !cv.Under && !cv.NotSignificant && !cv.Noisy
	return cv
}

// figureValues are f's values over the repeats that measured something.
func figureValues(rs []results.Result, f metric) []float64 {
	var out []float64
	ok, _ := measured(rs)
	for _, r := range ok {
		if v, has := f.of(r); has {
			out = append(out, float64(v))
		}
	}
	return out
}

// text is the level's section of the console report: the table, worst
// first, then in plain words which codecs stand out, if any.
func (v levelVerdict) text(cfg results.Config) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nresponsiveness, %s (%s; the longest stop of the world first):\n", v.Label, v.reference())
	culprits := slices.ContainsFunc(v.Codecs, func(cv codecVerdict) bool { return cv.Result.Culprit != nil })
	head := []string{"codec"}
	for _, f := range v.Figures {
		head = append(head, f.name)
	}
	if culprits {
		head = append(head, "culprit")
	}
	table := [][]string{head}
	marked := false
	for _, cv := range v.Codecs {
		line := []string{cv.Result.Impl}
		for _, c := range cv.Cells {
			line = append(line, c.text())
			marked = marked || (c.Tested && !c.Significant)
		}
		if culprits {
			line = append(line, shortCulprit(cv.Result))
		}
		table = append(table, line)
	}
	b.WriteString(alignColumns(table))
	if marked {
		fmt.Fprintf(&b, "  ~: not significantly different from baseline's (Mann-Whitney U test over %d repeats, alpha 0.05", v.Repeats)
		if !v.Reachable {
			fmt.Fprintf(&b, "; %d repeats can never reach it, 4 or more can", v.Repeats)
		}
		b.WriteString(")\n")
	}
	b.WriteString("  " + v.conclusion(cfg) + "\n")
	return b.String()
}

// reference is what the multiples are of: baseline's figures at the level.
func (v levelVerdict) reference() string {
	if v.Base == nil {
		return "no baseline ran at this level to compare with"
	}
	var parts []string
	for _, f := range v.Figures {
		if bv, ok := f.of(*v.Base); ok {
			parts = append(parts, f.name+"="+fmtDuration(bv))
		}
	}
	return "multiples of baseline's " + strings.Join(parts, " ")
}

// conclusion says in plain words which codecs stand out, or why none does.
func (v levelVerdict) conclusion(cfg results.Config) string {
	if v.Figures[0].name != stwMax.name {
		return "stw not measured (-stw 0): no verdict on stops of the world"
	}
	var out []string
	var within, under, notSignificant bool
	var noisy []string
	for _, cv := range v.Codecs {
		switch {
		case !cv.Cells[0].OK:
		case cv.StandsOut && cv.Cells[0].Multiple > 0:
			out = append(out, fmt.Sprintf("%s (stw.max %s, %sx baseline's)", cv.Result.Impl, fmtDuration(cv.Cells[0].Value), multiple(cv.Cells[0].Multiple)))
		case cv.StandsOut:
			out = append(out, fmt.Sprintf("%s (stw.max %s)", cv.Result.Impl, fmtDuration(cv.Cells[0].Value)))
		default:
			within, under, notSignificant = within || cv.Within, under || cv.Under, notSignificant || cv.NotSignificant
			if cv.Noisy && !cv.Within && !cv.Under {
				noisy = append(noisy, cv.Result.Impl) // it would have stood out
			}
		}
	}
	var why []string
	if within {
		bv, _ := stwMax.of(*v.Base)
		why = append(why, fmt.Sprintf("stw.max within %dx of baseline's %s", standOutFactor, fmtDuration(bv)))
	}
	if under {
		why = append(why, fmt.Sprintf("under the %s stall", fmtDuration(cfg.Stall)))
	}
	if notSignificant {
		why = append(why, "not significantly longer")
	}
	reason := strings.Join(why, " or ")
	if len(noisy) > 0 {
		if reason != "" {
			reason += "; "
		}
		reason += strings.Join(noisy, ", ") + ": longer, but in a NOISY window, -count 5 would tell"
	}
	from := " from baseline"
	if v.Base == nil {
		from = ""
	}
	if len(out) > 0 {
		s := "stands out" + from + ": " + strings.Join(out, ", ")
		if bar := v.bar(cfg); bar != "" {
			s += ": " + bar
		}
		return s
	}
	if reason == "" {
		return fmt.Sprintf("no codec has stw.max at %s", v.Label)
	}
	if v.Base != nil {
		from += " beyond noise"
	}
	return fmt.Sprintf("no codec stands out%s at %s (%s)", from, v.Label, reason)
}

// bar says what standing out took at this level.
func (v levelVerdict) bar(cfg results.Config) string {
	var parts []string
	if v.Base != nil {
		if bv, ok := stwMax.of(*v.Base); ok {
			parts = append(parts, fmt.Sprintf("stw.max over %dx baseline's %s", standOutFactor, fmtDuration(bv)))
		}
	}
	if cfg.Stall > 0 {
		parts = append(parts, fmt.Sprintf("at least the %s stall", fmtDuration(cfg.Stall)))
	}
	if v.Repeats > 0 {
		parts = append(parts, "significant")
	}
	return strings.Join(parts, ", ")
}

// maxMultiple is the largest multiple of baseline's a cell prints.
const maxMultiple = 1000

// text prints a cell as "58.7ms (28.0x)", "~" marking a difference from
// baseline's that is not significant.
func (c verdictCell) text() string {
	if !c.OK {
		return "-"
	}
	s := fmtDuration(c.Value)
	if c.Multiple > 0 {
		m := multiple(c.Multiple) + "x"
		if c.Multiple > maxMultiple {
			// baseline's figure is near its resolution (a sched.p99 of a few
			// hundred ns): the digits would say nothing more
			m = fmt.Sprintf(">%dx", maxMultiple)
		}
		if c.Tested && !c.Significant {
			m += " ~"
		}
		s += " (" + m + ")"
	}
	return s
}

// shortCulprit names what r's worst stall waited on, for a table cell:
// the function and the kind ("...jitdec.Decode (non-preemptible)"), or the
// stop's own name when no goroutine held it ("stop-the-world (GC mark
// termination) (gc)").
func shortCulprit(r results.Result) string {
	c := r.Culprit
	if c == nil {
		return ""
	}
	where := c.Frame
	if where == "" {
		where = c.What
	}
	return where + " (" + c.Kind + ")"
}
