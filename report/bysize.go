package report

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// A size sweep (-input long-string:1MB,long-string:4MB,long-string:16MB)
// asks how each codec's cost grows with the document: linearly, as a
// decoder that touches each byte a bounded number of times does, or
// faster, as one that rescans or regrows its buffers does. The by-size
// summary puts each codec's sizes side by side and fits the growth: time
// per round trip (1 / rt/s) against size, as a straight line on log-log
// axes, whose slope k says time ~ n^k.

// growthFlagged is the exponent above which growth is called out: the
// fit on a shared machine wanders by a tenth or so around 1 for a linear
// codec, and a real superlinear one stands well clear of that.
const growthFlagged = 1.2

// minGrowthRoundTrips is the fewest round trips a size's window must hold
// to enter the growth fit: a rate from one or two round trips is set by
// where the window happened to cut them (a 16 MB document at n=1 can read
// as half or twice its cost), and the fit's exponent would carry that
// error as a finding. Cells under it are marked with their n.
const minGrowthRoundTrips = 10

// bySize collects, as a run streams, what the by-size summary needs: the
// inputs (their shape and size) and the ping-pong rows, one per scenario
// (the median row of repeated ones).
type bySize struct {
	inputs []results.InputInfo
	rows   []results.Result
	// looks are the rows of each scenario that ran again, every one by
	// key (a search's longer look at a size left undecided): the safe
	// sizes pool their stops as repeats', as the run's file does
	// (results.Merge), and the tables show the first
	looks map[results.Key][]results.Result
}

func (s *bySize) input(in results.InputInfo) {
	if !slices.ContainsFunc(s.inputs, func(have results.InputInfo) bool { return have.Name == in.Name }) {
		s.inputs = append(s.inputs, in)
	}
}

func (s *bySize) result(r results.Result) {
	if !r.IsEncdec() {
		return
	}
	k := r.Key()
	i := slices.IndexFunc(s.rows, func(have results.Result) bool { return have.Key() == k })
	if i < 0 {
		s.rows = append(s.rows, r)
		return
	}
	if s.looks == nil {
		s.looks = map[results.Key][]results.Result{}
	}
	if len(s.looks[k]) == 0 {
		s.looks[k] = []results.Result{s.rows[i]}
	}
	s.looks[k] = append(s.looks[k], r)
}

// pooled is repeats (a repeated run's, or nil) with the scenarios that ran
// again: what the safe sizes judge.
func (s *bySize) pooled(repeats map[results.Key][]results.Result) map[results.Key][]results.Result {
	if len(s.looks) == 0 {
		return repeats
	}
	out := maps.Clone(repeats)
	if out == nil {
		out = map[results.Key][]results.Result{}
	}
	for k, rs := range s.looks {
		if out[k] == nil {
			out[k] = rs
		}
	}
	return out
}

// sizeLine is one codec's row of a size table: every key field of its
// scenarios but the input.
type sizeLine = results.Key

// sizeTable is the rows of one shape at one level (and target, batch and
// runtime settings), each codec's cells by input.
type sizeTable struct {
	head  sizeLine // Codec and Build empty
	label string   // the level's row label, "1x encdec batch=10"
	point results.Point
	lines []sizeLine
	cells map[sizeLine]map[string]results.Result // line -> input name -> row
}

// sizeTables sorts the rows of series' inputs into tables, in the order
// their levels and codecs first appear.
func sizeTables(series results.SizeSeries, rows []results.Result) []*sizeTable {
	var out []*sizeTable
	for _, r := range rows {
		if !slices.ContainsFunc(series.Inputs, func(in results.InputInfo) bool { return in.Name == r.Input }) {
			continue
		}
		line, head := r.Key().SizeLine(), r.Key().SizeHead()
		i := slices.IndexFunc(out, func(t *sizeTable) bool { return t.head == head })
		if i < 0 {
			i = len(out)
			out = append(out, &sizeTable{head: head, label: r.Label(), point: r.Point(), cells: map[sizeLine]map[string]results.Result{}})
		}
		t := out[i]
		if t.cells[line] == nil {
			t.lines = append(t.lines, line)
			t.cells[line] = map[string]results.Result{}
		}
		t.cells[line][r.Input] = r
	}
	return out
}

