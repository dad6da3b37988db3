package verdict

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// How big a document is safe: over several sizes of one shape, per codec
// and level, the largest size whose stops stay within the user's freeze
// budget (-budget), and how the stop wait grows with size. A size is
// within the budget when the 95% interval of the BudgetQuantile of the
// stops' waits there (Stops.WaitInterval) lies under the budget, on at
// least MinBudgetStops stops, and the codec does not stand out there: a machine whose every stop is slow is
// not the codec's doing, and a codec that froze the program much longer
// than baseline is not safe because its p99 happened to stay short. It
// is over the budget when the interval lies at or over it, or the codec
// stands out there, and undecided otherwise: a p99 of the ~100 stops of a
// 1s window is about the second longest, and one late probe flips it.
//
// The safe size lies between the largest size within the budget below
// the first size over it and that first size over: the sizes are walked
// smallest first, and the first size over the budget ends the safe range,
// whatever larger sizes did. That bracket is the claim, read from the
// sizes measured, with how sure it is (SafeSize.Sure); it is what another
// run of the same sizes must agree with, and a search between its bounds
// narrows it. The "~" size inside it (Estimate) is a reading of the line
// between the two, marked as such: the stop need not grow along it (one
// search read sonic on attachment within at 9.7 and 12MB, where the
// lists' line through 4MB and 16MB crossed the budget at 7.5 to 10MB). A
// curve that goes back under the budget at a larger size (a noisy p99 of
// a few hundred stops can) is not trusted to stay there: that size is
// named, as not counted. An undecided size between the two leaves the
// safe size undecided there, and never "every size".
//
// The stops' waits count, where the verdict counts it (against control,
// at a level of no more pairs than Ps), the time the probe could not even
// run to ask for a stop, as stops that waited that long: a codec that
// holds every P starves the probe of the very stops that would show it
// (sonic on long-string:16MB left 45 stops in 1.3s, their p99 2.7ms,
// while the probe could not run 44% of the window).

// DefaultBudget is -budget when not given: a stop of 10ms is a frame and
// a half of a 60Hz UI, and the verdict's own long stop (LongStop).
const DefaultBudget = 10 * time.Millisecond

// BudgetQuantile is the quantile of the stops' waits judged against the
// budget. The probe forces a stop every 10ms of a codec's window, so at
// -duration 1s a codec has about 100 stops per level: their p99 is about
// the second longest, and a longer -duration steadies it.
const BudgetQuantile = 0.99

// BudgetQuantileName is BudgetQuantile as its user reads it: "p99".
func BudgetQuantileName() string {
	return "p" + strconv.FormatFloat(100*BudgetQuantile, 'f', -1, 64)
}

// BudgetFigureName is the name the console and the page give the figure
// a safe size reads (BudgetStop): "wait.p99".
func BudgetFigureName() string { return "wait." + BudgetQuantileName() }

// BudgetOf is cfg's budget, DefaultBudget for a file without one.
func BudgetOf(cfg results.Config) time.Duration {
	if cfg.Budget > 0 {
		return cfg.Budget
	}
	return DefaultBudget
}

// SizePoint is one codec at one level on one size of a shape.
type SizePoint struct {
	Input string        // "long-string:16MB"
	Bytes int           // the document's real size
	Stop  time.Duration // the BudgetQuantile of its stops' waits
	// Lo and Hi are Stop's 95% interval; Resampled is false, and they are
	// Stop, for a file without stop records (the estimate alone).
	Lo, Hi    time.Duration
	Resampled bool
	Stops     int64 // how many stops that quantile rests on
	// Waits are the waits the interval rests on (Stops, and with late the
	// gaps counted as stops), Reached how many of them waited the budget
	// or longer: what Sure reads. 0 without stop records.
	Waits, Reached int
	StandsOut      bool // the verdict: it stands out there
	// Within: all of Stop's interval under the budget, on at least
	// MinBudgetStops stops, and it does not stand out there. Undecided: neither within nor over (the interval
	// straddles the budget); a point that is neither is over.
	Within, Undecided bool
}

