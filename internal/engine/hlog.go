package engine

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/latency"
)

// The interval log tags (-hlog): round trips are untagged.
const (
	hlogSTW   = "stw"
	hlogProbe = "probe"
)

// writeHlog writes t as an HdrHistogram interval log to path, with
// hdrhistogram-go's HistogramLogWriter: per interval the row covered, the
// round trips that completed in it (untagged), the stops of the world
// (tagged stw) and the sleep probe's overshoots (tagged probe) that ended
// in it, each stamped with the part of the interval the row's turns
// covered. Timestamps are relative to the whole second the first interval
// began in, which the log gives as its StartTime and BaseTime (both in
// whole seconds).
func writeHlog(path string, t *timeline) (err error) {
	cs := t.covered()
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
	base := cs[0].from.Truncate(time.Second).Milliseconds()
	lw.SetBaseTime(base)
	for _, err := range []error{lw.OutputLogFormatVersion(), lw.OutputStartTime(base), lw.OutputBaseTime(base), lw.OutputLegend()} {
		if err != nil {
			return err
		}
	}
	for _, c := range cs {
		for _, tl := range []struct {
			t   *latency.Timeline
			tag string
		}{{t.rt, ""}, {t.stw, hlogSTW}, {t.probe, hlogProbe}} {
			if tl.t == nil {
				continue
			}
			if err := lw.OutputIntervalPackedHistogram(stamped(tl.t.At(c.i).Hist, tl.tag, c.from, c.to)); err != nil {
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

// hlogPath is where Watch w keeps its interval log; "" for none.
func (w Watch) hlogPath() string {
	if w.HlogDir == "" {
		return ""
	}
	return filepath.Join(w.HlogDir, w.HlogName)
}
