package main

import (
	"fmt"
	"io"

	"github.com/pingpong-bench/pingpong/compare"
	"github.com/pingpong-bench/pingpong/results"
)

// runCompareAcrossTestbeds is `pingpong compare --across-testbeds`: two
// files, or one merged from exactly two testbeds, side by side. It takes
// no -fail: a gate judges, and across testbeds nothing is judged.
func runCompareAcrossTestbeds(gated bool, args []string, stdout io.Writer) error {
	if gated {
		return usagef("--across-testbeds judges nothing, so it takes no -fail: gate each testbed against itself")
	}
	var oldName, newName string
	var old, new *results.Run
	if len(args) == 1 {
		run, err := readResults(args[0])
		if err != nil {
			return err
		}
		names := run.TestbedNames()
		if len(names) != 2 {
			return usagef("%s: --across-testbeds takes two files, or one merged from two testbeds; this one holds %d", args[0], max(len(names), 1))
		}
		oldName, newName = args[0]+", testbed "+names[0], args[0]+", testbed "+names[1]
		old, new = run.OfTestbed(names[0]), run.OfTestbed(names[1])
	} else {
		var err error
		if oldName, newName, old, new, err = compared(args); err != nil {
			return err
		}
	}
	if err := compare.WriteAcrossTestbeds(stdout, oldName, newName, old, new); err != nil {
		return fmt.Errorf("writing the comparison: %w", err)
	}
	return nil
}