// Over says whether p is over the budget: its interval at or over it, or
// the codec stands out there.
func (p SizePoint) Over() bool { return !p.Within && !p.Undecided }

// BudgetStop is the quantile of c's stops' waits that a budget judges
// (BudgetQuantile), the time the probe could not ask for a stop counted
// where the verdict counts it (CountsLateFor), for the level's codecs and
// references alike: what a safe size, the stop per MB and the freeze
// guard's budget read.
func (v Level) BudgetStop(c Codec) time.Duration {
	return c.Stops.WaitQuantile(BudgetQuantile, v.CountsLateFor(c))
}

// pointOf is c of level v on input at budget.
func (v Level) pointOf(c Codec, in results.InputInfo, budget time.Duration) SizePoint {
	iv, resampled := c.Stops.WaitInterval(BudgetQuantile, v.CountsLateFor(c))
	p := SizePoint{Input: in.Name, Bytes: in.Bytes, Stop: iv.Est, Lo: iv.Lo, Hi: iv.Hi, Resampled: resampled, Stops: c.Stops.N(), StandsOut: c.StandsOut(),
		Waits: iv.N, Reached: iv.AtLeast(budget)}
	p.Within = p.Hi < budget && !p.StandsOut && p.Stops >= MinBudgetStops
	p.Undecided = !p.Within && !p.StandsOut && p.Lo < budget
	return p
}

// MinBudgetStops is how many stops a size's wait.p99 must rest on before
// it may be within the budget: two stops due beyond the quantile
// (2/(1-BudgetQuantile)). Under it the p99 is the longest stop or next to
// it, and a window that missed a stop coming once in a hundred is too
// likely: at 100 stops one time in three (0.99^100), which is how one run
// of the README's list read std "within" at 16MB where four others read it
// undecided; at 200, about one in eight, and one in 57 for a stop coming
// twice as often (0.98^200), and the line says how sure it is (SafeSize.Sure:
// 86% on 200 stops none of which reached the budget, 95% on 300). Under
// the floor the size is undecided, and takes more turns (More), however
// short its stops were: at -duration 1s a size within takes 2 to 2.5s.
// The full distribution-free 95% (368 stops, when the interval's high
// side stops being the longest stop) would take more than the 3s -until
// gives a 1s window, and leave every size of such a run undecided. Over
// needs no floor: the interval's low side counts how many stops were at
// or over the budget.
const MinBudgetStops = 200 // 2/(1-BudgetQuantile)

// SafeSize is one codec at one level over the sizes it ran of a shape.
type SafeSize struct {
	Codec  string      // its label, with its build
	Points []SizePoint // smallest first
	Budget time.Duration
	// NoStops are the sizes (input names) it ran at without a stop
	// measured (an error, or no probe): a size it did not run at, as a
	// search's codec settled before that size, is neither.
	NoStops []string
}

// FirstOver is the index of the first (smallest) size over the budget, -1
// when no size was over it.
func (s SafeSize) FirstOver() int {
	return slices.IndexFunc(s.Points, SizePoint.Over)
}

// Bracket is the safe size's bracket: the index of the largest size within
// the budget below the first over (-1: none was) and of that first size
// over (-1: no size was over). The safe size lies between the two.
func (s SafeSize) Bracket() (safe, over int) {
	over = s.FirstOver()
	end := len(s.Points)
	if over >= 0 {
		end = over
	}
	safe = -1
	for i := range end {
		if s.Points[i].Within {
			safe = i
		}
	}
	return safe, over
}

// Unsure are the undecided sizes inside the bracket (between its bounds,
// or past the one it has): where the safe size might lie, were they
// decided. None: the bracket's bounds are the safe size's interval.
func (s SafeSize) Unsure() []SizePoint {
	safe, _ := s.Bracket()
	return s.undecidedFrom(safe + 1)
}

// Undecided are every undecided size below the first over: those inside
// the bracket (Unsure) and those under its lower bound, which a curve
// that grows with size leaves within the budget but which the line names
// all the same (a busy machine's long stop at a small size).
func (s SafeSize) Undecided() []SizePoint { return s.undecidedFrom(0) }