// growth is the least-squares slope of log(time per round trip) against
// log(size) over the sizes a codec measured with minGrowthRoundTrips or
// more, and the first and last of them; ok is false with fewer than two.
// few names the sizes left out for too few round trips.
func growth(inputs []results.InputInfo, cells map[string]results.Result) (k float64, from, to results.InputInfo, few []string, ok bool) {
	var xs, ys []float64
	for _, in := range inputs {
		r, has := cells[in.Name]
		if !has || r.N == 0 || r.Err != "" || in.Bytes <= 0 {
			continue
		}
		if r.N < minGrowthRoundTrips {
			few = append(few, fmt.Sprintf("%s n=%d", results.SizeName(in.Name), r.N))
			continue
		}
		if len(xs) == 0 {
			from = in
		}
		to = in
		xs = append(xs, math.Log(float64(in.Bytes)))
		ys = append(ys, -math.Log(r.RoundTripsPerSec()))
	}
	if len(xs) < 2 {
		return 0, from, to, few, false
	}
	return verdict.LeastSquares(xs, ys), from, to, few, true
}

// growthText is a codec's growth cell, and the footnote that says which
// sizes were left out of its fit ("" when none).
func growthText(inputs []results.InputInfo, cells map[string]results.Result) (cell, leftOut string) {
	k, from, to, few, ok := growth(inputs, cells)
	if len(few) > 0 {
		leftOut = fmt.Sprintf("left out of its growth, under %d round trips: %s", minGrowthRoundTrips, strings.Join(few, ", "))
	}
	if !ok {
		return "-", leftOut
	}
	s := fmt.Sprintf("n^%.2f", k)
	if format.Rounded(k, 2) > growthFlagged { // as printed: n^1.20 is not above n^1.2
		s += fmt.Sprintf("  grows ~n^%.1f from %s to %s", k, results.SizeName(from.Name), results.SizeName(to.Name))
	}
	return s, leftOut
}

// sizeCellText is a codec at one size: the sweep summary's cell and the
// stop-the-world probe's worst stop, which a huge document is most likely
// to stretch.
func sizeCellText(r results.Result, ok bool) string {
	s := sweepCellText(r, ok)
	if ok && r.N > 0 && r.STW != nil {
		s += " stw.max=" + format.Duration(r.STW.Max)
	}
	if ok && r.N > 0 && r.N < minGrowthRoundTrips {
		s += fmt.Sprintf(" (n=%d)", r.N) // every figure of the cell is from that few
	}
	return s
}

// text is the by-size summary: per shape that ran at several sizes, per
// level, a row per codec with its round trips/s, p99 and stw.max at each
// size and its growth exponent. "" when no shape did.
func (s *bySize) text() string {
	var b strings.Builder
	for _, series := range results.SizeSweeps(s.inputs) {
		tables := sizeTables(series, s.rows)
		if len(tables) == 0 {
			continue
		}
		points := map[results.Point]bool{}
		for _, t := range tables {
			points[t.point] = true
		}
		fmt.Fprintf(&b, "\nby size, %s (round trips/s, p99 and stw.max at each size, and the growth):\n", series.Shape)
		var table [][]string
		var notes []string
		for _, t := range tables {
			label := t.label
			if len(points) > 1 {
				label += ", " + t.point.String()
			}
			head := []string{label}
			for _, in := range series.Inputs {
				head = append(head, results.SizeName(in.Name))
			}
			table = append(table, append(head, "growth"))
			for _, l := range t.lines {
				line := []string{l.CodecLabel()}
				for _, in := range series.Inputs {
					r, ok := t.cells[l][in.Name]
					line = append(line, sizeCellText(r, ok))
				}
				cell, leftOut := growthText(series.Inputs, t.cells[l])
				table = append(table, append(line, cell))
				if leftOut != "" {
					notes = append(notes, l.CodecLabel()+" at "+label+": "+leftOut)
				}
			}
		}
		b.WriteString(alignColumns(table))
		notes = append(notes, fmt.Sprintf("growth: time per round trip ~ n^k, least squares on log-log over the sizes with %d round trips or more", minGrowthRoundTrips))
		for _, n := range notes {
			for _, l := range wrapText("  ", "      ", n, rowWidth) {
				b.WriteString(l + "\n")
			}
		}
	}
	return b.String()
}
