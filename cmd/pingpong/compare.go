package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"pingpong/report"
	"pingpong/results"
)

// runCompare is `pingpong compare OLD.json NEW.json`: exit 0 whatever the
// verdicts (a regression is a finding, not a failure of the command), 2 for
// a file that cannot be read or is not a pingpong/v1 results file.
func runCompare(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pingpong compare", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // one line on error, not flag's message plus usage
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "usage: pingpong compare OLD.json NEW.json\n\nCompares two -json result files scenario by scenario: medians of the repeats, percent change,\nand a Mann-Whitney U test of each change when both sides ran -count 3 or more.\n")
			return 0
		}
		fmt.Fprintf(stderr, "pingpong compare: %v\n", err)
		return 2
	}
	if fs.NArg() != 2 {
		fmt.Fprintf(stderr, "pingpong compare: want two files, OLD.json NEW.json; got %d arguments\n", fs.NArg())
		return 2
	}
	oldPath, newPath := fs.Arg(0), fs.Arg(1)
	old, err := readResults(oldPath)
	if err != nil {
		fmt.Fprintf(stderr, "pingpong compare: %v\n", err)
		return 2
	}
	new, err := readResults(newPath)
	if err != nil {
		fmt.Fprintf(stderr, "pingpong compare: %v\n", err)
		return 2
	}
	if err := report.Compare(old, new).Write(stdout, oldPath, newPath, old, new); err != nil {
		fmt.Fprintf(stderr, "pingpong compare: writing the comparison: %v\n", err)
		return 1
	}
	return 0
}

func readResults(path string) (*results.Run, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	run, err := report.ReadJSON(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return run, nil
}
