package results

import (
	"strings"
	"testing"
)

func TestLevelMultiplierThatWouldOverflowIsRefused(t *testing.T) {
	for _, spec := range []string{"6148914691236517206N", "9223372036854775807N", "100001", "0N", "-1N"} {
		if _, err := ParseLevels(spec, 3); err == nil || !strings.Contains(err.Error(), "1 to 100000 pairs") {
			t.Errorf("ParseLevels(%q): %v; want a one-line bounds error", spec, err)
		}
	}
}

func TestRateBelowTheMinimumIsRefused(t *testing.T) {
	cfg := Config{Rate: 3, RateTotal: true, Levels: []Level{{Pairs: 1}, {Pairs: 4}}}
	if err := cfg.CheckRate(); err == nil || !strings.Contains(err.Error(), "over 4 pairs") {
		t.Errorf("3/s over 4 pairs: %v; want the level that falls below the minimum", err)
	}
	cfg.Rate = 4
	if err := cfg.CheckRate(); err != nil {
		t.Errorf("4/s over 4 pairs: %v", err)
	}
}
