package pingpong

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"pingpong/latency"
)

// MaxHistograms bounds the histograms one level keeps (about 270 KB each).
// Up to this many pairs each pinger records lock-free into its own; beyond
// it pingers share them in fixed shards.
const MaxHistograms = 64

// window is the measured interval. It is fixed before any pair starts, so
// every pinger decides on its own, with no shared state, whether a round
// trip counts: it must end inside [start, end]. One that began in warmup
// counts, as in the original, so that long round trips are not dropped at
// both edges; only the one still in flight at end is dropped.
// Times are monotonic offsets from epoch: time.Since reads only the
// monotonic clock, about half the cost of time.Now, twice per round trip.
type window struct {
	epoch      time.Time
	start, end time.Duration
	stop       *atomic.Bool // set at the end or on cancellation; checked each round
}

// loadStats is owned by one load goroutine (a pinger, or a probe pass's
// worker) while it runs, and read after it stops.
type loadStats struct {
	n     int64 // round trips, or a worker's ops, that ended inside the window
	bytes int64
	// inFlight is how long the goroutine's last round trip had been in
	// flight when the window closed: a stall that crosses the end would
	// otherwise vanish from every figure.
	inFlight time.Duration
	// late and overslept: the open loop's pacing (openloop.go).
	late, overslept int64
	err             error
}

// sumStats adds up the goroutines' stats. The error is the first one met;
// what the others completed before it still counts.
func sumStats(sts []loadStats) loadStats {
	var t loadStats
	for _, st := range sts {
		t.n += st.n
		t.bytes += st.bytes
		t.late += st.late
		t.overslept += st.overslept
		t.inFlight = max(t.inFlight, st.inFlight)
		if t.err == nil {
			t.err = st.err
		}
	}
	return t
}

// ended sees a round trip (or op) that ran from t0 to t1 out: whether it
// counts (it ended inside the window) and whether the loop must stop (it
// ended after the window closed, in which case st keeps its age at the end).
func (w window) ended(t0, t1 time.Duration, st *loadStats) (counts, stop bool) {
	if t1 > w.end {
		st.inFlight = max(w.end-t0, 0)
		return false, true
	}
	return t1 >= w.start, false
}

// roundTrip is where a sample is timed: send the message, wait for the
// echo's answer. Everything the echo does, both channel hops and every wait
// for a P fall inside; nothing else does.
func roundTrip(epoch time.Time, ping chan<- []byte, pong <-chan []byte, bin []byte) (reply []byte, ok bool, t0, t1 time.Duration) {
	t0 = time.Since(epoch)
	ping <- bin
	reply, ok = <-pong
	t1 = time.Since(epoch)
	return reply, ok, t0, t1
}

// pinger drives one pair: it owns bin, times each round trip, then decodes
// and encodes the reply itself (untimed) to make the next message.
func pinger(c Codec, newTarget func() any, bin []byte, ping chan<- []byte, pong <-chan []byte, echoErr *error, w window, rec *latency.Recorder, st *loadStats) {
	defer close(ping)
	defer recoverInto(&st.err, "pinger")
	dec := decoder{new: newTarget} // for any: one interface reused, not one per message
	for !w.stop.Load() {
		reply, ok, t0, t1 := roundTrip(w.epoch, ping, pong, bin)
		if !ok {
			st.err = *echoErr
			return
		}
		counts, stop := w.ended(t0, t1, st)
		if stop {
			return // the round trip in flight at the window's end is dropped
		}
		next, err := reencode(c, &dec, reply)
		if err != nil {
			st.err = err
			return
		}
		if counts {
			rec.Record(t1 - t0)
			st.n++
			// echo decode + encode, then pinger decode + encode
			st.bytes += int64(len(bin) + 2*len(reply) + len(next))
		}
		bin = next
	}
}

// reencode is the pinger's untimed half of a cycle: decode the reply and
// encode the value again, making the next message.
func reencode(c Codec, dec *decoder, reply []byte) ([]byte, error) {
	v, err := dec.decode(c, reply)
	if err != nil {
		return nil, fmt.Errorf("pinger decode: %w", err)
	}
	next, err := c.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("pinger encode: %w", err)
	}
	return next, nil
}

