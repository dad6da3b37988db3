package load

import (
	"context"
	"fmt"
	"runtime"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// Open loop: each pinger sends on a fixed schedule instead of as soon as
// its last reply came back. A closed loop waits out a stall and starts the
// next round trip late, so the stall is counted once however many round
// trips it held up (coordinated omission). On a schedule, every round trip
// that was due during the stall is timed from when it was due, as wrk2
// does and as HdrHistogram's guidance asks.

// schedule is one pinger's intended start times: phase, phase+interval,
// ... as offsets from the window's epoch. Pairs get different phases so
// that a level's pairs do not all send at the same instant.
type schedule struct {
	phase, interval time.Duration
}

func (s schedule) at(k int64) time.Duration { return s.phase + time.Duration(k)*s.interval }

// openRecorders are one open-loop pinger's histograms.
type openRecorders struct {
	corrected, uncorrected, sendDelay *latency.Recorder
}

// openPinger is the open-loop pinger: a separate function so that the
// closed loop's hot path stays as it is. The schedule runs from the epoch
// through warmup, then starts again when the window opens: a round trip
// counts when it was due at or after the window opened and was answered
// before it closed, so a backlog built in warmup is never timed in the
// window. One still in flight from warmup delays the first due ones: that
// is the codec's own lateness, and counts.
func openPinger(c codecs.Codec, newTarget func() any, bin []byte, ping chan<- []byte, pong <-chan answer, echoErr *error,
	w window, sched schedule, rec openRecorders, st *loadStats) {
	defer close(ping)
	defer codecs.RecoverInto(&st.err, "pinger")
	dec := codecs.Decoder{New: newTarget}
	for _, from := range []time.Duration{0, w.start} {
		for k := int64(0); !w.stop.Load(); k++ {
			due := from + sched.at(k)
			measured := from == w.start
			if !measured && (due >= w.start || time.Since(w.epoch) >= w.start) {
				break // warmup is over: the measured schedule starts afresh
			}
			if due > w.end {
				idle(w) // nothing more is due; stay until the window closes so it is not cut short
				return
			}
			late, overslept, ok := waitFor(w, due)
			if !ok {
				return
			}
			reply, ok, t0, t1 := roundTrip(w.epoch, ping, pong, bin)
			if !ok {
				st.err = *echoErr
				return
			}
			if _, stop := w.ended(t0, t1, st); stop {
				return
			}
			next, err := reencode(c, &dec, reply.msg)
			if err != nil {
				st.err = err
				return
			}
			if measured {
				rec.corrected.Record(t1 - due)
				rec.uncorrected.Record(t1 - t0)
				st.n++
				st.bytes += int64(len(bin) + 2*len(reply.msg) + len(next))
				if late {
					st.late++
				} else {
					rec.sendDelay.Record(max(t0-due, 0))
				}
				if overslept {
					st.overslept++
				}
			}
			bin = next
		}
	}
}

// maxNap bounds one sleep of a waiting pinger, so that a slow schedule
// still notices the window's end promptly.
const maxNap = 20 * time.Millisecond

// spinFor is how long before a round trip is due its pinger stops sleeping
// and spins (yielding its P on every turn) instead. Go's timers wake in
// whole milliseconds when the process is idle (the netpoller waits in
// milliseconds): a short sleep woke about 1ms late, and up to 2ms at p99,
// on the machines tried. Charged to the corrected latency, that would be
// the harness measuring its own timer. Spinning the last 2ms starts a round
// trip within microseconds of when it is due, at the cost of CPU time that
// the rows' cpu.user includes. A sleep that overshoots even that is counted
// (overslept), so the row says when pacing, not the codec, made it late.
const spinFor = 2 * time.Millisecond

// waitFor waits until due. late: due had already passed, the pinger was
// still busy with the round trip before. overslept: the timer woke the
// pinger after due. ok is false if the window stopped.
func waitFor(w window, due time.Duration) (late, overslept, ok bool) {
	wait := due - time.Since(w.epoch)
	if wait <= 0 {
		return true, false, true
	}
	for wait > spinFor {
		if w.stop.Load() {
			return false, false, false
		}
		time.Sleep(min(wait-spinFor, maxNap))
		wait = due - time.Since(w.epoch)
	}
	if wait < 0 {
		return false, true, true
	}
	for time.Since(w.epoch) < due {
		runtime.Gosched()
	}
	return false, false, true
}

func idle(w window) {
	for !w.stop.Load() {
		time.Sleep(maxNap)
	}
}

// OpenLevelResult is what one open-loop level produced: a LevelResult
// whose Hist is corrected, and the rest.
type OpenLevelResult struct {
	LevelResult
	Uncorrected *hdrhistogram.Histogram
	// SendDelay is, for each round trip whose pinger was ready before it
	// was due, how long after its due time it was sent: the harness's own
	// pacing error, which the corrected latency includes.
	SendDelay       *hdrhistogram.Histogram
	Late, Overslept int64
}

// RunLevelOpen is RunLevelWatched on a schedule: each of pairs pingers
// starts a round trip every 1/rate seconds (rate per pair).
func RunLevelOpen(ctx context.Context, c codecs.Codec, bin []byte, newTarget func() any, pairs int, rate float64, w Watch) (OpenLevelResult, error) {
	if rate <= 0 {
		return OpenLevelResult{}, fmt.Errorf("open loop: rate %v round trips per second, want > 0", rate)
	}
	interval := time.Duration(float64(time.Second) / rate)
	if interval <= 0 {
		interval = 1
	}
	corr := latency.NewRecorders(pairs, MaxHistograms)
	uncorr := latency.NewRecorders(pairs, MaxHistograms)
	delay := latency.NewRecorders(pairs, MaxHistograms)
	lr, t := runPairs(ctx, c, newTarget, pairs, w,
		func(i int, win window, ping chan<- []byte, pong <-chan answer, echoErr *error, st *loadStats) {
			// pairs are spread over the interval, not all sending at once
			sched := schedule{phase: interval * time.Duration(i) / time.Duration(pairs), interval: interval}
			openPinger(c, newTarget, bin, ping, pong, echoErr, win, sched, openRecorders{corr.For(i), uncorr.For(i), delay.For(i)}, st)
		})
	res := OpenLevelResult{LevelResult: lr, Uncorrected: uncorr.Merged(), SendDelay: delay.Merged(),
		Late: t.late, Overslept: t.overslept}
	res.Hist = corr.Merged()
	return res, t.err
}

// runOpenScenario is RunScenario's encdec level on a schedule.
func runOpenScenario(ctx context.Context, sp Spec, r results.Result, p codecs.Prepared) (results.Result, Kept) {
	rate := sp.PairRate(r.Pairs)
	lr, err := RunLevelOpen(ctx, p.Codec, p.Bin, p.NewTarget, r.Pairs, rate, sp.WatchOf(r.Scenario))
	FillLevel(&r, lr.LevelResult, err, p.Entry.Reference)
	r.OpenLoopResult = results.OpenLoopResult{
		RequestedRate:   rate * float64(r.Pairs),
		AchievedRate:    r.RoundTripsPerSec(),
		Uncorrected:     latency.Summarize(lr.Uncorrected),
		SendDelay:       latency.Summarize(lr.SendDelay),
		Late:            lr.Late,
		Overslept:       lr.Overslept,
		UncorrectedHist: lr.Uncorrected,
	}
	return r, lr.Kept()
}
