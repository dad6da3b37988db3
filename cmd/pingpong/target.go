package main

import (
	"strings"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/results"
)

// parseTargets reads -target. An input without a struct type falls back to
// any (its header says so), but when no input has one, -target struct asks
// for nothing that can run: that is a usage error naming the inputs. A type
// of the build's own (bench_scheduling.sh --type) was asked for by name, for
// the user's documents: every input must fit it.
func parseTargets(flag string, inputs []*datasets.Input) ([]string, error) {
	targets, err := parseTargetList(flag, codecs.Types())
	if err != nil {
		return nil, usagef("-target: %w", err)
	}
	for _, tg := range targets {
		if tg == results.TargetAny || tg == results.TargetStruct {
			continue
		}
		for _, in := range inputs {
			if _, err := codecs.UserTarget(in, tg); err != nil {
				return nil, usagef("-target %s: %w", tg, err)
			}
		}
	}
	if len(targets) != 1 || targets[0] != results.TargetStruct {
		return targets, nil
	}
	var why []string
	for _, in := range inputs {
		_, err := codecs.StructTarget(in)
		if err == nil {
			return targets, nil
		}
		why = append(why, err.Error())
	}
	return nil, usagef("-target struct: %s; use -target any or both", strings.Join(why, "; "))
}