// undecidedFrom are the undecided sizes from index from to the first over.
func (s SafeSize) undecidedFrom(from int) []SizePoint {
	_, over := s.Bracket()
	end := len(s.Points)
	if over >= 0 {
		end = over
	}
	var out []SizePoint
	for _, p := range s.Points[from:end] {
		if p.Undecided {
			out = append(out, p)
		}
	}
	return out
}

// Everywhere says whether s was within the budget at every size it
// rests on: none over, none undecided.
func (s SafeSize) Everywhere() bool {
	return !slices.ContainsFunc(s.Points, func(p SizePoint) bool { return !p.Within }) && len(s.Points) > 0
}

// Estimate is the safe size's point in bytes, inside its bracket: between
// the last size within the budget and the first over it, where the line
// through their stops crosses the budget on log-log axes (as the sizes are
// spread), a reading, not a measurement (the bracket is the claim); the last size
// within itself when the first over is over only because the codec
// stands out there, or when no size was over. interpolated says which; 0
// when no size was within. With sizes undecided between the two it is
// still the crossing between them, which the undecided sizes may move.
func (s SafeSize) Estimate() (bytes float64, interpolated bool) {
	safe, over := s.Bracket()
	if safe < 0 {
		return 0, false
	}
	lo := s.Points[safe]
	if over < 0 {
		return float64(lo.Bytes), false
	}
	hi := s.Points[over]
	if lo.Stop <= 0 || hi.Stop < s.Budget || hi.Stop <= lo.Stop || hi.Bytes <= lo.Bytes {
		return float64(lo.Bytes), false
	}
	return crossing(float64(lo.Bytes), float64(hi.Bytes), lo.Stop, hi.Stop, s.Budget), true
}

// crossing is where the line through (lo, a) and (hi, b) on log-log axes
// reaches budget, a < budget <= b.
func crossing(lo, hi float64, a, b, budget time.Duration) float64 {
	t := math.Log(float64(budget)/float64(a)) / math.Log(float64(b)/float64(a))
	return math.Exp(math.Log(lo) + t*math.Log(hi/lo))
}

// Again are the sizes past the first over that are within the budget
// again: not counted (a curve that crosses twice is read at its first
// crossing).
func (s SafeSize) Again() []SizePoint {
	_, over := s.Bracket()
	if over < 0 {
		return nil
	}
	var out []SizePoint
	for _, p := range s.Points[over+1:] {
		if p.Within {
			out = append(out, p)
		}
	}
	return out
}

// PerMB is how much longer the stop waits per MB (1e6 bytes) of document:
// the least-squares slope of the quantile against size over every size,
// the way the by-size summary fits its growth exponent (here on linear
// axes, since a stop held by a non-preemptible pass over the document
// grows with its length). ok is false with fewer than two sizes.
func (s SafeSize) PerMB() (perMB time.Duration, ok bool) {
	var xs, ys []float64
	for _, p := range s.Points {
		xs = append(xs, float64(p.Bytes)/1e6)
		ys = append(ys, float64(p.Stop))
	}
	if len(xs) < 2 || xs[0] == xs[len(xs)-1] {
		return 0, false
	}
	return time.Duration(math.Round(LeastSquares(xs, ys))), true
}

// LeastSquares is the least-squares slope of ys against xs (0 when the
// xs are all alike).
func LeastSquares(xs, ys []float64) float64 {
	var mx, my float64
	for i := range xs {
		mx += xs[i]
		my += ys[i]
	}
	mx /= float64(len(xs))
	my /= float64(len(ys))
	var sxy, sxx float64
	for i := range xs {
		sxy += (xs[i] - mx) * (ys[i] - my)
		sxx += (xs[i] - mx) * (xs[i] - mx)
	}
	if sxx == 0 {
		return 0
	}
	return sxy / sxx
}

// SafeSizeLevel is one shape at one level: each codec's safe size, the
// smallest first.
type SafeSizeLevel struct {
	Shape  string
	Label  string        // the level's row label, "2x encdec"
	Point  results.Point // its sweep point, for a run that sweeps
	Codecs []SafeSize
}

