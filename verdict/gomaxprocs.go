package verdict

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/aclements/go-moremath/stats"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// The GOMAXPROCS recommendation ends every -procs sweep, one per input.
// The rule, which docs/gomaxprocs.md states for users:
//
//   - It judges level N: as many pairs as Ps, the program saturating what
//     each value gives it. Each value's figure is the geometric mean over
//     the codecs (baseline, the harness, left out) that measured at every
//     value: throughput, round-trip p99, and the sleep probe's p99.
//   - The values with the most throughput, within the rate margin of the
//     best, contend; of those, the ones whose p99 and probe.p99 are within
//     the latency margin of the contenders' best are kept, and the
//     smallest of them is recommended: a P more that buys nothing is a
//     thread more time-sharing the cores.
//   - Margins come from the run: with -count > 1, the largest deviation of
//     a repeat from its median among the level's rows (at least
//     minMargin); with one run, rateMargin and latencyMargin.
//   - Nothing is recommended when every value is within the margins of
//     every other, or when other processes took more than busyCores while
//     the level ran: the values run one after the other, so they do not
//     share that noise as a level's codecs do.

// Margins for a run of one repeat: a round trip's p99 over a one-second
// window is a handful of round trips, far noisier than their rate.
const (
	rateMargin    = 0.10
	latencyMargin = 0.50
	minMargin     = 0.05
	// busyCores: other processes (and steal) taking a quarter of a core
	// change what a P is worth more than any margin here allows.
	busyCores = 0.25
)

// Procs is the recommendation of one input of a GOMAXPROCS sweep.
type Procs struct {
	Input string
	Level string // the level judged, as asked for: "N"
	At    string // the other swept settings, "GOGC=400", or ""
	// Codecs are the rows the figures are the geometric mean of.
	Codecs []string
	Values []ProcsValue
	// RateMargin and LatencyMargin are the fractions within which figures
	// count as equal; FromRepeats says the repeats measured them.
	RateMargin, LatencyMargin float64
	FromRepeats               bool
	Best                      int    // the recommended GOMAXPROCS; 0 for none
	Line                      string // the recommendation and its reasons, or why there is none
	Remarks                   []string
}

// ProcsValue is one GOMAXPROCS at the judged level.
type ProcsValue struct {
	Procs, Pairs          int
	Rate                  float64       // round trips per second
	P99, ProbeP99, STWP99 time.Duration // 0 when not measured
	HasProbe, HasSTW      bool
	OthersCores           float64 // CPU other processes and steal took, in cores
	HasNoise              bool    // OthersCores was measured
	StandsOut             bool    // the verdict at this value names a codec
}

// ProcsOf recommends, per input, from run as the console prints it: a
// repeated run's medians, their repeats setting the margins.
func ProcsOf(run *results.Run) []Procs {
	rows, repeats := asPrinted(run)
	return Recommend(run.Config, run.Env, SweepTables(run.Config, rows), repeats)
}

// Recommend judges each table of a GOMAXPROCS sweep: nothing when the run
// swept no more than one GOMAXPROCS. repeats (nil for one run) set the
// margins.
func Recommend(cfg results.Config, env results.Environment, tables []SweepTable, repeats map[results.Key][]results.Result) []Procs {
	if len(cfg.Procs) < 2 {
		return nil
	}
	var out []Procs
	for _, t := range tables {
		li := judgedLevel(t)
		if li < 0 {
			out = append(out, Procs{Input: t.Input, Line: "no recommendation: no level is a multiple of N (add N to -levels)"})
			continue
		}
		for _, at := range otherSettings(t.Points) {
			out = append(out, recommendAt(cfg, env, t, li, at, repeats))
		}
	}
	return out
}

// judgedLevel is the index of level "N" in t, else of the first multiple
// of N; -1 when no level follows GOMAXPROCS.
func judgedLevel(t SweepTable) int {
	at := -1
	for i, l := range t.Levels {
		switch {
		case strings.EqualFold(l.Spec, "N"):
			return i
		case at < 0 && l.PairsVary():
			at = i
		}
	}
	return at
}

