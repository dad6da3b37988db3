package verdict

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// LevelRanking is one level's codecs ranked by round trips per second,
// fastest first, each against the reference (std when it ran, else the
// first codec), as Benchee does. The console prints it after a codec's
// blocks, the page as a table.
type LevelRanking struct {
	Input string
	Label string        // the level: "1x encdec"
	Point results.Point // a sweep's codecs compare within one value, never across
	Rows  []RankedRow
}

// RankedRow is one codec of a ranking: its round trips per second
// (Rate, as printed), and against the reference's, in words (Relative:
// "2.97x faster than std", "(reference)") and as a factor (Times: 2.97,
// 1 for the reference itself), with the reference's name (Ref).
type RankedRow struct {
	Codec, Rate, Relative string
	Times                 float64
	Ref                   string
}

// Level is the ranking's level and runtime settings, as the page heads it.
func (l LevelRanking) Level() string { return l.Label + ", " + l.Point.String() }

// LevelRankings ranks rs per input, level and sweep value, in the order the
// levels first appear. Only closed-loop encdec rows that measured round
// trips and ended without error take part, and never the baseline, which
// is the harness's floor, not a contender. A level with one contender has
// no ranking, nor has an open-loop run: on a schedule every codec runs at
// the requested rate, so there is no throughput to compare.
func LevelRankings(cfg results.Config, rs []results.Result) []LevelRanking {
	if cfg.OpenLoop() {
		return nil
	}
	var out []LevelRanking
	for _, l := range results.EncdecLevels(rs) {
		rs := slices.DeleteFunc(l.Rows, func(r results.Result) bool { return results.IsReference(r.Codec) })
		if len(rs) < 2 {
			continue
		}
		ref := rs[0]
		for _, r := range rs {
			if r.Codec == "std" {
				ref = r
			}
		}
		slices.SortStableFunc(rs, func(a, b results.Result) int { return cmp.Compare(b.RoundTripsPerSec(), a.RoundTripsPerSec()) })
		lr := LevelRanking{Input: l.Input, Label: l.Label, Point: l.Point}
		for _, r := range rs {
			lr.Rows = append(lr.Rows, RankedRow{Codec: r.Codec, Rate: format.Rate(r.RoundTripsPerSec()), Relative: relative(r, ref),
				Times: r.RoundTripsPerSec() / ref.RoundTripsPerSec(), Ref: ref.Codec})
		}
		out = append(out, lr)
	}
	return out
}

func relative(r, ref results.Result) string {
	if r.Codec == ref.Codec {
		return "(reference)"
	}
	a, b := r.RoundTripsPerSec(), ref.RoundTripsPerSec()
	if a >= b {
		return fmt.Sprintf("%.2fx faster than %s", a/b, ref.Codec)
	}
	return fmt.Sprintf("%.2fx slower than %s", b/a, ref.Codec)
}
