package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/pingpong-bench/pingpong/internal/plan"
	"github.com/pingpong-bench/pingpong/results"
)

// The text forms of flag values. Each returns an error naming the value,
// which the flag's caller prefixes with the flag.

// maxRate bounds -rate: above it the schedule's interval is shorter than a
// clock read and the number is surely a typo.
const maxRate = 1e8

// parseRate reads a -rate value: "500" is round trips per second per pair,
// "5000/s" per second in total, spread over a level's pairs. "" and "0" mean
// closed loop (rate 0).
func parseRate(s string) (rate float64, total bool, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false, nil
	}
	num, total := strings.CutSuffix(s, "/s")
	rate, err = strconv.ParseFloat(num, 64)
	if err != nil || math.IsNaN(rate) || math.IsInf(rate, 0) {
		return 0, false, fmt.Errorf("%q is not a rate: want round trips per second per pair (500) or in total across pairs (5000/s)", s)
	}
	if rate < 0 || rate > maxRate || (rate == 0 && total) {
		return 0, false, fmt.Errorf("%q: a rate must be above 0 and at most %.0f round trips per second (0 alone: closed loop)", s, float64(maxRate))
	}
	if rate > 0 && rate < plan.MinRate {
		return 0, false, fmt.Errorf("%q: a rate must be at least %g round trip per second per pair", s, plan.MinRate)
	}
	return rate, total, nil
}

// parseGOGC checks a GOGC value as the runtime reads it: "off" or a
// percentage.
func parseGOGC(v string) (string, error) {
	if strings.EqualFold(v, "off") {
		return "off", nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return "", fmt.Errorf("%q is neither off nor a whole percentage (like 100)", v)
	}
	return strconv.Itoa(n), nil
}

// parseMemLimit checks a GOMEMLIMIT value as the runtime reads it: "off",
// or bytes with an optional unit B, KiB, MiB, GiB or TiB. A value the
// runtime would refuse makes every worker die at start, so it is caught
// here.
func parseMemLimit(v string) (string, error) {
	if _, err := results.MemLimitBytes(v); err != nil {
		return "", err
	}
	return v, nil
}

// parseTargetList reads a -target value: a comma list of any, struct, both
// (any and struct) and the names of types, which must be among types (a
// build's own, see pingpong.RegisterType). At most one of them decodes
// into a type: a row names one type, and the check against encoding/json
// is one per codec.
func parseTargetList(s string, types []string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		add := []string{f}
		switch {
		case f == "both":
			add = []string{results.TargetAny, results.TargetStruct}
		case f != results.TargetAny && f != results.TargetStruct && !slices.Contains(types, f):
			valid := "any, struct, both"
			if len(types) > 0 {
				valid += ", or a type of this build: " + strings.Join(types, ", ")
			}
			return nil, fmt.Errorf("%q is not a target (valid: %s)", f, valid)
		}
		for _, tg := range add {
			if !slices.Contains(out, tg) {
				out = append(out, tg)
			}
		}
	}
	if typed := slices.DeleteFunc(slices.Clone(out), func(tg string) bool { return tg == results.TargetAny }); len(typed) > 1 {
		return nil, fmt.Errorf("%q: one typed target at a time, not %s", s, strings.Join(typed, " and "))
	}
	return out, nil
}
