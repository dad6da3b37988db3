package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"pingpong/report"
	"pingpong/results"
)

// compareCommand is `pingpong compare OLD.json NEW.json`: exit 0 whatever
// the verdicts (a regression is a finding, not a failure of the command), 2
// for a file that cannot be read or is not a pingpong/v1 results file.
var compareCommand = command{
	name:     "compare",
	synopsis: "OLD.json NEW.json",
	summary:  "scenarios side by side, with significance",
	usage: "Compares two -json result files scenario by scenario: medians of the repeats, percent change,\n" +
		"and a Mann-Whitney U test of each change when both sides ran -count 3 or more.\n",
	flags: func(*flag.FlagSet) func(args []string, stdout, stderr io.Writer) error { return compare },
}

func compare(args []string, stdout, _ io.Writer) error {
	if len(args) != 2 {
		return usagef("want two files, OLD.json NEW.json; got %d arguments", len(args))
	}
	oldPath, newPath := args[0], args[1]
	old, err := readResults(oldPath)
	if err != nil {
		return err
	}
	new, err := readResults(newPath)
	if err != nil {
		return err
	}
	if err := report.WriteComparison(stdout, oldPath, newPath, old, new); err != nil {
		return fmt.Errorf("writing the comparison: %w", err)
	}
	return nil
}

// readResults reads a -json file; a file that cannot be read, or is not a
// pingpong/v1 results file, is a usage error.
func readResults(path string) (*results.Run, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageError{err}
	}
	defer f.Close()
	run, err := report.ReadJSON(f)
	if err != nil {
		return nil, usagef("%s: %w", path, err)
	}
	return run, nil
}
