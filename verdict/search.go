package verdict

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// The search (-input SHAPE:MIN..MAX) finds each codec's safe size without
// the user listing sizes, spending as few windows as it can: a window (one
// codec, or a reference, at one size) is what a step costs, so the search
// measures no codec at a size its answer does not need.
//
//   - The ends first: MIN with every codec and the references, then MAX with
//     the codecs within the budget at MIN. A codec over the budget at MIN
//     is settled there ("none of the sizes tried") and never runs at a
//     larger size; one within it at MAX is settled too, since a stop held
//     by a pass over the document grows with it.
//   - Then rounds that narrow around each crossing until the largest size
//     within and the smallest over are at most Factor apart, or Steps rounds
//     have run: at most two sizes per codec, placed around the crossing
//     interpolated on log-log axes from the sizes either side of it (one
//     size when that settles it whichever way it falls, else two a Factor
//     apart around the estimate, which settle it when the estimate was
//     within sqrt(Factor) of the crossing). A codec runs only at the sizes
//     it asked for: a round runs one step per set of codecs.
//   - A size a codec's safe size rests on that came out undecided (its
//     wait.p99's interval straddles the budget, or too few stops) is
//     measured again, longer, when the run may measure past -duration
//     (Longer: the list's -until does as much for its sizes), its point
//     then from both measurements pooled, before the rounds go on. One
//     still undecided stays in the line, and the rounds narrow the sizes
//     either side of it instead (from the largest within up to it, and
//     from it up to the first over): a size further from the crossing is
//     likelier decided, and the line keeps the bounds it did settle.
//   - The verdict's reference at each level (control where it runs, at as
//     many pairs as Ps, else baseline) runs at every size measured: whether
//     a codec stands out there, and the time the probe could not run, are
//     judged against it. The other reference (baseline beside control) is
//     the harness's ceiling, the same at every size: it runs once, at MIN.
//     A reference that runs at none of the levels (control when no level
//     has as many pairs as Ps) is not asked for.
//
// On a stop that grows linearly with size, a codec within the budget at
// every size costs two windows and one crossing inside the range six
// (both ends and two sizes around the crossing); with control at each of
// those sizes and baseline once, -impls std,sonic,baseline over
// 1MB..32MB runs 11 windows, where the list 1MB,4MB,16MB,32MB runs 16
// (TestSearchWork).

// SearchFactor is how closely the search pins each safe size: within 1.5x.
const SearchFactor = 1.5

// SearchSteps is how many narrowing rounds the search takes at the most
// after the ends; on a stop that grows about linearly with size, one
// settles it.
const SearchSteps = 3

// SearchListSizes bounds a search's work: it runs at most the windows a
// list of that many sizes would (every codec and reference at each), and
// stops narrowing there, saying so. A codec whose p99 wanders across the
// budget from size to size (encoding/json's, where the collector's share
// of the time the probe could not run decides it) would otherwise take
// every round and cost more than the list it replaces.
const SearchListSizes = 4

// Measured is one codec at one level on one size: what a measurement
// returns to the search.
type Measured struct {
	Codec string // the codec, as -impls names it
	Level string // the level's row label
	Point SizePoint
}

// Measure runs names (codecs and references, as the search asks) at each
// of sizes (bytes) and returns every codec's point at every level. longer:
// they ran at these sizes before and a point was undecided; measure them
// longer (more turns while undecided, within the run's -until, as a list
// of sizes does) and return each point from every measurement of its size
// pooled.
type Measure func(sizes []int, names []string, longer bool) ([]Measured, error)

// Search is a search's range and budget.
type Search struct {
	Min, Max int // bytes
	Budget   time.Duration
	Factor   float64 // SearchFactor when 0
	Steps    int     // SearchSteps when 0
	// ListSizes bounds the work: at most the windows of a list of that
	// many sizes (SearchListSizes when 0). A longer look is not counted:
	// the list measures its undecided sizes longer too.
	ListSizes int
	// Longer measures a size left undecided again, longer, once (the
	// run may measure past -duration: its -until is on).
	Longer bool
	// Levels are the run's and Procs its GOMAXPROCS, which say where
	// control runs (results.RunsAt); no levels: one of as many pairs as
	// Ps, where control, when named, is the reference.
	Levels []results.Level
	Procs  int
}

