package results

import (
	"strings"
	"testing"
)

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
