package results

import "time"

// Interval is one interval of a closed-loop row's window over time
// (-interval): what ended in it. Intervals are wall-clock and shared by
// the codecs of a level, which take turns in its window: a codec's row
// holds the intervals its turns covered, so the gaps between them are the
// other codecs' turns, and a freeze shows as a spike at the moment it
// happened.
type Interval struct {
	// At is the interval's start, since the start of the level's first
	// interval (the one its first turn began in); Ran is how much of the
	// interval the codec's turns covered.
	At  time.Duration `json:"at_ns"`
	Ran time.Duration `json:"ran_ns"`
	// N is the round trips that completed in it (they add up to the row's
	// n); RTMax the longest of them.
	N     int64         `json:"n"`
	RTMax time.Duration `json:"rt_max_ns"`
	// STWMax is the longest stop of the world the stop-the-world probe saw
	// end in it: its stopping latency as the runtime measured it, not
	// corrected (Responsiveness.STW is). 0 when the probe is off or saw
	// none.
	STWMax time.Duration `json:"stw_max_ns,omitempty"`
}

// AlignIntervals makes the intervals of one level's rows (its codecs' of
// one repeat) start from the level's first interval: the load gives At
// since the Unix epoch, the same clock for every codec's process. Rows
// already aligned stay as they are.
func AlignIntervals(level []Result) []Result {
	first := time.Duration(-1)
	for _, r := range level {
		if len(r.Intervals) > 0 && (first < 0 || r.Intervals[0].At < first) {
			first = r.Intervals[0].At
		}
	}
	for _, r := range level {
		for i := range r.Intervals {
			r.Intervals[i].At -= first
		}
	}
	return level
}
