package page

import (
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// The charts over time are a level's window as its intervals (-interval)
// saw it: per interval, the longest round trip, and on a chart of its own
// the longest stop of the world, every codec of the level on one chart. The
// codecs take turns in the window, so a codec's points come in runs, one
// per turn, joined within a turn and never across the other codecs' turns:
// a freeze is a spike at the moment it happened. A repeated run draws its
// first repeat, whose intervals are one window, not a median of several.

// timeKind: x is seconds since the level's first interval, linear; y a
// latency in ns, logarithmic.
const timeKind chartKind = 200

// timeCharts are the charts over time of one level's cells; none when no
// cell has intervals.
func timeCharts(cs []cell, names []string, id, level string) []chartData {
	perCodec := map[string]int{} // a codec in several runs names its run
	for _, c := range cs {
		if len(c.intervals) > 0 {
			perCodec[c.res.Codec]++
		}
	}
	var out []chartData
	for _, tc := range []struct {
		id, title, ylabel, desc string
		of                      func(results.Interval) time.Duration
	}{
		{"time-rt", "Longest round trip over time", "longest round trip",
			"The longest round trip that completed in each interval of the window, every codec one colour; both axes as the window ran, y logarithmic. The codecs take turns in the window: each codec's points are joined within its turns only, and a freeze is a spike at the moment it happened.",
			func(iv results.Interval) time.Duration { return iv.RTMax }},
		{"time-stw", "Longest stop over time", "longest stop of the world",
			"The longest stop of the world the probe saw end in each interval (its stopping latency as the runtime measured it), every codec one colour, y logarithmic; an interval with no stop has no point.",
			func(iv results.Interval) time.Duration { return iv.STWMax }},
	} {
		ch := chartData{ID: tc.id + "-" + id, Title: tc.title + ", " + level, Desc: tc.desc, Kind: timeKind,
			XLabel: "seconds since the level's first interval", YLabel: tc.ylabel}
		for _, c := range cs {
			s := chartSeries{Name: c.res.Codec, Codec: c.res.Codec, Src: c.src}
			if perCodec[c.res.Codec] > 1 {
				s.Name += " (" + names[c.src] + ")"
			}
			var last time.Duration = -1
			for _, iv := range c.intervals {
				v := tc.of(iv)
				if v <= 0 {
					continue
				}
				if len(s.Points) > 0 && iv.At-last > c.interval {
					s.Cuts = append(s.Cuts, len(s.Points)) // another codec's turn came between
				}
				s.Points = append(s.Points, [2]float64{iv.At.Seconds(), float64(v)})
				last = iv.At
			}
			if len(s.Points) > 0 {
				ch.Series = append(ch.Series, s)
			}
		}
		if len(ch.Series) > 0 {
			sortSeries(ch.Series)
			out = append(out, ch)
		}
	}
	return out
}

// pieces splits a series' points where its turns end: where Cuts says.
func (s chartSeries) pieces() [][][2]float64 {
	var out [][][2]float64
	from := 0
	for _, at := range append(s.Cuts, len(s.Points)) {
		out = append(out, s.Points[from:at])
		from = at
	}
	return out
}
