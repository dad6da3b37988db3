package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/pingpong-bench/pingpong/compare"
	"github.com/pingpong-bench/pingpong/results"
)

// compareCommand is `pingpong compare [-fail EXPR] OLD.json NEW.json`, or
// of one RESULTS.json of a run across two builds, its builds as OLD and NEW:
// exit 0 whatever the outcomes (a regression is a finding, not a failure
// of the command) unless -fail is given, then 1 when the gate fails; 2 for
// a bad -fail, or a file that cannot be read or is not a pingpong/v1
// results file.
var compareCommand = command{
	name:     "compare",
	synopsis: "[-fail EXPR] OLD.json NEW.json | RESULTS.json",
	summary:  "scenarios side by side, with significance; -fail gates CI on regressions",
	usage: fmt.Sprintf("Compares two -json result files scenario by scenario: medians of the repeats, percent change,\n"+
		"and a Mann-Whitney U test of each change when both sides ran %d repeats or more (-count;\n"+
		"5 is the useful least: a change must hold after the correction below).\n"+
		"A change is claimed (better, worse, a -fail failure) only when it holds after correcting for\n"+
		"every figure the comparison tests (Benjamini-Hochberg, q <= 0.05) and its median moved beyond\n"+
		"a practical threshold (-fail's limit; else 5%% for throughput and medians, 10%% for tails);\n"+
		"baseline, the harness, is shown but never judged. One file of a run across two builds\n"+
		"(-build) compares them: its first build as OLD, its second as NEW.\n"+
		"With -fail, ends with a gate section and exits 1 when a scenario in both runs regressed\n"+
		"beyond EXPR (by that rule, when the repeats allow a test; else by the medians), when the\n"+
		"new run measured nothing of a scenario the old one measured, or when nothing could be judged.\n"+
		"Runs of different testbeds (machine, cores, CPU quota, GOMAXPROCS, Go) are not judged: exit 2;\n"+
		"--across-testbeds shows them side by side instead, without significance.\n",
		compare.RepeatsToTest),
	flags: func(fs *flag.FlagSet) func(args []string, stdout, stderr io.Writer) error {
		// A pointer, not a string: -fail "" (a CI variable left empty) is
		// refused, where reading it as no -fail would pass every change.
		var fail *string
		fs.Func("fail", "fail (exit 1) when a figure got worse than `EXPR` allows, e.g. 'p99>+10%,rt/s<-5%,stw.max>+50%'",
			func(s string) error { fail = &s; return nil })
		across := fs.Bool("across-testbeds", false, "show runs of different testbeds (machines, Go releases) side by side, judging nothing")
		return func(args []string, stdout, stderr io.Writer) error {
			if *across {
				return runCompareAcrossTestbeds(fail != nil, args, stdout)
			}
			return runCompare(fail, args, stdout)
		}
	},
}

// runCompare parses -fail before it reads any file, so that a bad
// expression is told as such, whatever the files. (bench_scheduling.sh's
// build step checks it with the same compare.ParseGate before it builds.)
func runCompare(failExpr *string, args []string, stdout io.Writer) error {
	var gate compare.Gate
	if failExpr != nil {
		g, err := compare.ParseGate(*failExpr)
		if err != nil {
			return usageError{err}
		}
		gate = g
	}
	oldName, newName, old, new, err := compared(args)
	if err != nil {
		return err
	}
	if err := compare.CheckTestbeds(oldName, newName, old, new); err != nil {
		return usageError{err}
	}
	rep, err := compare.WriteGatedComparison(stdout, oldName, newName, old, new, gate)
	if err != nil {
		return fmt.Errorf("writing the comparison: %w", err)
	}
	if gate != nil && rep.Failed() {
		return fmt.Errorf("-fail '%s': %s", gate, rep.Outcome())
	}
	return nil
}

// compared reads what compare compares: two files, or the two builds of
// one, each build's rows as a run of its own.
func compared(args []string) (oldName, newName string, old, new *results.Run, err error) {
	switch len(args) {
	case 1:
		run, err := readResults(args[0])
		if err != nil {
			return "", "", nil, nil, err
		}
		builds := run.Config.BuildNames()
		if len(builds) != 2 {
			return "", "", nil, nil, usagef("%s: compare takes two files, or one of a run across two builds (-build); this one has %d builds", args[0], len(builds))
		}
		name := func(b string) string { return args[0] + ", build " + b }
		return name(builds[0]), name(builds[1]), run.OfBuild(builds[0]), run.OfBuild(builds[1]), nil
	case 2:
		if old, err = readResults(args[0]); err != nil {
			return "", "", nil, nil, err
		}
		if new, err = readResults(args[1]); err != nil {
			return "", "", nil, nil, err
		}
		return args[0], args[1], old, new, nil
	}
	return "", "", nil, nil, usagef("want two files, OLD.json NEW.json, or one of a run across two builds; got %d arguments", len(args))
}

// readResults reads a -json file; a file that cannot be read, or is not a
// pingpong/v1 results file, is a usage error.
func readResults(path string) (*results.Run, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageError{err}
	}
	defer f.Close()
	run, err := results.ReadJSON(f)
	if err != nil {
		return nil, usagef("%s: %w", path, err)
	}
	return run, nil
}
