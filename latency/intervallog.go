package latency

import (
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

// IntervalLog is a window's histograms interval by interval, as an
// HdrHistogram interval log keeps them (the -hlog file): each interval
// the window covered, the part of it covered, and per series what ended
// in it.
type IntervalLog struct {
	// Tags name the series, in the order each interval holds them: ""
	// (untagged) for the round trips, then the probes'.
	Tags      []string
	Intervals []LoggedInterval
}

// LoggedInterval is one interval of an IntervalLog: the part of it the
// window covered, From and To since the Unix epoch, and per series (the
// log's Tags) its histogram, nil when nothing of that series ended in it.
type LoggedInterval struct {
	From, To time.Duration
	Hists    []*hdrhistogram.PackedHistogram
}