// SearchStep is one measurement the search asked for, in the round it
// belongs to (0: the ends).
type SearchStep struct {
	Round  int
	Sizes  []int
	Codecs []string // the codecs and references it ran
	// Longer: it measured sizes again that were undecided, longer, after
	// the steps of its round
	Longer bool
}

// Windows is how many windows the step ran: each of its codecs and
// references at each of its sizes (at each level).
func (s SearchStep) Windows() int { return len(s.Sizes) * len(s.Codecs) }

// SearchLine is one codec at one level: the sizes it ran, and whether its
// safe size is known within the factor.
type SearchLine struct {
	Codec, Level string
	Safe         SafeSize
	Settled      bool
}

// SearchResult is what the search measured, in order, and where it left
// each codec.
type SearchResult struct {
	Steps []SearchStep
	Lines []SearchLine
	// Cut says the search stopped narrowing at its bound of work
	// (SearchListSizes) with a codec not yet settled.
	Cut bool
	// Longer says it measured sizes left undecided again, longer
	// (Search.Longer).
	Longer bool
}

// Windows is how many windows the search ran in all.
func (r SearchResult) Windows() int { return r.windows(true) }

// windows is how many windows the steps ran, the longer looks only when
// longer.
func (r SearchResult) windows(longer bool) int {
	n := 0
	for _, s := range r.Steps {
		if longer || !s.Longer {
			n += s.Windows()
		}
	}
	return n
}

