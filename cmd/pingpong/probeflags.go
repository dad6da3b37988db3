package main

import (
	"time"

	"pingpong/results"
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
