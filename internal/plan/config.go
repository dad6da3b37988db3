package plan

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// The defaults of a run's configuration, in one place: the command's flags
// show them, and package pingpong's Run takes those of them that a
// program's run has (its window is shorter: pingpong.DefaultDuration). The
// verdict's bars and the freeze budget are the verdict's own
// (verdict.FrozenPoints, verdict.LongStop, verdict.DefaultBudget).
const (
	DefaultDuration = 2 * time.Second
	DefaultWarmup   = 500 * time.Millisecond
	DefaultSlice    = 100 * time.Millisecond
	DefaultProbe    = time.Millisecond
	DefaultSTW      = 10 * time.Millisecond
	DefaultInterval = 100 * time.Millisecond
	DefaultLevels   = "1,N,2N"
	// UntilWindows is the most window a codec of a closed-loop level gets
	// while the verdict cannot yet tell it, in windows (DefaultUntil).
	UntilWindows = 3
)

// DefaultUntil is results.Config.Until when nothing says otherwise: a
// level keeps taking turns for the codecs the verdict cannot yet tell, up
// to UntilWindows windows of duration each, within the longest window a
// run may have (a long -duration does not make a default the user never
// gave out of bounds).
func DefaultUntil(duration time.Duration) time.Duration {
	return min(UntilWindows*duration, maxWindow-time.Nanosecond)
}

// The bounds of a run's settings: beyond them a run takes days, or the
// value measures the timer more than the program, and is surely a typo.
const (
	MaxCount = 1000
	// MinRate bounds a schedule from below, per pair: a pinger sends at
	// least once a second, so that a window of a few seconds holds enough
	// round trips for its percentiles to mean something, and a schedule
	// slower than that is surely a typo (500 meant, 0.0005 typed).
	MinRate  = 1.0
	MinProbe = 10 * time.Microsecond
	maxProbe = time.Minute
	// maxWindow bounds the window and warmup, maxInterval the probe's
	// and the intervals' periods, the bars and the budget.
	maxWindow   = 24 * time.Hour
	maxInterval = time.Hour
)

// A SettingError is a setting of a run's configuration out of its range,
// in the command's words: Flag is the flag that gives the setting, Value
// the value as given ("" when the rule says it), Rule what it must be.
type SettingError struct {
	Flag, Value, Rule string
}

func (e *SettingError) Error() string {
	if e.Value == "" {
		return "-" + e.Flag + ": " + e.Rule
	}
	return "-" + e.Flag + " " + e.Value + ": " + e.Rule
}

// A setting is one setting's rule. zero, when set, says the configuration
// holds 0 (or "") there, which it reads as the default, as a program's
// Options and older results files leave it out; the command's flag gives
// no such 0.
type setting struct {
	flag  string
	zero  func(cfg results.Config) bool
	check func(cfg results.Config) *SettingError
}

// settings are the rules of a run's configuration, in the order the
// command checks its flags.
var settings = []setting{
	window("duration", false, func(c results.Config) time.Duration { return c.Duration }),
	window("warmup", true, func(c results.Config) time.Duration { return c.Warmup }),
	window("slice", true, func(c results.Config) time.Duration { return c.Slice }),
	{flag: "until", check: func(c results.Config) *SettingError {
		if c.Until != 0 && (c.Until < c.Duration || c.Until >= maxWindow) {
			return &SettingError{"until", c.Until.String(), fmt.Sprintf("must be 0 (never measure past -duration) or from -duration (%v) to under 24h", c.Duration)}
		}
		return nil
	}},
	{flag: "probe", check: func(c results.Config) *SettingError {
		if c.Probe != 0 && (c.Probe < MinProbe || c.Probe > maxProbe) {
			return &SettingError{"probe", c.Probe.String(), fmt.Sprintf("must be 0 (off) or from %v to 1m", MinProbe)}
		}
		return nil
	}},
	{flag: "mode", zero: func(c results.Config) bool { return c.Mode == "" }, check: func(c results.Config) *SettingError {
		switch c.Mode {
		case results.RunEncdec, results.RunProbe, results.RunAll:
		default:
			return &SettingError{"mode", "", fmt.Sprintf("%q is not a mode (valid: %s, %s, %s)", c.Mode, results.RunEncdec, results.RunProbe, results.RunAll)}
		}
		if c.Probe == 0 && c.RunsProbe() {
			return &SettingError{"mode", c.Mode, "probe passes measure the probe, so -probe must not be 0"}
		}
		return nil
	}},
	{flag: "frozen-bar", zero: func(c results.Config) bool { return c.FrozenBar == 0 }, check: func(c results.Config) *SettingError {
		if c.FrozenBar <= 0 || c.FrozenBar >= 1 {
			return &SettingError{"frozen-bar", format.Points(c.FrozenBar), "points of the window, above 0 and under 100"}
		}
		return nil
	}},
	positive("long-stop", func(c results.Config) time.Duration { return c.LongStop }),
	period("stw", func(c results.Config) time.Duration { return c.STW }),
	period("interval", func(c results.Config) time.Duration { return c.Interval }),
	{flag: "hlog", check: func(c results.Config) *SettingError {
		if c.HlogDir != "" && c.Interval == 0 {
			return &SettingError{"hlog", c.HlogDir, "needs intervals; -interval is 0"}
		}
		return nil
	}},
	{flag: "count", zero: func(c results.Config) bool { return c.Count == 0 }, check: func(c results.Config) *SettingError {
		if c.Count < 1 || c.Count > MaxCount {
			return &SettingError{"count", strconv.Itoa(c.Count), fmt.Sprintf("must be 1 to %d", MaxCount)}
		}
		return nil
	}},
	positive("budget", func(c results.Config) time.Duration { return c.Budget }),
	positive("stall", func(c results.Config) time.Duration { return c.Stall }),
	{flag: "rate", check: func(c results.Config) *SettingError {
		for _, lv := range c.Levels {
			if r := c.PairRate(lv.Pairs); c.OpenLoop() && r < MinRate {
				return &SettingError{"rate", "", fmt.Sprintf("%g/s over %d pairs is %.3g round trips per second per pair, below the minimum of %g", c.Rate, lv.Pairs, r, MinRate)}
			}
		}
		return nil
	}},
}

