package main

import (
	"fmt"
	"time"
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
	if d <= 0 || d >= time.Hour {
		return fmt.Errorf("%v: must be > 0 and < 1h (leave -stall out for the default)", d)
	}
	s.d = d
	return nil
}
