package main

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
