package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"pingpong/report"
	"pingpong/results"
)

// compareCommand is `pingpong compare [-fail EXPR] OLD.json NEW.json`:
// exit 0 whatever the verdicts (a regression is a finding, not a failure
// of the command) unless -fail is given, then 1 when the gate fails; 2 for
// a bad -fail, or a file that cannot be read or is not a pingpong/v1
// results file.
var compareCommand = command{
	name:     "compare",
	synopsis: "[-fail EXPR] OLD.json NEW.json",
	summary:  "scenarios side by side, with significance; -fail gates CI on regressions",
	usage: "Compares two -json result files scenario by scenario: medians of the repeats, percent change,\n" +
		"and a Mann-Whitney U test of each change when both sides ran -count 3 or more.\n" +
		"With -fail, ends with a gate section and exits 1 when a scenario in both runs regressed\n" +
		"beyond EXPR (significantly, when the repeats allow a test; else by the medians), when the\n" +
		"new run measured nothing of a scenario the old one measured, or when nothing could be judged.\n",
	flags: func(fs *flag.FlagSet) func(args []string, stdout, stderr io.Writer) error {
		// A pointer, not a string: -fail "" (a CI variable left empty) is
		// refused, where reading it as no -fail would pass every change.
		var fail *string
		fs.Func("fail", "fail (exit 1) when a figure got worse than `EXPR` allows, e.g. 'p99>+10%,rt/s<-5%,stw.max>+50%'",
			func(s string) error { fail = &s; return nil })
		return func(args []string, stdout, stderr io.Writer) error { return compare(fail, args, stdout) }
	},
}

// compare parses -fail before it reads any file, so that a script can
// check an expression with no files at hand (bench_scheduling.sh does,
// before it measures anything).
func compare(failExpr *string, args []string, stdout io.Writer) error {
	var gate report.Gate
	if failExpr != nil {
		g, err := report.ParseGate(*failExpr)
		if err != nil {
			return usageError{err}
		}
		gate = g
	}
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
	rep, err := report.WriteGatedComparison(stdout, oldPath, newPath, old, new, gate)
	if err != nil {
		return fmt.Errorf("writing the comparison: %w", err)
	}
	if gate != nil && rep.Failed() {
		return fmt.Errorf("-fail '%s': %s", gate, rep.Verdict())
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
