package main

import (
	"fmt"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// minProbe is the shortest probe interval accepted: below it the timer's
// own resolution and the probe's wake-ups would be most of what it measures.
const minProbe = 10 * time.Microsecond

func checkProbe(probe time.Duration, mode string) error {
	if probe != 0 && (probe < minProbe || probe > time.Minute) {
		return usagef("-probe %v: must be 0 (off) or from %v to 1m", probe, minProbe)
	}
	if _, err := parseMode(mode); err != nil {
		return usagef("-mode: %w", err)
	}
	if probe == 0 && mode != results.RunEncdec {
		return usagef("-mode %s: probe passes measure the probe, so -probe must not be 0", mode)
	}
	return nil
}

// stallFlag is -stall: unset means the default, which the run works out
// from its idle pass; an explicit value must be above 0.
type stallFlag struct{ d time.Duration }

func (s *stallFlag) String() string {
	if s.d == 0 {
		return ""
	}
	return s.d.String()
}

func (s *stallFlag) Set(v string) error {
	d, err := time.ParseDuration(v)
	if err != nil {
		return fmt.Errorf("%q is not a duration (like 10ms)", v)
	}
	if d <= 0 || d >= time.Hour {
		return fmt.Errorf("%v: must be > 0 and < 1h (leave -stall out for the default)", d)
	}
	s.d = d
	return nil
}
