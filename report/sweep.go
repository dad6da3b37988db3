package report

import (
	"fmt"
	"strings"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
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
	c.point, c.codec = p, ""
	c.printf("\n== %s\n", p)
}

// sweepSummary prints, when the run had more than one value, per input a
// table of every level, codec and value, then the GOMAXPROCS
// recommendation when GOMAXPROCS was swept.
func (c *Console) sweepSummary() {
	if !c.cfg.Swept() || len(c.swept) == 0 {
		return
	}
	tables := verdict.SweepTables(c.cfg, c.swept)
	recs := verdict.Recommend(c.cfg, c.env, tables, c.repeats)
	for _, t := range tables {
		c.printf("%s", sweepTableText(t))
		for _, r := range recs {
			if r.Input == t.Input {
				c.printf("%s", recommendationText(r))
				c.procs = append(c.procs, procsAnswer(r))
			}
		}
	}
	c.swept = nil
}

// sweepTableText is one input's summary: a row per level, codec and value,
// so that a codec's values read down one column each.
func sweepTableText(t verdict.SweepTable) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nsweep summary, %s (a row per codec and value):\n", t.Input)
	var table [][]string
	for _, lv := range t.Levels {
		table = append(table, []string{"level " + lv.Spec, "value", "pairs", "round trips/s", "p99", "probe.p99", "stw.p99"})
		for _, row := range lv.Rows {
			for i, p := range t.Points {
				label := ""
				if i == 0 {
					label = row.Label
				}
				table = append(table, append([]string{label, p.String(), fmt.Sprint(lv.Pairs[i])}, sweepCells(row.Cells[i])...))
			}
		}
	}
	b.WriteString(alignColumns(table))
	b.WriteString("  probe.p99: how late the sleep probe woke; stw.p99: how long a stop of the world took to begin\n")
	return b.String()
}

// sweepCells are a cell's figures: round trips/s, p99, probe.p99,
// stw.p99, then its flags; "-" for a figure it lacks.
func sweepCells(c verdict.SweepCell) []string {
	if !c.Measured() {
		return []string{sweepCellText(c.Result, c.Ran)}
	}
	r := c.Result
	out := []string{format.Rate(r.RoundTripsPerSec()), format.Duration(r.Latency.P99)}
	for _, m := range []results.Metric{results.ProbeP99, results.MetricOf("stw.p99")} {
		if d, ok := m.Of(r); ok {
			out = append(out, format.Duration(d))
		} else {
			out = append(out, "-")
		}
	}
	var flags []string
	if r.Noise.Noisy() {
		flags = append(flags, "NOISY")
	}
	if r.Partial {
		flags = append(flags, "PARTIAL")
	}
	return append(out, strings.Join(flags, " "))
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
	s := format.Rate(r.RoundTripsPerSec()) + " p99=" + format.Duration(r.Latency.P99)
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
