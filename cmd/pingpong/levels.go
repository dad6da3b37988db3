package main

import (
	"fmt"
	"strings"

	"github.com/pingpong-bench/pingpong/results"
)

// parseLevels reads -levels, a comma list of pair counts, at GOMAXPROCS
// n: whole numbers ("1", "8") or multiples of N ("N", "2N", "4n"), as
// results.LevelsOf reads each. Duplicates are dropped, order is kept.
func parseLevels(list string, n int) ([]results.Level, error) {
	levels, err := results.LevelsOf(strings.Split(list, ","), n)
	if err != nil {
		return nil, fmt.Errorf("-levels %q: %w", list, err)
	}
	return levels, nil
}
