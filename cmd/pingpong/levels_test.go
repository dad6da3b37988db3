package main

import (
	"slices"
	"strings"
	"testing"
)

func TestParseLevels(t *testing.T) {
	got, err := parseLevels("1,N,2N, 4n,3,2", 2)
	if err != nil {
		t.Fatal(err)
	}
	var pairs []int
	for _, l := range got {
		pairs = append(pairs, l.Pairs)
	}
	if want := []int{1, 2, 4, 8, 3}; !slices.Equal(pairs, want) {
		t.Errorf("pairs %v, want %v (duplicates dropped, order kept)", pairs, want)
	}
	for _, bad := range []string{"0", "-1", "x", "N2", "", "0N", "100001"} {
		if _, err := parseLevels(bad, 2); err == nil {
			t.Errorf("parseLevels(%q) accepted", bad)
		}
	}
	if _, err := parseLevels("1,x", 4); err == nil || err.Error() != `-levels "1,x": "x" is neither a whole number nor a multiple of N (like 2N)` {
		t.Errorf("parseLevels(1,x): %v", err)
	}
}

func TestLevelMultiplierThatWouldOverflowIsRefused(t *testing.T) {
	for _, spec := range []string{"6148914691236517206N", "9223372036854775807N", "100001", "0N", "-1N"} {
		if _, err := parseLevels(spec, 3); err == nil || !strings.Contains(err.Error(), "1 to 100000 pairs") {
			t.Errorf("parseLevels(%q): %v; want a one-line bounds error", spec, err)
		}
	}
}