// Run searches for the safe sizes of the codecs in names (which may name the
// references too, which it runs as its comment says), measuring through
// measure.
func (s Search) Run(names []string, measure Measure) (SearchResult, error) {
	factor, rounds := s.Factor, s.Steps
	if factor <= 1 {
		factor = SearchFactor
	}
	if rounds <= 0 {
		rounds = SearchSteps
	}
	codecs := slices.DeleteFunc(slices.Clone(names), results.IsReference)
	ref, others := s.refs(names)
	most := cmp.Or(s.ListSizes, SearchListSizes) * (len(codecs) + len(ref) + len(others))
	res := SearchResult{Longer: s.Longer}
	lines := map[[2]string]*SearchLine{}
	var order [][2]string
	asked := map[string]map[int]bool{}  // the sizes each codec ran at
	longer := map[string]map[int]bool{} // and those it ran at longer
	step := func(st SearchStep) error {
		res.Steps = append(res.Steps, st)
		for _, im := range st.Codecs {
			for _, seen := range []map[string]map[int]bool{asked, longer} {
				if seen[im] == nil {
					seen[im] = map[int]bool{}
				}
			}
			for _, n := range st.Sizes {
				asked[im][n] = true
				longer[im][n] = longer[im][n] || st.Longer
			}
		}
		ms, err := measure(st.Sizes, st.Codecs, st.Longer)
		if err != nil {
			return fmt.Errorf("measuring %s: %w", SizesText(st.Sizes), err)
		}
		for _, m := range ms {
			k := [2]string{m.Codec, m.Level}
			if lines[k] == nil {
				lines[k] = &SearchLine{Codec: m.Codec, Level: m.Level, Safe: SafeSize{Codec: m.Codec, Budget: s.Budget}}
				order = append(order, k)
			}
			l := lines[k]
			// a longer look's point is the size's measurements pooled:
			// it takes the first look's place
			l.Safe.Points = slices.DeleteFunc(l.Safe.Points, func(p SizePoint) bool { return p.Bytes == m.Point.Bytes })
			l.Safe.Points = append(l.Safe.Points, m.Point)
			slices.SortStableFunc(l.Safe.Points, func(a, b SizePoint) int { return a.Bytes - b.Bytes })
		}
		return nil
	}
	// steps runs the sizes each set of codecs wants in round, each with
	// the references, within the bound of work (else res.Cut): false
	// when it cut
	steps := func(round int, wants map[int][]string, again bool) (bool, error) {
		for _, g := range groupSizes(wants, codecs) {
			run := slices.Concat(g.names, ref)
			if n := len(g.sizes) * len(run); !again && res.windows(false)+n > most {
				res.Cut = true
				return false, nil
			}
			if err := step(SearchStep{Round: round, Sizes: g.sizes, Codecs: run, Longer: again}); err != nil {
				return false, err
			}
		}
		return true, nil
	}
	// again measures longer each size left undecided that was not yet
	// (those below the first over: where the safe size may lie, and the
	// ones under a size within that the line names), in the round of the
	// last step
	again := func() error {
		if !s.Longer {
			return nil
		}
		round := res.Steps[len(res.Steps)-1].Round
		wants := map[int][]string{}
		for _, k := range order {
			l := lines[k]
			for _, p := range l.Safe.Undecided() {
				if !longer[l.Codec][p.Bytes] && !slices.Contains(wants[p.Bytes], l.Codec) {
					wants[p.Bytes] = append(wants[p.Bytes], l.Codec)
				}
			}
		}
		_, err := steps(round, wants, true)
		return err
	}
	// the ends: MIN with everything, then MAX with the codecs within at MIN
	if err := step(SearchStep{Sizes: []int{s.Min}, Codecs: slices.Concat(codecs, ref, others)}); err != nil {
		return res, err
	}
	if s.Max > s.Min {
		var within []string // or undecided, at some level
		for _, im := range codecs {
			if slices.ContainsFunc(order, func(k [2]string) bool { return k[0] == im && !lines[k].Safe.Points[0].Over() }) {
				within = append(within, im)
			}
		}
		if len(within) > 0 {
			if err := step(SearchStep{Sizes: []int{s.Max}, Codecs: slices.Concat(within, ref)}); err != nil {
				return res, err
			}
		}
	}
	for round := 1; round <= rounds; round++ {
		if err := again(); err != nil {
			return res, err
		}
		wants := map[int][]string{} // size -> the codecs that ask for it
		for _, k := range order {
			l := lines[k]
			sizes, _ := narrow(l.Safe, factor, s.Min, s.Max)
			for _, n := range sizes {
				if !asked[l.Codec][n] && !slices.Contains(wants[n], l.Codec) {
					wants[n] = append(wants[n], l.Codec)
				}
			}
		}
		if len(wants) == 0 {
			break
		}
		ok, err := steps(round, wants, false)
		if err != nil {
			return res, err
		}
		if !ok {
			break
		}
	}
	if err := again(); err != nil { // the last round's, or where it cut
		return res, err
	}
	for _, k := range order {
		l := lines[k]
		_, l.Settled = narrow(l.Safe, factor, s.Min, s.Max)
		res.Lines = append(res.Lines, *l)
	}
	return res, nil
}

// refs are the references among names: the one each level judges
// against (control where it runs, else baseline), which run at every
// size, and baseline when no level judges against it, which runs once.
func (s Search) refs(names []string) (every, once []string) {
	control := slices.Contains(names, results.Control)
	refOf := func(pairs int) string {
		if control && results.RunsAt(results.Control, pairs, s.Procs) {
			return results.Control
		}
		return results.Baseline
	}
	refers := map[string]bool{}
	for _, lv := range s.Levels {
		refers[refOf(lv.Pairs)] = true
	}
	if len(s.Levels) == 0 { // a level of as many pairs as Ps
		refers[refOf(s.Procs)] = true
	}
	for _, name := range []string{results.Control, results.Baseline} {
		switch {
		case !slices.Contains(names, name):
		case refers[name]:
			every = append(every, name)
		case name == results.Baseline: // the harness's ceiling, the same at every size
			once = append(once, name)
		}
	}
	return every, once
}

