package main

import (
	"context"
	"time"

	"pingpong/pingpong"
	"pingpong/results"
)

// rateFlag is -rate: empty for the closed loop, else the open loop's
// schedule. Parsing in Set makes a bad value a flag error: one line, exit 2.
type rateFlag struct {
	text   string
	perSec float64
	total  bool
}

func (r *rateFlag) String() string { return r.text }

func (r *rateFlag) Set(s string) error {
	perSec, total, err := parseRate(s)
	if err != nil {
		return err
	}
	r.text, r.perSec, r.total = s, perSec, total
	return nil
}

const rateUsage = "open loop: start round trips on a fixed schedule, `R` per second per pair, or R/s in total across a level's pairs (5000/s); latency is then timed from each round trip's intended start (default: closed loop)"

// calibrationWindow bounds each of the harness floor's two measurements;
// a run shorter than that uses its own -duration, so quick runs stay quick.
// A baseline round trip is well under a microsecond: 100ms holds a hundred
// thousand of them.
const calibrationWindow = 100 * time.Millisecond

// calibrate measures the harness floor before the run and hands it to the
// streaming console for its header. The console is told before Execute so
// that it can print the floor at the first input; the Run gets it after,
// so that -json and a replayed console show it too.
func calibrate(ctx context.Context, cfg results.Config, c *consoleReport) *results.Calibration {
	cal := pingpong.Calibrate(ctx, min(cfg.Duration, calibrationWindow))
	if cfg.OpenLoop() {
		// the schedule's own floor needs a window long enough for slow rates
		floor, err := pingpong.CalibrateOpen(ctx, min(cfg.Duration, time.Second), cfg)
		if err != nil && cal.Err == "" {
			cal.Err = err.Error()
		}
		cal.OpenLoop = floor
	}
	if c.stream != nil {
		c.stream.SetCalibration(&cal)
	}
	return &cal
}
