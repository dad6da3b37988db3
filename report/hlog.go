package report

import (
	"bufio"
	"fmt"
	"os"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/latency"
)

// WriteHlog writes log as an HdrHistogram interval log to path (-hlog),
// with hdrhistogram-go's HistogramLogWriter: per interval the row covered,
// each series' histogram tagged with the series' tag (the round trips
// that completed in it untagged, the stops of the world tagged stw, the
// sleep probe's overshoots tagged probe), each stamped with the part of
// the interval the row's turns covered. Timestamps are relative to the
// whole second the first interval began in, which the log gives as its
// StartTime and BaseTime (both in whole seconds). An empty log writes no
// file.
func WriteHlog(path string, log *latency.IntervalLog) (err error) {
	cs := log.Intervals
	if len(cs) == 0 {
		return nil
	}
	defer func() {
		if err != nil {
			err = fmt.Errorf("writing the interval log %s: %w", path, err)
		}
	}()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	bw := bufio.NewWriter(f)
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
			if err := lw.OutputIntervalPackedHistogram(stamped(h, log.Tags[k], c.From, c.To)); err != nil {
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
		h = latency.NewPackedHistogram()
	}
	h.SetTag(tag)
	start := from.Milliseconds()
	h.SetStartTimeMs(start)
	h.SetEndTimeMs(max((to + time.Millisecond - 1).Milliseconds(), start+1))
	return h
}
