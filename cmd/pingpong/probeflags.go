package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/pingpong-bench/pingpong/internal/plan"
	"github.com/pingpong-bench/pingpong/results"
)

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
	var bad *plan.SettingError // the configuration's rule for a stall, worded as this flag's value
	if errors.As(plan.CheckFlags(results.Config{Stall: d}, "stall"), &bad) {
		return fmt.Errorf("%v: %s (leave -stall out for the default)", d, bad.Rule)
	}
	s.d = d
	return nil
}
