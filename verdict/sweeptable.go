package verdict

import (
	"slices"
	"strconv"

	"github.com/pingpong-bench/pingpong/results"
)

// SweepTable is a sweep's results of one input laid out as its summary
// reads them: per level as it was asked for ("1", "N", "2N"), a row per
// codec and a cell per value. A level given as a multiple of N is a
// different pair count at each GOMAXPROCS: at 1 and at 4, level N is 1
// pair and 4. The console's summary, the page's charts against GOMAXPROCS
// and the recommendation all read this one table, so that they cannot
// group the same run two ways.
type SweepTable struct {
	Input  string
	Points []results.Point // in the order they ran
	Levels []SweepLevel
}

// SweepLevel is one level of a sweep table.
type SweepLevel struct {
	Spec  string // as asked for: "N"
	Pairs []int  // the pairs it ran as at each of the table's points
	Rows  []SweepRow
}

// SweepRow is a codec (of a build, with a decode target and batch) at
// every point of a level.
type SweepRow struct {
	Codec, Build, Target string
	Batch                int
	Label                string // the codec's label: "std", "goccy (new) struct batch=10"
	Cells                []SweepCell
}

// SweepCell is one row at one point; Ran is false when no scenario of it
// was in the run.
type SweepCell struct {
	results.Result
	Ran bool
}

// Measured says whether the cell has round trips to compare: it ran and
// ended without error.
func (c SweepCell) Measured() bool { return c.Ran && c.N > 0 && c.Err == "" }

// SweepTables lays out rs (one result per scenario: a repeated run's
// medians) per input, in the order inputs, points and codecs first
// appear. Probe passes are left out: their n is the probe's.
func SweepTables(cfg results.Config, rs []results.Result) []SweepTable {
	var out []SweepTable
	type rowKey struct {
		codec, build, target string
		batch                int
	}
	var inputs []string
	points := map[string][]results.Point{}
	rows := map[string][]rowKey{}
	by := map[results.Key]results.Result{}
	for _, r := range rs {
		if !r.IsEncdec() {
			continue
		}
		k := r.Key()
		if !slices.Contains(inputs, k.Input) {
			inputs = append(inputs, k.Input)
		}
		if p := r.Point(); !slices.Contains(points[k.Input], p) {
			points[k.Input] = append(points[k.Input], p)
		}
		if row := (rowKey{k.Codec, k.Build, k.Target, k.Batch}); !slices.Contains(rows[k.Input], row) {
			rows[k.Input] = append(rows[k.Input], row)
		}
		by[k] = r
	}
	for _, in := range inputs {
		t := SweepTable{Input: in, Points: points[in]}
		for _, lv := range cfg.Levels {
			level := SweepLevel{Spec: lv.Spec}
			if level.Spec == "" {
				level.Spec = strconv.Itoa(lv.Pairs)
			}
			for _, p := range t.Points {
				level.Pairs = append(level.Pairs, cfg.PairsAt(lv, p.Procs))
			}
			for _, rk := range rows[in] {
				s := results.Scenario{Input: in, Codec: rk.codec, Build: rk.build, Mode: results.ModeEncdec, Target: rk.target, Batch: rk.batch}
				row := SweepRow{Codec: rk.codec, Build: rk.build, Target: rk.target, Batch: rk.batch, Label: s.CodecLabel() + s.Variant()}
				for i, p := range t.Points {
					s.Pairs, s.Procs, s.GOGC, s.MemLimit = level.Pairs[i], p.Procs, p.GOGC, p.MemLimit
					r, ok := by[s.Key()]
					row.Cells = append(row.Cells, SweepCell{Result: r, Ran: ok})
				}
				level.Rows = append(level.Rows, row)
			}
			t.Levels = append(t.Levels, level)
		}
		out = append(out, t)
	}
	return out
}

// PairsVary says whether the level ran as a different pair count at some
// point: a multiple of N under a GOMAXPROCS sweep.
func (l SweepLevel) PairsVary() bool {
	for _, p := range l.Pairs {
		if p != l.Pairs[0] {
			return true
		}
	}
	return false
}