// window is the rule of a window's length: above 0 (or 0 too, when
// zeroOK) and under a day.
func window(flag string, zeroOK bool, of func(results.Config) time.Duration) setting {
	return setting{flag: flag, check: func(c results.Config) *SettingError {
		if d := of(c); d < 0 || (d == 0 && !zeroOK) || d >= maxWindow {
			lo := "> 0"
			if zeroOK {
				lo = ">= 0"
			}
			return &SettingError{flag, d.String(), "must be " + lo + " and < 24h"}
		}
		return nil
	}}
}

// period is the rule of a probe's or the intervals' period: 0 is off.
func period(flag string, of func(results.Config) time.Duration) setting {
	return setting{flag: flag, check: func(c results.Config) *SettingError {
		if d := of(c); d < 0 || d >= maxInterval {
			return &SettingError{flag, d.String(), "must be >= 0 (0: off) and < 1h"}
		}
		return nil
	}}
}

// positive is the rule of a bar, the budget or the stall threshold: 0 is
// the default.
func positive(flag string, of func(results.Config) time.Duration) setting {
	return setting{flag: flag, zero: func(c results.Config) bool { return of(c) == 0 },
		check: func(c results.Config) *SettingError {
			if d := of(c); d <= 0 || d >= maxInterval {
				return &SettingError{flag, d.String(), "must be > 0 and < 1h"}
			}
			return nil
		}}
}

// Validate refuses a configuration that cannot run, before anything is
// measured: a setting out of its range (a *SettingError), something that
// needs worker processes without them (CheckIsolation), a level or batch
// too large for this machine's memory on the largest of inputs (a
// *MemoryError). Execute calls it; the command checks its flags by the
// same rules first (CheckFlags), to refuse a bad one before it reads an
// input, and words isolation and memory as the flags to change.
func Validate(cfg results.Config, inputs []*datasets.Input) error {
	for _, s := range settings {
		if s.zero != nil && s.zero(cfg) {
			continue
		}
		if err := s.check(cfg); err != nil {
			return err
		}
	}
	if err := CheckIsolation(cfg); err != nil {
		return err
	}
	return CheckMemory(inputs, cfg.Levels, LargestBatch(cfg.Batches))
}

// CheckFlags checks the settings of cfg that flags give, by Validate's
// rules, in the order of its settings: there every value is one the user
// gave, so a 0 that a configuration reads as the default is out of range
// too.
func CheckFlags(cfg results.Config, flags ...string) error {
	for _, s := range settings {
		for _, f := range flags {
			if f == s.flag {
				if err := s.check(cfg); err != nil {
					return err
				}
			}
		}
	}
	for _, f := range flags {
		if !hasSetting(f) {
			return errors.New("plan: no setting -" + f) // a bug of the caller's
		}
	}
	return nil
}

func hasSetting(flag string) bool {
	for _, s := range settings {
		if s.flag == flag {
			return true
		}
	}
	return false
}
