package load

import (
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// timeline is a closed-loop level's window over time (Watch.Interval):
// each pair records into a latency.Timeline of its own, lock-free, which
// the level takes into rt when each slice closes; the probes record into
// theirs as they go. The turns say which intervals the row holds: those
// its slices covered, each with how much of it they covered.
type timeline struct {
	rt, stw, probe *latency.Timeline // stw and probe nil when that probe is off
	pairs          []*latency.Timeline
	turns          []turn
}

// turn is one slice of the window, from and to since the Unix epoch.
type turn struct{ from, to time.Duration }

// newTimeline readies the timeline of a level of pairs pairs watched by
// ins, keeping each interval's histograms when hists is set (-hlog).
func newTimeline(w time.Duration, pairs int, ins *instruments, hists bool) *timeline {
	t := &timeline{rt: latency.NewTimeline(w, hists), pairs: make([]*latency.Timeline, pairs)}
	for i := range t.pairs {
		t.pairs[i] = latency.NewTimeline(w, hists)
	}
	if ins.stw != nil {
		t.stw = latency.NewTimeline(w, hists)
		ins.stw.Follow(t.stw)
	}
	if ins.probe != nil {
		t.probe = latency.NewTimeline(w, hists)
		ins.probe.Follow(t.probe)
	}
	return t
}

// sliced takes in a slice that ran from open to closed (since the Unix
// epoch), once every pair has parked.
func (t *timeline) sliced(open, closed time.Duration) {
	for _, p := range t.pairs {
		t.rt.Take(p)
	}
	t.turns = append(t.turns, turn{open, closed})
}

// covered is one interval a row holds: its number, and the part of it its
// turns covered, from and to, ran long in all.
type covered struct {
	i        int64
	from, to time.Duration
	ran      time.Duration
}

// covered lists the intervals the turns covered, in order.
func (t *timeline) covered() []covered {
	w := int64(t.rt.Width())
	var out []covered
	for _, tr := range t.turns {
		for i := int64(tr.from) / w; i*w < int64(tr.to); i++ {
			from, to := max(tr.from, time.Duration(i*w)), min(tr.to, time.Duration((i+1)*w))
			if n := len(out); n > 0 && out[n-1].i == i {
				out[n-1].to, out[n-1].ran = to, out[n-1].ran+to-from
				continue
			}
			out = append(out, covered{i: i, from: from, to: to, ran: to - from})
		}
	}
	return out
}

// The interval log's series beside the round trips (untagged): their tags
// in the -hlog file.
const (
	SeriesSTW   = "stw"
	SeriesProbe = "probe"
)

// log is the timeline's interval histograms as an interval log keeps them:
// the round trips' series, then each probe's that ran.
func (t *timeline) log() *latency.IntervalLog {
	log := &latency.IntervalLog{Tags: []string{""}}
	series := []*latency.Timeline{t.rt}
	if t.stw != nil {
		log.Tags, series = append(log.Tags, SeriesSTW), append(series, t.stw)
	}
	if t.probe != nil {
		log.Tags, series = append(log.Tags, SeriesProbe), append(series, t.probe)
	}
	for _, c := range t.covered() {
		li := latency.LoggedInterval{From: c.from, To: c.to}
		for _, tl := range series {
			li.Hists = append(li.Hists, tl.At(c.i).Hist)
		}
		log.Intervals = append(log.Intervals, li)
	}
	return log
}

// intervals are the row's Intervals, At still since the Unix epoch
// (results.AlignIntervals makes it the level's).
func (t *timeline) intervals() []results.Interval {
	cs := t.covered()
	out := make([]results.Interval, len(cs))
	for k, c := range cs {
		rt := t.rt.At(c.i)
		out[k] = results.Interval{At: time.Duration(c.i) * t.rt.Width(), Ran: c.ran, N: rt.N, RTMax: rt.Max, STWMax: t.stw.At(c.i).Max}
	}
	return out
}
