package verdict

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// The search (-input SHAPE:MIN..MAX) finds each codec's safe size without
// the user listing sizes: a coarse pass over the range on a log scale,
// then steps that narrow around where each codec crosses the budget until
// its safe size is known within Factor (the largest size within and the
// smallest over are at most Factor apart), or MaxSteps steps have run.
//
// A step costs as much as the sizes it runs, so each narrowing step tries
// at most two sizes per codec, placed around the crossing interpolated
// from the sizes either side of it (the stop grows about linearly with a
// non-preemptible pass over the document, so the interpolation is close):
// one size when that settles the bracket whichever way it falls, else two
// a Factor apart around the estimate, which settle it when the estimate
// was within sqrt(Factor) of the crossing. Only the codecs not yet
// settled run in a narrowing step (the measurement adds the references).

// SearchFactor is how closely the search pins each safe size: within 1.5x.
const SearchFactor = 1.5

// SearchSteps is how many narrowing steps the search takes at the most
// after its coarse pass; usually one settles it.
const SearchSteps = 3

// Measured is one codec at one level on one size: what a measurement
// returns to the search.
type Measured struct {
	Impl  string // the codec, as -impls names it
	Level string // the level's row label
	Point SizePoint
}

// Measure runs the codecs impls (and the references) at each of sizes (bytes)
// and returns every codec's point at every level.
type Measure func(sizes []int, impls []string) ([]Measured, error)

// Search is a search's range and budget.
type Search struct {
	Min, Max int // bytes
	Budget   time.Duration
	Factor   float64 // SearchFactor when 0
	Steps    int     // SearchSteps when 0
}

// SearchStep is one measurement the search asked for.
type SearchStep struct {
	Sizes []int
	Impls []string
}

// SearchLine is one codec at one level: the sizes it ran, and whether its
// safe size is known within the factor.
type SearchLine struct {
	Impl, Level string
	Safe        SafeSize
	Settled     bool
}

// SearchResult is what the search measured, in order, and where it left
// each codec.
type SearchResult struct {
	Steps []SearchStep
	Lines []SearchLine
}

// Run searches for impls' safe sizes, measuring through measure.
func (s Search) Run(impls []string, measure Measure) (SearchResult, error) {
	factor, steps := s.Factor, s.Steps
	if factor <= 1 {
		factor = SearchFactor
	}
	if steps <= 0 {
		steps = SearchSteps
	}
	var res SearchResult
	lines := map[[2]string]*SearchLine{}
	var order [][2]string
	step := func(sizes []int, impls []string) error {
		res.Steps = append(res.Steps, SearchStep{sizes, impls})
		ms, err := measure(sizes, impls)
		if err != nil {
			return fmt.Errorf("measuring %s: %w", SizesText(sizes), err)
		}
		for _, m := range ms {
			k := [2]string{m.Impl, m.Level}
			if lines[k] == nil {
				lines[k] = &SearchLine{Impl: m.Impl, Level: m.Level, Safe: SafeSize{Impl: m.Impl, Budget: s.Budget}}
				order = append(order, k)
			}
			l := lines[k]
			l.Safe.Points = append(l.Safe.Points, m.Point)
			slices.SortStableFunc(l.Safe.Points, func(a, b SizePoint) int { return a.Bytes - b.Bytes })
		}
		return nil
	}
	if err := step(coarseSizes(s.Min, s.Max, factor), impls); err != nil {
		return res, err
	}
	for range steps {
		var next []int
		var run []string
		for _, k := range order {
			l := lines[k]
			proposed := narrow(l.Safe, factor)
			l.Settled = proposed == nil
			for _, n := range proposed {
				if !slices.Contains(next, n) && !measured(lines, n) {
					next = append(next, n)
				}
			}
			if !l.Settled && !slices.Contains(run, l.Impl) {
				run = append(run, l.Impl)
			}
		}
		if len(next) == 0 {
			break
		}
		slices.Sort(next)
		slices.SortStableFunc(run, func(a, b string) int { return slices.Index(impls, a) - slices.Index(impls, b) })
		if err := step(next, run); err != nil {
			return res, err
		}
	}
	for _, k := range order {
		l := lines[k]
		l.Settled = narrow(l.Safe, factor) == nil
		res.Lines = append(res.Lines, *l)
	}
	return res, nil
}