// sizeGroup is the sizes one set of codecs asked for.
type sizeGroup struct {
	sizes []int
	names []string
}

// groupSizes groups the sizes asked for by the set of codecs that asked
// (in the order of codecs), so that a step runs each codec only where it
// asked; the groups come smallest size first.
func groupSizes(wants map[int][]string, codecs []string) []sizeGroup {
	sizes := slices.Sorted(maps.Keys(wants))
	var out []sizeGroup
	for _, n := range sizes {
		names := slices.Clone(wants[n])
		slices.SortStableFunc(names, func(a, b string) int { return slices.Index(codecs, a) - slices.Index(codecs, b) })
		i := slices.IndexFunc(out, func(g sizeGroup) bool { return slices.Equal(g.names, names) })
		if i < 0 {
			out = append(out, sizeGroup{names: names})
			i = len(out) - 1
		}
		out[i].sizes = append(out[i].sizes, n)
	}
	return out
}

// narrow is the sizes that pin s's safe size closer within the range
// min..max, and whether it is known within factor (then none): within
// the budget at every size up to max, over it from min, or the last size
// within and the first over at most factor apart. A size undecided inside
// the bracket (measured longer already, when the run could) splits it:
// the sizes narrowed are those from the largest within up to the first
// undecided, and from the last undecided up to the first over, each gap
// until it is within factor; the undecided sizes between stay, and the
// line says the safe size is undecided there, between the bounds it
// settled. Another size beside an undecided one would likely be as
// unsure; one further from the crossing is likelier decided.
func narrow(s SafeSize, factor float64, min, max int) (sizes []int, settled bool) {
	safe, over := s.Bracket()
	top, bottom := s.Points[len(s.Points)-1].Bytes, s.Points[0].Bytes
	unsure := s.Unsure()
	var gaps [][2]SizePoint
	switch {
	case over < 0 && top < max: // max did not measure it
		return []int{max}, false
	case safe < 0 && over >= 0 && bottom > min: // min did not measure it
		return []int{min}, false
	case len(unsure) == 0 && (safe < 0 || over < 0): // over from min, within up to max
		return nil, true
	case len(unsure) == 0:
		gaps = append(gaps, [2]SizePoint{s.Points[safe], s.Points[over]})
	default:
		if safe >= 0 {
			gaps = append(gaps, [2]SizePoint{s.Points[safe], unsure[0]})
		}
		if over >= 0 {
			gaps = append(gaps, [2]SizePoint{unsure[len(unsure)-1], s.Points[over]})
		}
	}
	for _, g := range gaps {
		sizes = append(sizes, between(g[0], g[1], s.Budget, factor)...)
	}
	return sizes, len(sizes) == 0
}

// between is the sizes that pin where the budget is crossed between lo
// and hi closer, none when they are within factor: around where the line
// through their stops on log-log axes crosses the budget (the geometric
// mean where it does not cross it between them), one size when that
// settles it whichever way it falls, else two a factor apart.
func between(a, b SizePoint, budget time.Duration, factor float64) []int {
	lo, hi := float64(a.Bytes), float64(b.Bytes)
	if hi/lo <= factor {
		return nil
	}
	e := math.Sqrt(lo * hi)
	if a.Stop > 0 && a.Stop < budget && b.Stop >= budget {
		e = crossing(lo, hi, a.Stop, b.Stop, budget)
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
				out = append(out, Measured{Codec: c.Result.Codec, Level: v.Label, Point: v.pointOf(c, ins[v.Input], budget)})
			}
		}
	}
	return out
}

// SearchMore is More for a search's longer look (Search.Longer): of a
// level's rows so far, the codecs whose wait.p99 on the size is undecided
// on the budget take more turns, within cfg.Until, with the reference they
// are judged against; a codec the verdict cannot tell does not, as in the
// search's other steps (near a codec's crossing the verdict is near its
// bar too, and extending for it cost more than the list of sizes).
func SearchMore(cfg results.Config, sofar []results.Result) []bool {
	return moreTurns(cfg, sofar, false)
}