// SafeSizes is, for each shape that ran at several sizes and each level,
// every judged codec's safe size at cfg's budget. Rows and repeats are
// as Levels takes them.
func SafeSizes(cfg results.Config, inputs []results.InputInfo, rows []results.Result, repeats map[results.Key][]results.Result) []SafeSizeLevel {
	budget := BudgetOf(cfg)
	sweeps := results.SizeSweeps(inputs)
	swept := map[string]bool{}
	for _, series := range sweeps {
		for _, in := range series.Inputs {
			swept[in.Name] = true
		}
	}
	// only the sizes' levels are judged: the other inputs' are no safe
	// size's
	levels := Levels(cfg, slices.DeleteFunc(slices.Clone(rows), func(r results.Result) bool { return !swept[r.Input] }), repeats)
	var out []SafeSizeLevel
	for _, series := range sweeps {
		type line = results.Key // a codec's line (Key.SizeLine), or its level's head (SizeHead)
		var heads []line
		tables := map[line]*SafeSizeLevel{}
		codecs := map[line]*SafeSize{}
		order := map[line][]line{}
		noStops := map[line][]string{}
		for _, in := range series.Inputs {
			for _, v := range levels {
				if v.Input != in.Name {
					continue
				}
				for _, c := range v.Codecs {
					l := c.Result.Key().SizeLine()
					if !c.HasSTW || c.Stops.N() == 0 {
						noStops[l] = append(noStops[l], in.Name)
						continue
					}
					head := l.SizeHead()
					if tables[head] == nil {
						heads = append(heads, head)
						tables[head] = &SafeSizeLevel{Shape: series.Shape, Label: v.Label, Point: c.Result.Point()}
					}
					if codecs[l] == nil {
						codecs[l] = &SafeSize{Codec: l.CodecLabel(), Budget: budget}
						order[head] = append(order[head], l)
					}
					codecs[l].Points = append(codecs[l].Points, v.pointOf(c, in, budget))
				}
			}
		}
		for _, h := range heads {
			t := tables[h]
			for _, l := range order[h] {
				c := codecs[l]
				c.NoStops = noStops[l]
				t.Codecs = append(t.Codecs, *c)
			}
			slices.SortStableFunc(t.Codecs, func(a, b SafeSize) int { return cmp.Compare(a.rank(), b.rank()) })
			out = append(out, *t)
		}
	}
	return out
}

// rank orders the codecs of a level: the smallest safe size first, those
// within the budget at every size last.
func (s SafeSize) rank() float64 {
	if s.Everywhere() {
		return math.Inf(1)
	}
	est, _ := s.Estimate()
	return est
}

// SafeSizesOf is SafeSizes of a finished run, as the console prints it.
func SafeSizesOf(run *results.Run) []SafeSizeLevel {
	rows, repeats := asPrinted(run)
	return SafeSizes(run.Config, run.Inputs, rows, repeats)
}

// Head is how far s is safe, as the safe-size line and the page's legend
// say it: "every size tried" (within at each), "none of the sizes tried",
// "up to 4MB", or "up to ~5.4MB" when interpolated; with an undecided size
// where the safe size may lie, "undecided between 4MB and 16MB" ("from 4MB
// up" when no size was over, "below 16MB" when none was within). Never
// "every size" with a size undecided, even under one within.
func (s SafeSize) Head() string {
	safe, over := s.Bracket()
	name := func(i int) string { return results.SizeName(s.Points[i].Input) }
	if len(s.Unsure()) > 0 {
		switch {
		case safe >= 0 && over >= 0:
			return "undecided between " + name(safe) + " and " + name(over)
		case safe >= 0:
			return "undecided from " + name(safe) + " up"
		case over >= 0:
			return "undecided below " + name(over)
		}
		return "undecided at every size tried"
	}
	switch {
	case s.Everywhere():
		return "every size tried"
	case over < 0: // a smaller size undecided: up to the largest, not every size
		return "up to " + name(safe)
	case safe < 0:
		return "none of the sizes tried"
	}
	if est, interpolated := s.Estimate(); interpolated {
		return "up to ~" + format.ApproxSize(est)
	}
	return "up to " + name(safe)
}
