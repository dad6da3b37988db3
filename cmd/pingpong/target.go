package main

import (
	"strings"

	"pingpong/datasets"
	"pingpong/pingpong"
	"pingpong/results"
)

// parseTargets reads -target. An input without a struct type falls back to
// any (its header says so), but when no input has one, -target struct asks
// for nothing that can run: that is a usage error naming the inputs.
func parseTargets(flag string, inputs []*datasets.Input) ([]string, error) {
	targets, err := results.ParseTargets(flag)
	if err != nil {
		return nil, usagef("-target: %w", err)
	}
	if len(targets) != 1 || targets[0] != results.TargetStruct {
		return targets, nil
	}
	var why []string
	for _, in := range inputs {
		_, err := pingpong.StructTarget(in)
		if err == nil {
			return targets, nil
		}
		why = append(why, err.Error())
	}
	return nil, usagef("-target struct: %s; use -target any or both", strings.Join(why, "; "))
}
