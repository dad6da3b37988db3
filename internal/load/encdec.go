package load

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
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

// answer is what the echo sends back: the new message and, when the row
// splits its round trips, how long the echo's decode and encode took.
type answer struct {
	msg      []byte
	dec, enc time.Duration
}

// roundTrip is where a sample is timed: send the message, wait for the
// echo's answer. Everything the echo does, both channel hops and every wait
// for a P fall inside; nothing else does.
func roundTrip(epoch time.Time, ping chan<- []byte, pong <-chan answer, bin []byte) (reply answer, ok bool, t0, t1 time.Duration) {
	t0 = time.Since(epoch)
	ping <- bin
	reply, ok = <-pong
	t1 = time.Since(epoch)
	return reply, ok, t0, t1
}

// split holds one pinger's histograms of where its round trips' time
// went: the echo's decode, its encode, and the rest (both channel hops and
// every wait for a P). nil: the row does not split (baseline, whose
// round trip is all harness).
type split struct {
	dec, enc, rest *latency.Recorder
}

func (s *split) record(rt time.Duration, a answer) {
	if s != nil {
		s.dec.Record(a.dec)
		s.enc.Record(a.enc)
		s.rest.Record(max(rt-a.dec-a.enc, 0))
	}
}

// reencode is the pinger's untimed half of a cycle: decode the reply and
// encode the value again, making the next message.
func reencode(c codecs.Codec, dec *codecs.Decoder, reply []byte) ([]byte, error) {
	v, err := dec.Decode(c, reply)
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
// With timed set it also times its decode and its encode: three clock
// reads, which the baseline row, all harness, does without.
func echo(c codecs.Codec, newTarget func() any, timed bool, ping <-chan []byte, pong chan<- answer, errp *error) {
	defer close(pong)
	defer codecs.RecoverInto(errp, "echo")
	dec := codecs.Decoder{New: newTarget}
	var epoch time.Time
	if timed {
		epoch = time.Now()
	}
	for msg := range ping {
		var a answer
		var t0, t1 time.Duration
		if timed {
			t0 = time.Since(epoch)
		}
		v, err := dec.Decode(c, msg)
		if err != nil {
			*errp = fmt.Errorf("echo decode: %w", err)
			return
		}
		if timed {
			t1 = time.Since(epoch)
		}
		a.msg, err = c.Marshal(v)
		if err != nil {
			*errp = fmt.Errorf("echo encode: %w", err)
			return
		}
		if timed {
			a.dec, a.enc = t1-t0, time.Since(epoch)-t1
		}
		pong <- a
	}
}

// LevelResult is what one level of one codec produced. When a codec fails
// mid-window it still holds what completed before: the histogram, n and
// bytes, next to the error.
type LevelResult struct {
	N     int64
	Bytes int64
	Start time.Time // when the measured window (its first slice) opened, after warmup
	// Warmup is how long warmup really took (OpenLevel), Slices how many
	// slices the window ran in; 0 for an open-loop level.
	Warmup time.Duration
	Slices int
	// InFlight is the age, when the window closed, of the oldest round trip
	// still in flight then (dropped from every other figure).
	InFlight time.Duration
	// Intervals is the window over time (Watch.Interval), At since the Unix
	// epoch; Log its histograms interval by interval, when
	// Watch.IntervalHists asked for them (nil otherwise).
	Intervals []results.Interval
	Log       *latency.IntervalLog
	Hist      *hdrhistogram.Histogram
	// Decode, Encode and Rest split the round trips (RunLevelWatched's
	// split): the echo's decode, its encode, and the rest; nil unsplit.
	Decode, Encode, Rest *hdrhistogram.Histogram
	watched              // the window and what its instruments saw
}

// runPairs starts pairs echo goroutines and their pingers (run(i, ...) is
// pair i's, with its stats), then runs the window, watched as w says,
// until the pingers stop: at the window's end, or when ctx is cancelled. A
// pair ends when its pinger has returned and its echo, seeing ping closed,
// has too. It returns the level and the pingers' stats summed, whose err
// is the level's. The open loop runs on it; the closed loop on Level.
func runPairs(ctx context.Context, c codecs.Codec, newTarget func() any, pairs int, w Watch,
	run func(i int, win window, ping chan<- []byte, pong <-chan answer, echoErr *error, st *loadStats)) (LevelResult, loadStats) {
	echoErrs := make([]error, pairs)
	stats := make([]loadStats, pairs)
	start, seen := runWindow(ctx, pairs, w, func(i int) func(window) {
		ping, pong := make(chan []byte), make(chan answer)
		echoDone := make(chan struct{})
		go func() { defer close(echoDone); echo(c, newTarget, false, ping, pong, &echoErrs[i]) }()
		return func(win window) {
			run(i, win, ping, pong, &echoErrs[i], &stats[i])
			<-echoDone
		}
	})
	t := sumStats(stats)
	return LevelResult{N: t.n, Bytes: t.bytes, InFlight: t.inFlight, Start: start, watched: seen}, t
}

// RunLevel runs pairs ping-pong pairs over codec c, starting from bin (the
// document already encoded by c), for warmup then duration. Cancelling ctx
// cuts the window short; the result is then marked partial.
func RunLevel(ctx context.Context, c codecs.Codec, bin []byte, pairs int, warmup, duration time.Duration) (LevelResult, error) {
	return RunLevelWatched(ctx, c, bin, nil, pairs, Watch{Warmup: warmup, Duration: duration}, false)
}

// RunLevelWatched is RunLevel watched by the instruments w turns on, with
// each round trip split into the echo's decode, its encode and the rest
// when split is set: a Level with one slice of w.Duration. newTarget makes
// what each decode fills: nil decodes into any, else see
// codecs.TargetFunc.
func RunLevelWatched(ctx context.Context, c codecs.Codec, bin []byte, newTarget func() any, pairs int, w Watch, splitting bool) (LevelResult, error) {
	l := OpenLevel(ctx, c, bin, newTarget, pairs, w, splitting)
	_, _ = l.Slice(ctx, w.Duration) // Close returns the error
	return l.Close()
}