// measured says whether any codec already ran at n bytes.
func measured(lines map[[2]string]*SearchLine, n int) bool {
	for _, l := range lines {
		if slices.ContainsFunc(l.Safe.Points, func(p SizePoint) bool { return p.Bytes == n }) {
			return true
		}
	}
	return false
}

// coarseSizes are the coarse pass's sizes: min, max and, when they are
// more than factor squared apart, their geometric middle.
func coarseSizes(lo, hi int, factor float64) []int {
	switch {
	case lo >= hi:
		return []int{lo}
	case float64(hi)/float64(lo) <= factor*factor:
		return []int{lo, hi}
	}
	mid := roundSize(math.Sqrt(float64(lo)*float64(hi)), false)
	return []int{lo, mid, hi}
}

// narrow is the sizes that pin s's safe size closer, nil when it is known
// within factor: every size within the budget (up to the range's top),
// the smallest over it, or the last within and the first over at most
// factor apart.
func narrow(s SafeSize, factor float64) []int {
	safe, over := s.Bracket()
	if safe < 0 || over < 0 {
		return nil
	}
	lo, hi := float64(s.Points[safe].Bytes), float64(s.Points[over].Bytes)
	if hi/lo <= factor {
		return nil
	}
	e, ok := s.Estimate()
	if !ok {
		e = math.Sqrt(lo * hi)
	}
	// pick is x as a round size in [from, to] and strictly between lo and
	// hi, or x itself.
	pick := func(x, from, to float64) int {
		for _, n := range []int{roundSize(x, false), roundSize(x, true)} {
			if f := float64(n); f >= from && f <= to && f > lo && f < hi {
				return n
			}
		}
		return int(x)
	}
	r := math.Sqrt(factor)
	switch {
	case hi/lo <= factor*factor: // one size settles it whichever way it falls
		x := math.Min(math.Max(e, hi/factor), lo*factor)
		return []int{pick(x, hi/factor, lo*factor)}
	case e/r <= lo: // the crossing is close above lo
		return []int{pick(lo*factor, lo, lo*factor)}
	case e*r >= hi: // close below hi
		return []int{pick(hi/factor, hi/factor, hi)}
	}
	return []int{pick(e/r, e/r, e), pick(e*r, e, e*r)}
}

// roundSize rounds n bytes to two significant figures, up or down, so
// that the sizes tried read as "5.3MB" rather than "5318702B".
func roundSize(x float64, up bool) int {
	if x < 100 {
		return int(math.Round(x))
	}
	scale := math.Pow(10, math.Floor(math.Log10(x))-1)
	if up {
		return int(math.Ceil(x/scale) * scale)
	}
	return int(math.Floor(x/scale) * scale)
}

// SizesText is sizes as a person reads them: "1.00MB, 8.00MB, 64.0MB".
func SizesText(sizes []int) string {
	out := make([]string, len(sizes))
	for i, n := range sizes {
		out[i] = format.Size(float64(n))
	}
	return strings.Join(out, ", ")
}

// Measurements are run's points for the search: every judged codec at
// every level on every input, at budget.
func Measurements(run *results.Run, budget time.Duration) []Measured {
	ins := map[string]results.InputInfo{}
	for _, in := range run.Inputs {
		ins[in.Name] = in
	}
	var out []Measured
	for _, v := range Of(run) {
		for _, c := range v.Codecs {
			if c.HasSTW && c.Stops.N() > 0 {
				out = append(out, Measured{Impl: c.Result.Impl, Level: v.Label, Point: pointOf(c, ins[v.Input], budget)})
			}
		}
	}
	return out
}
