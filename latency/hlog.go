package latency

import (
	"bufio"
	"io"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

// WriteHlog writes the log as an HdrHistogram interval log to w (the files of
// -hlog), with hdrhistogram-go's HistogramLogWriter: per interval the row covered,
// each series' histogram tagged with the series' tag (the round trips
// that completed in it untagged, the stops of the world tagged stw, the
// sleep probe's overshoots tagged probe), each stamped with the part of
// the interval the row's turns covered. Timestamps are relative to the
// whole second the first interval began in, which the log gives as its
// StartTime and BaseTime (both in whole seconds). An empty log writes
// nothing.
func (l *IntervalLog) WriteHlog(w io.Writer) error {
	cs := l.Intervals
	if len(cs) == 0 {
		return nil
	}
	bw := bufio.NewWriter(w)
	lw := hdrhistogram.NewHistogramLogWriter(bw)
	base := cs[0].From.Truncate(time.Second).Milliseconds()
	lw.SetBaseTime(base)
	for _, err := range []error{lw.OutputLogFormatVersion(), lw.OutputStartTime(base), lw.OutputBaseTime(base), lw.OutputLegend()} {
		if err != nil {
			return err
		}
	}
	for _, c := range cs {
		for k, h := range c.Hists {
			if err := lw.OutputIntervalPackedHistogram(stamped(h, l.Tags[k], c.From, c.To)); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// stamped is h (an empty histogram when nil) tagged and stamped with the
// wall-clock span from, to since the Unix epoch, widened to whole
// milliseconds (the log's resolution) so that it holds the span: a turn
// that covered a fraction of a millisecond of an interval still reads as
// a span, not as an instant.
func stamped(h *hdrhistogram.PackedHistogram, tag string, from, to time.Duration) *hdrhistogram.PackedHistogram {
	if h == nil {
		h = NewPackedHistogram()
	}
	h.SetTag(tag)
	start := from.Milliseconds()
	h.SetStartTimeMs(start)
	h.SetEndTimeMs(max((to + time.Millisecond - 1).Milliseconds(), start+1))
	return h
}
