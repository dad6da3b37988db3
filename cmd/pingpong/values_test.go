package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
)

func TestParseSweepValues(t *testing.T) {
	for _, c := range []struct {
		v, want string
		parse   func(string) (string, error)
	}{
		{"100", "100", parseGOGC}, {"OFF", "off", parseGOGC}, {"050", "50", parseGOGC}, {"-1", "", parseGOGC}, {"x", "", parseGOGC},
		{"512MiB", "512MiB", parseMemLimit}, {"1073741824", "1073741824", parseMemLimit}, {"off", "off", parseMemLimit},
		{"1GB", "", parseMemLimit}, {"MiB", "", parseMemLimit}, {"0", "", parseMemLimit},
	} {
		got, err := c.parse(c.v)
		if got != c.want || (err != nil) != (c.want == "") {
			t.Errorf("parse %q = %q, %v; want %q", c.v, got, err, c.want)
		}
	}
}

func TestParseRate(t *testing.T) {
	for in, want := range map[string]struct {
		rate  float64
		total bool
	}{"": {0, false}, "0": {0, false}, "500": {500, false}, "5000/s": {5000, true}, "2.5": {2.5, false}, " 10/s ": {10, true}} {
		rate, total, err := parseRate(in)
		if err != nil || rate != want.rate || total != want.total {
			t.Errorf("parseRate(%q) = %v, %v, %v; want %v, %v", in, rate, total, err, want.rate, want.total)
		}
	}
	for _, bad := range []string{"abc", "-5", "0/s", "5/m", "1e9", "NaN", "Inf", "/s", "5/s/s"} {
		if _, _, err := parseRate(bad); err == nil {
			t.Errorf("parseRate(%q): want an error", bad)
		}
	}
}

func TestParseTargets(t *testing.T) {
	for s, want := range map[string][]string{"any": {results.TargetAny}, "struct": {results.TargetStruct}, "both": {results.TargetAny, results.TargetStruct}} {
		if got, err := parseTargetList(s, nil); err != nil || !slices.Equal(got, want) {
			t.Errorf("parseTargetList(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	if _, err := parseTargetList("map", nil); err == nil {
		t.Error("parseTargetList(map): no error")
	}
}

func TestParseTargetsTakesTypes(t *testing.T) {
	types := []string{"shop.Order", "shop.Cart"}
	for s, want := range map[string][]string{
		"shop.Order":     {"shop.Order"},
		"any,shop.Order": {results.TargetAny, "shop.Order"},
		"both":           {results.TargetAny, results.TargetStruct},
		"any,any":        {results.TargetAny},
	} {
		if got, err := parseTargetList(s, types); err != nil || !slices.Equal(got, want) {
			t.Errorf("parseTargetList(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for s, want := range map[string]string{
		"shop.Nope":            `"shop.Nope" is not a target (valid: any, struct, both, or a type of this build: shop.Order, shop.Cart)`,
		"struct,shop.Order":    "one typed target at a time, not struct and shop.Order",
		"shop.Order,shop.Cart": "one typed target at a time",
	} {
		if _, err := parseTargetList(s, types); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("parseTargetList(%q): err %v, want %q", s, err, want)
		}
	}
}

func TestRateBelowTheMinimumIsRefused(t *testing.T) {
	for _, s := range []string{"0.5", "0.001/s"} {
		if _, _, err := parseRate(s); err == nil || !strings.Contains(err.Error(), "at least 1 round trip per second") {
			t.Errorf("parseRate(%q): %v; want the minimum named", s, err)
		}
	}
}
