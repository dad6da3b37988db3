package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pingpong-bench/pingpong/results"
)

// A sweep (-procs 1,2,4, -gogc, -memlimit) prints each value's codec blocks
// under a heading of its own, then one table per input and level that puts
// the values side by side: that table is what a user tuning GOMAXPROCS
// reads.

func sweeping(cfg results.Config) bool {
	return len(cfg.Procs)+len(cfg.GOGC)+len(cfg.MemLimit) > 0
}

// sweepHeading opens a value's blocks on its first row. The comparison of
// the value before is printed first: a level's codecs compare within one
// value, never across.
func (c *Console) sweepHeading(r results.Result) {
	if !sweeping(c.cfg) {
		return
	}
	c.swept = append(c.swept, r)
	p := r.Point().String()
	if p == c.point {
		return
	}
	c.comparison()
	c.point, c.impl = p, ""
	c.printf("\n== %s\n", p)
}

// sweepSummary prints, when the run had more than one value, per input and
// per level a table: codec x value -> round trips per second and p99.
func (c *Console) sweepSummary() {
	if !c.cfg.Swept() || len(c.swept) == 0 {
		return
	}
	for _, t := range sweepTables(c.cfg, c.swept) {
		c.printf("%s", t)
	}
	c.swept = nil
}

// sweepRow is a row of the summary: a codec (of a build) and its decode
// target.
type sweepRow struct{ impl, build, target string }

// sweepTables builds the summary's text, one block per input.
func sweepTables(cfg results.Config, rs []results.Result) []string {
	var inputs []string
	var points []results.Point
	var rows []sweepRow
	by := map[results.Key]results.Result{}
	for _, r := range rs {
		if !r.IsEncdec() {
			continue // a probe pass's n is the probe's, not round trips
		}
		k := r.Key()
		if !slices.Contains(inputs, k.Input) {
			inputs = append(inputs, k.Input)
		}
		if p := r.Point(); !slices.Contains(points, p) {
			points = append(points, p)
		}
		if row := (sweepRow{k.Impl, k.Build, k.Target}); !slices.Contains(rows, row) {
			rows = append(rows, row)
		}
		by[k] = r
	}
	var out []string
	for _, in := range inputs {
		var b strings.Builder
		fmt.Fprintf(&b, "\nsweep summary, %s (round trips/s and p99 per codec, a column per value):\n", in)
		var table [][]string
		for _, lv := range cfg.Levels {
			// A level's pairs follow each value's GOMAXPROCS: "N" is 1 pair
			// at GOMAXPROCS=1 and 4 at 4.
			pairs := map[results.Point]int{}
			head := []string{"level " + lv.Spec}
			varies := false
			for _, p := range points {
				pairs[p] = cfg.PairsAt(lv, p.Procs)
				varies = varies || pairs[p] != pairs[points[0]]
			}
			for _, p := range points {
				h := p.String()
				if varies {
					h += fmt.Sprintf(" (%dx)", pairs[p])
				}
				head = append(head, h)
			}
			table = append(table, head)
			for _, row := range rows {
				s := results.Scenario{Input: in, Impl: row.impl, Build: row.build, Target: row.target}
				line := []string{strings.TrimSpace(s.ImplLabel() + " " + row.target)}
				for _, p := range points {
					s.Pairs, s.Procs, s.GOGC, s.MemLimit = pairs[p], p.Procs, p.GOGC, p.MemLimit
					r, ok := by[s.Key()]
					line = append(line, sweepCellText(r, ok))
				}
				table = append(table, line)
			}
		}
		b.WriteString(alignColumns(table))
		out = append(out, b.String())
	}
	return out
}

func sweepCellText(r results.Result, ok bool) string {
	switch {
	case !ok:
		return "-"
	case r.N == 0 && r.Err != "":
		return "error"
	case r.N == 0:
		return "n=0"
	}
	s := results.FormatRate(r.RoundTripsPerSec()) + " p99=" + results.FormatDuration(r.Latency.P99)
	if r.Partial {
		s += " PARTIAL"
	}
	return s
}

// alignColumns pads each column to its widest cell, three spaces apart
// since a cell holds spaces of its own.
func alignColumns(table [][]string) string {
	var widths []int
	for _, line := range table {
		for i, cell := range line {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len(cell))
		}
	}
	var b strings.Builder
	for _, line := range table {
		var l strings.Builder
		l.WriteString(" ")
		for i, cell := range line {
			sep := "   "
			if i == 0 {
				sep = " "
			}
			fmt.Fprintf(&l, "%s%-*s", sep, widths[i], cell)
		}
		b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
	}
	return b.String()
}

func hasKey[K comparable, V any](m map[K]V, k K) bool {
	_, ok := m[k]
	return ok
}