// otherSettings are the GOGC and GOMEMLIMIT combinations of points: each
// gets a recommendation of its own.
func otherSettings(ps []results.Point) []results.Point {
	var out []results.Point
	for _, p := range ps {
		p.Procs = 0
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

func recommendAt(cfg results.Config, env results.Environment, t SweepTable, li int, at results.Point, repeats map[results.Key][]results.Result) Procs {
	lv := t.Levels[li]
	rec := Procs{Input: t.Input, Level: lv.Spec, RateMargin: rateMargin, LatencyMargin: latencyMargin}
	if at != (results.Point{}) {
		rec.At = strings.TrimPrefix(at.String(), "GOMAXPROCS=0 ")
	}
	var cols []int // the table's points at these other settings
	for i, p := range t.Points {
		if p.GOGC == at.GOGC && p.MemLimit == at.MemLimit {
			cols = append(cols, i)
		}
	}
	var rows []SweepRow
	for _, row := range lv.Rows {
		if !results.IsReference(row.Codec) && !slices.ContainsFunc(cols, func(i int) bool { return !row.Cells[i].Measured() }) {
			rows = append(rows, row)
			rec.Codecs = append(rec.Codecs, row.Label)
		}
	}
	if len(rows) == 0 {
		rec.Line = fmt.Sprintf("no recommendation: no codec (baseline aside) measured at every GOMAXPROCS at level %s", lv.Spec)
		return rec
	}
	for _, i := range cols {
		rec.Values = append(rec.Values, valueAt(cfg, t.Points[i].Procs, lv, i, rows, repeats))
	}
	if repeats != nil {
		rec.FromRepeats = true
		rec.RateMargin, rec.LatencyMargin = repeatMargins(lv, cols, rows, repeats)
	}
	rec.decide(cfg, env)
	return rec
}

// valueAt is the geometric mean of rows at column i, and the noise and
// verdict of every row of the level there, baseline's included.
func valueAt(cfg results.Config, procs int, lv SweepLevel, i int, rows []SweepRow, repeats map[results.Key][]results.Result) ProcsValue {
	v := ProcsValue{Procs: procs, Pairs: lv.Pairs[i], HasProbe: true, HasSTW: true}
	var rate, p99, probe, stw []float64
	for _, row := range rows {
		r := row.Cells[i].Result
		rate, p99 = append(rate, r.RoundTripsPerSec()), append(p99, float64(r.Latency.P99))
		if d, ok := results.ProbeP99.Of(r); ok {
			probe = append(probe, float64(d))
		} else {
			v.HasProbe = false
		}
		if r.STW != nil {
			stw = append(stw, float64(r.STW.P99))
		} else {
			v.HasSTW = false
		}
	}
	v.Rate, v.P99 = geomean(rate), asDuration(geomean(p99))
	if v.HasProbe {
		v.ProbeP99 = asDuration(geomean(probe))
	}
	if v.HasSTW {
		v.STWP99 = asDuration(geomean(stw))
	}
	var all []results.Result
	var noise *latency.Noise
	for _, row := range lv.Rows {
		if c := row.Cells[i]; c.Measured() {
			all = append(all, c.Result)
			noise = noise.Add(c.Noise)
		}
	}
	if noise != nil {
		v.HasNoise = true
		v.OthersCores = noise.OthersCores + noise.StealCores
	}
	for _, l := range Levels(cfg, all, repeats) {
		v.StandsOut = v.StandsOut || l.StandsOut()
	}
	return v
}

// repeatMargins are the largest deviations of a repeat from its median,
// over the rows' repeats at the level, of the rate and of p99 and
// probe.p99, at least minMargin.
func repeatMargins(lv SweepLevel, cols []int, rows []SweepRow, repeats map[results.Key][]results.Result) (rate, lat float64) {
	rate, lat = minMargin, minMargin
	for _, row := range rows {
		for _, i := range cols {
			rs, _ := results.Measured(repeats[row.Cells[i].Key()])
			rate = max(rate, spread(results.Values(rs, results.Result.RoundTripsPerSec)))
			lat = max(lat, spread(results.Values(rs, func(r results.Result) float64 { return float64(r.Latency.P99) })))
			if slices.ContainsFunc(rs, func(r results.Result) bool { return !results.ProbeP99.Has(r) }) {
				continue
			}
			lat = max(lat, spread(results.Values(rs, func(r results.Result) float64 { return float64(r.Probe.P99) })))
		}
	}
	return rate, lat
}

// spread is the largest deviation of vs from their median, as a fraction
// of it.
func spread(vs []float64) float64 {
	if len(vs) < 2 {
		return 0
	}
	s := slices.Sorted(slices.Values(vs))
	m := s[(len(s)-1)/2]
	if m <= 0 {
		return 0
	}
	return max(m-s[0], s[len(s)-1]-m) / m
}

func asDuration(ns float64) time.Duration { return time.Duration(math.Round(ns)) }

// geomean is the figures' geometric mean, 0 when one is missing (0).
func geomean(vs []float64) float64 {
	if slices.ContainsFunc(vs, func(v float64) bool { return v <= 0 }) {
		return 0
	}
	return stats.GeoMean(vs)
}