// echo answers each message with the codec's re-encoding of it. On error
// it records the cause and closes pong, which the pinger reads as failure.
func echo(c Codec, newTarget func() any, ping <-chan []byte, pong chan<- []byte, errp *error) {
	defer close(pong)
	defer recoverInto(errp, "echo")
	dec := decoder{new: newTarget}
	for msg := range ping {
		v, err := dec.decode(c, msg)
		if err != nil {
			*errp = fmt.Errorf("echo decode: %w", err)
			return
		}
		out, err := c.Marshal(v)
		if err != nil {
			*errp = fmt.Errorf("echo encode: %w", err)
			return
		}
		pong <- out
	}
}

// recoverInto turns a codec's panic into the goroutine's error, so one
// codec's panic costs its own row, not the run.
func recoverInto(errp *error, who string) {
	if r := recover(); r != nil {
		*errp = fmt.Errorf("%s panicked: %v", who, r)
	}
}

// LevelResult is what one level of one codec produced. When a codec fails
// mid-window it still holds what completed before: the histogram, n and
// bytes, next to the error.
type LevelResult struct {
	N       int64
	Bytes   int64
	Start   time.Time     // when the measured window opened (after warmup)
	Window  time.Duration // the measured window: duration, or less if cut short
	Partial bool          // cut short by cancellation
	// InFlight is the age, when the window closed, of the oldest round trip
	// still in flight then (dropped from every other figure).
	InFlight time.Duration
	Hist     *hdrhistogram.Histogram
	Runtime  *latency.Runtime        // runtime/metrics over the window; nil if it never opened
	Probe    *hdrhistogram.Histogram // sleep-probe overshoots; nil when the probe is off

	load loadStats // the pingers' stats, summed
}

// runPairs starts pairs echo goroutines and their pingers (run(i, ...) is
// pair i's, with its stats), then runs the window, watching it with the
// instruments until the pingers stop: at the window's end, or when ctx is
// cancelled. A pair ends when its pinger has returned and its echo, seeing
// ping closed, has too.
func runPairs(ctx context.Context, c Codec, newTarget func() any, pairs int, warmup, duration, probe time.Duration,
	run func(i int, w window, ping chan<- []byte, pong <-chan []byte, echoErr *error, st *loadStats)) (LevelResult, error) {
	echoErrs := make([]error, pairs)
	stats := make([]loadStats, pairs)
	start, seen := runWindow(ctx, pairs, warmup, duration, probe, func(i int) func(window) {
		ping, pong := make(chan []byte), make(chan []byte)
		echoDone := make(chan struct{})
		go func() { defer close(echoDone); echo(c, newTarget, ping, pong, &echoErrs[i]) }()
		return func(w window) {
			run(i, w, ping, pong, &echoErrs[i], &stats[i])
			<-echoDone
		}
	})
	t := sumStats(stats)
	return LevelResult{N: t.n, Bytes: t.bytes, InFlight: t.inFlight, Start: start,
		Window: seen.Window, Partial: seen.Partial, Runtime: seen.Runtime, Probe: seen.Probe, load: t}, t.err
}

// RunLevel runs pairs ping-pong pairs over codec c, starting from bin (the
// document already encoded by c), for warmup then duration. Cancelling ctx
// cuts the window short; the result is then marked partial.
func RunLevel(ctx context.Context, c Codec, bin []byte, pairs int, warmup, duration time.Duration) (LevelResult, error) {
	return RunLevelProbed(ctx, c, bin, nil, pairs, warmup, duration, 0)
}

// RunLevelProbed is RunLevel with the sleep probe running through the
// window, sleeping probe at a time (0: no probe). newTarget makes what each
// decode fills: nil decodes into any, else see newTarget in target.go.
func RunLevelProbed(ctx context.Context, c Codec, bin []byte, newTarget func() any, pairs int, warmup, duration, probe time.Duration) (LevelResult, error) {
	recs := latency.NewRecorders(pairs, MaxHistograms)
	res, err := runPairs(ctx, c, newTarget, pairs, warmup, duration, probe,
		func(i int, w window, ping chan<- []byte, pong <-chan []byte, echoErr *error, st *loadStats) {
			pinger(c, newTarget, bin, ping, pong, echoErr, w, recs.For(i), st)
		})
	res.Hist = recs.Merged()
	return res, err
}
