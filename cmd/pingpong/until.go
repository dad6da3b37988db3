package main

import (
	"fmt"
	"time"

	"github.com/pingpong-bench/pingpong/internal/plan"
)

// untilFlag is -until: how long a level's turns may go on, per codec, while
// the verdict cannot yet tell a codec from the references, or a safe
// size's point is undecided on the budget (verdict.More). Unset means
// three times -duration; 0 turns it off.
type untilFlag struct {
	d   time.Duration
	set bool
}

const untilUsage = "a level keeps taking turns past -duration, up to `DURATION` of window per codec, for the codecs the verdict cannot yet tell from the references, or whose wait.p99 on a sized document is undecided on -budget (default: 3x -duration; 0: never measure past -duration)"

func (u *untilFlag) String() string {
	if !u.set {
		return ""
	}
	return u.d.String()
}

func (u *untilFlag) Set(v string) error {
	d, err := time.ParseDuration(v)
	if err != nil {
		return fmt.Errorf("%q is not a duration (like 6s)", v)
	}
	u.d, u.set = d, true
	return nil
}

// settled is the cap per codec's window a run with this -duration uses,
// as its results file records it (results.Config.Until): 0 is off.
func (u untilFlag) settled(duration time.Duration) time.Duration {
	if !u.set {
		return plan.DefaultUntil(duration)
	}
	return u.d
}
