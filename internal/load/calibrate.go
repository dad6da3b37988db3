package load

import (
	"context"
	"fmt"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// calibrationDoc is what the baseline codec hands around; its size does
// not matter, the baseline never reads it.
const calibrationDoc = `{"a":[1,2,3],"b":"x"}`

// calibrationBaseline is the baseline codec on calibrationDoc and its first
// message: the load of every harness-floor measurement.
func calibrationBaseline() (codecs.Codec, []byte, error) {
	c, err := codecs.NewBaseline([]byte(calibrationDoc))
	if err != nil {
		return nil, nil, err
	}
	bin, err := c.Marshal(nil)
	if err != nil {
		return nil, nil, fmt.Errorf("baseline: %w", err)
	}
	return c, bin, nil
}

// CalibrationWindow bounds each of a run's harness-floor measurements; a
// run shorter than that uses its own Duration, so quick runs stay quick.
// A baseline round trip is well under a microsecond: 100ms holds a hundred
// thousand of them.
const CalibrationWindow = 100 * time.Millisecond

// CalibrateRun measures the harness floor of a run of cfg before its first
// scenario: Calibrate, and for an open loop the schedule's own floor
// (CalibrateOpen) over a window long enough for slow rates.
func CalibrateRun(ctx context.Context, cfg results.Config) *results.Calibration {
	cal := Calibrate(ctx, min(cfg.Duration, CalibrationWindow))
	if cfg.OpenLoop() {
		floor, err := CalibrateOpen(ctx, min(cfg.Duration, time.Second), cfg)
		if err != nil && cal.Err == "" {
			cal.Err = err.Error()
		}
		cal.OpenLoop = floor
	}
	return &cal
}

// Calibrate measures the harness floor: a bare channel round trip, then the
// baseline codec's round trip, each over a window of d after a short warmup.
func Calibrate(ctx context.Context, d time.Duration) results.Calibration {
	cal := results.Calibration{Window: d}
	warmup := d / 5
	h, err := bareRoundTrips(ctx, warmup, d)
	if err != nil {
		cal.Err = err.Error()
		return cal
	}
	cal.Channel = latency.Summarize(h)
	c, bin, err := calibrationBaseline()
	if err != nil {
		cal.Err = err.Error()
		return cal
	}
	lr, err := RunLevel(ctx, c, bin, 1, warmup, d)
	if err != nil {
		cal.Err = fmt.Sprintf("baseline round trip: %v", err)
		return cal
	}
	cal.Baseline = latency.Summarize(lr.Hist)
	return cal
}

// STWCost is what the stop-the-world probe at interval costs the baseline
// codec at 1x: 1 - its round trips/s with the probe on over the mean with
// it off just before and just after, so that a drift of the machine cancels
// out. One such triple of windows moves by several percent on a shared
// machine, so it takes the median of stwCostTriples triples, each window
// d/stwCostTriples long.
func STWCost(ctx context.Context, d, interval time.Duration) (float64, error) {
	c, bin, err := calibrationBaseline()
	if err != nil {
		return 0, err
	}
	rate := func(stw time.Duration) (float64, error) {
		w := Watch{Warmup: d / stwCostTriples / 5, Duration: d / stwCostTriples, STW: stw}
		lr, err := RunLevelWatched(ctx, c, bin, nil, 1, w, false)
		if err != nil {
			return 0, fmt.Errorf("stop-the-world probe cost: %w", err)
		}
		if lr.Window <= 0 || lr.N == 0 {
			return 0, fmt.Errorf("stop-the-world probe cost: no round trips measured")
		}
		return float64(lr.N) / lr.Window.Seconds(), nil
	}
	costs := make([]float64, 0, stwCostTriples)
	off, err := rate(0)
	if err != nil {
		return 0, err
	}
	for range stwCostTriples {
		on, err := rate(interval)
		if err != nil {
			return 0, err
		}
		after, err := rate(0)
		if err != nil {
			return 0, err
		}
		costs = append(costs, 1-on/((off+after)/2))
		off = after
	}
	return latency.Median(costs), nil
}

// stwCostTriples is how many off-on-off measurements STWCost takes.
const stwCostTriples = 5

// CalibrateOpen measures the open-loop floor of cfg's schedule: the
// baseline codec at its largest level and that level's rate, for d.
func CalibrateOpen(ctx context.Context, d time.Duration, cfg results.Config) (*results.OpenLoopFloor, error) {
	pairs := 0
	for _, lv := range cfg.Levels {
		pairs = max(pairs, lv.Pairs)
	}
	c, bin, err := calibrationBaseline()
	if err != nil {
		return nil, err
	}
	rate := cfg.PairRate(pairs)
	lr, err := RunLevelOpen(ctx, c, bin, nil, pairs, rate, Watch{Warmup: min(d, 100*time.Millisecond), Duration: d})
	if err != nil {
		return nil, fmt.Errorf("open-loop floor: %w", err)
	}
	return &results.OpenLoopFloor{Pairs: pairs, Rate: rate * float64(pairs),
		Latency: latency.Summarize(lr.Hist), SendDelay: latency.Summarize(lr.SendDelay)}, nil
}

// bareRoundTrips is a pair with no codec: the echo sends back what it
// got. Timing and recording are the pinger's own (roundTrip, a Recorder),
// so the difference to a real pair is exactly the codec's calls.
func bareRoundTrips(ctx context.Context, warmup, d time.Duration) (*hdrhistogram.Histogram, error) {
	recs := latency.NewRecorders(1, 1)
	rec := recs.For(0)
	ping, pong := make(chan []byte), make(chan answer)
	go func() {
		defer close(pong)
		for m := range ping {
			pong <- answer{msg: m}
		}
	}()
	defer close(ping)
	msg := []byte(calibrationDoc)
	epoch := time.Now()
	end := warmup + d
	for i := 0; ; i++ {
		if i%1024 == 0 && ctx.Err() != nil {
			return nil, fmt.Errorf("channel round trip: %w", ctx.Err())
		}
		reply, _, t0, t1 := roundTrip(epoch, ping, pong, msg)
		if t1 > end {
			break
		}
		if t0 >= warmup {
			rec.Record(t1 - t0)
		}
		msg = reply.msg
	}
	return recs.Merged(), nil
}
