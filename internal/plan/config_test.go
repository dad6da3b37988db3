package plan

import (
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

func TestRateBelowTheMinimumIsRefused(t *testing.T) {
	cfg := results.Config{Duration: time.Second, Rate: 3, RateTotal: true, Levels: []results.Level{{Pairs: 1}, {Pairs: 4}}}
	if err := Validate(cfg, nil); err == nil || !strings.Contains(err.Error(), "over 4 pairs") {
		t.Errorf("3/s over 4 pairs: %v; want the level that falls below the minimum", err)
	}
	cfg.Rate = 4
	if err := Validate(cfg, nil); err != nil {
		t.Errorf("4/s over 4 pairs: %v", err)
	}
}

// A configuration reads a 0 as the default where the command's flags give
// no 0 (a bar, the budget, the count, the mode); given as a flag it is
// out of range.
func TestZeroIsTheDefaultUnlessGiven(t *testing.T) {
	cfg := results.Config{Duration: time.Second}
	if err := Validate(cfg, nil); err != nil {
		t.Fatalf("a configuration of a duration alone: %v", err)
	}
	for flag, want := range map[string]string{
		"count":      "-count 0: must be 1 to 1000",
		"budget":     "-budget 0s: must be > 0 and < 1h",
		"long-stop":  "-long-stop 0s: must be > 0 and < 1h",
		"frozen-bar": "-frozen-bar 0: points of the window, above 0 and under 100",
		"mode":       `-mode: "" is not a mode (valid: encdec, probe, all)`,
	} {
		if err := CheckFlags(cfg, flag); err == nil || err.Error() != want {
			t.Errorf("-%s given as 0: %v, want %q", flag, err, want)
		}
	}
}

func TestSettingsOutOfRange(t *testing.T) {
	ok := results.Config{Duration: time.Second, Until: 3 * time.Second, Probe: time.Millisecond, STW: 10 * time.Millisecond, Mode: results.RunAll}
	if err := Validate(ok, nil); err != nil {
		t.Fatalf("%+v: %v", ok, err)
	}
	for _, c := range []struct {
		change func(*results.Config)
		want   string
	}{
		{func(c *results.Config) { c.Duration = 0 }, "-duration 0s: must be > 0 and < 24h"},
		{func(c *results.Config) { c.Warmup = -time.Second }, "-warmup -1s: must be >= 0 and < 24h"},
		{func(c *results.Config) { c.Until = 500 * time.Millisecond }, "-until 500ms: must be 0 (never measure past -duration) or from -duration (1s) to under 24h"},
		{func(c *results.Config) { c.Probe = time.Microsecond }, "-probe 1µs: must be 0 (off) or from 10µs to 1m"},
		{func(c *results.Config) { c.Probe = 0 }, "-mode all: probe passes measure the probe, so -probe must not be 0"},
		{func(c *results.Config) { c.Mode = "both" }, `-mode: "both" is not a mode (valid: encdec, probe, all)`},
		{func(c *results.Config) { c.FrozenBar = -0.5 }, "-frozen-bar -50: points of the window, above 0 and under 100"},
		{func(c *results.Config) { c.STW = time.Hour }, "-stw 1h0m0s: must be >= 0 (0: off) and < 1h"},
		{func(c *results.Config) { c.HlogDir = "logs" }, "-hlog logs: needs intervals; -interval is 0"},
		{func(c *results.Config) { c.Count = MaxCount + 1 }, "-count 1001: must be 1 to 1000"},
		{func(c *results.Config) { c.Stall = -time.Millisecond }, "-stall -1ms: must be > 0 and < 1h"},
	} {
		cfg := ok
		c.change(&cfg)
		if err := Validate(cfg, nil); err == nil || err.Error() != c.want {
			t.Errorf("Validate: %v, want %q", err, c.want)
		}
	}
}

// The default cap of a long -duration stays within the longest window a
// run may have, so a duration that is valid never makes it out of range.
func TestDefaultUntilOfALongDuration(t *testing.T) {
	for _, d := range []time.Duration{time.Second, 9 * time.Hour, maxWindow - time.Second} {
		cfg := results.Config{Duration: d, Until: DefaultUntil(d)}
		if err := Validate(cfg, nil); err != nil {
			t.Errorf("-duration %v with the default -until %v: %v", d, cfg.Until, err)
		}
	}
	if got := DefaultUntil(time.Second); got != 3*time.Second {
		t.Errorf("DefaultUntil(1s) = %v, want 3s", got)
	}
}
