package load

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/retry"
	"github.com/pingpong-bench/pingpong/results"
)

// readHlog reads an interval log back with hdrhistogram-go's own reader:
// the interval histograms of each tag, in order.
func readHlog(t *testing.T, path string) map[string][]*hdrhistogram.Histogram {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := hdrhistogram.NewHistogramLogReader(f)
	out := map[string][]*hdrhistogram.Histogram{}
	for {
		h, err := r.NextIntervalHistogram()
		if err != nil {
			t.Fatalf("reading %s: %v", path, err)
		}
		if h == nil {
			return out
		}
		out[h.Tag()] = append(out[h.Tag()], h)
	}
}

// A level run in turns with gaps between them, as the codecs of a level
// take turns: its intervals' round trips add up to its n, each interval
// lies inside the turns, and the interval log holds the same counts
// interval by interval, with the stops and the probe's wakes tagged.
func TestIntervalsAddUpToNAndTheLogReadsBack(t *testing.T) {
	c, bin := baselineFor(t, `{"a":[1,2,3],"b":"x"}`)
	for _, pairs := range []int{1, 3, MaxHistograms + 3} {
		dir := t.TempDir()
		w := Watch{Warmup: 20 * time.Millisecond, Interval: 50 * time.Millisecond, STW: 10 * time.Millisecond, Probe: time.Millisecond,
			IntervalHists: true}
		l := OpenLevel(context.Background(), c, bin, nil, pairs, w, false)
		for turn := range 3 {
			if turn > 0 {
				time.Sleep(70 * time.Millisecond) // another codec's turn
			}
			if _, err := l.Slice(context.Background(), 60*time.Millisecond); err != nil {
				t.Fatal(err)
			}
		}
		lr, err := l.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(lr.Intervals) < 3 {
			t.Fatalf("%d pairs: %d intervals over 3 turns", pairs, len(lr.Intervals))
		}
		var n int64
		for k, iv := range lr.Intervals {
			n += iv.N
			if iv.Ran <= 0 || iv.Ran > w.Interval || iv.At%w.Interval != 0 || k > 0 && iv.At <= lr.Intervals[k-1].At {
				t.Fatalf("%d pairs: interval %d is %+v after %+v", pairs, k, iv, lr.Intervals[max(k-1, 0)])
			}
		}
		if n != lr.N || n == 0 {
			t.Fatalf("%d pairs: the intervals hold %d round trips, the level %d", pairs, n, lr.N)
		}
		path := filepath.Join(dir, "level.hlog")
		var buf bytes.Buffer
		if err := lr.Log.WriteHlog(&buf); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		log := readHlog(t, path)
		rts := log[""]
		if len(rts) != len(lr.Intervals) {
			t.Fatalf("%d pairs: %d untagged intervals in the log, %d in the row", pairs, len(rts), len(lr.Intervals))
		}
		for k, h := range rts {
			if h.TotalCount() != lr.Intervals[k].N {
				t.Fatalf("%d pairs: log interval %d holds %d round trips, the row's %d", pairs, k, h.TotalCount(), lr.Intervals[k].N)
			}
			// The reader adds the interval's length to its start in float
			// seconds since the epoch and truncates to milliseconds, so a
			// span of one millisecond may read back as none.
			if h.EndTimeMs() < h.StartTimeMs() {
				t.Fatalf("%d pairs: log interval %d from %dms to %dms", pairs, k, h.StartTimeMs(), h.EndTimeMs())
			}
		}
		if len(log[SeriesSTW]) != len(rts) || len(log[SeriesProbe]) != len(rts) {
			t.Fatalf("%d pairs: %d stw and %d probe intervals, want %d each", pairs, len(log[SeriesSTW]), len(log[SeriesProbe]), len(rts))
		}
		var stops int64
		for _, h := range log[SeriesSTW] {
			stops += h.TotalCount()
		}
		if stops == 0 {
			t.Fatalf("%d pairs: no stop of the world in the log", pairs)
		}
	}
}

func TestNoIntervalsWhenOff(t *testing.T) {
	c, bin := baselineFor(t, `[1]`)
	lr, err := RunLevelWatched(context.Background(), c, bin, nil, 1, Watch{Duration: 50 * time.Millisecond}, false)
	if err != nil {
		t.Fatal(err)
	}
	if lr.N == 0 || lr.Intervals != nil || lr.Log != nil {
		t.Fatalf("n %d, intervals %v, log %v", lr.N, lr.Intervals, lr.Log)
	}
}

// stallOnce is a codec whose decode number at sleeps for d, once. With
// one pair, decodes alternate echo, pinger, echo, ...: an odd one is the
// echo's, inside a round trip.
type stallOnce struct {
	codecs.Codec
	decodes atomic.Int64
	at      int64
	d       time.Duration
}

func (s *stallOnce) Unmarshal(data []byte, v any) error {
	if s.decodes.Add(1) == s.at {
		time.Sleep(s.d)
	}
	return s.Codec.Unmarshal(data, v)
}

// A stall shows at the moment it happened: one interval's longest round
// trip is the stall, and the others' are far shorter. The machine is
// shared, so a try may lose to a neighbour.
func TestAStallShowsAsItsIntervalsLongestRoundTrip(t *testing.T) {
	base, bin := baselineFor(t, `{"a":[1,2,3],"b":"x"}`)
	const stall = 250 * time.Millisecond
	retry.Three(t, func() error {
		c := &stallOnce{Codec: base, at: 2001, d: stall}
		w := Watch{Duration: time.Second, Interval: 100 * time.Millisecond}
		lr, err := RunLevelWatched(context.Background(), c, bin, nil, 1, w, false)
		if err != nil {
			t.Fatal(err)
		}
		if c.decodes.Load() < c.at {
			t.Fatalf("only %d decodes: the stall never came", c.decodes.Load())
		}
		stalled := -1
		for k, iv := range lr.Intervals {
			switch {
			case iv.RTMax >= stall && stalled >= 0:
				return fmt.Errorf("intervals %d and %d both hold a round trip of the stall's length: %+v", stalled, k, lr.Intervals)
			case iv.RTMax >= stall:
				stalled = k
			case iv.RTMax >= stall/2:
				return fmt.Errorf("interval %d's longest round trip is %v, half the stall: %+v", k, iv.RTMax, lr.Intervals)
			}
		}
		if stalled < 0 {
			return errors.New("no interval holds the stall")
		}
		if lr.Intervals[stalled].RTMax > 2*stall {
			return fmt.Errorf("the stall's interval holds %v", lr.Intervals[stalled].RTMax)
		}
		return nil
	})
}

func TestAlignIntervalsStartsTheLevelAtItsFirstInterval(t *testing.T) {
	rows := []results.Result{
		{Intervals: []results.Interval{{At: 1500}, {At: 1800}}},
		{},
		{Intervals: []results.Interval{{At: 1200}, {At: 1600}}},
	}
	results.AlignIntervals(rows)
	if rows[0].Intervals[0].At != 300 || rows[0].Intervals[1].At != 600 || rows[2].Intervals[0].At != 0 || rows[2].Intervals[1].At != 400 {
		t.Fatalf("aligned: %+v", rows)
	}
	results.AlignIntervals(rows)
	if rows[2].Intervals[1].At != 400 {
		t.Fatalf("aligned twice: %+v", rows)
	}
}
