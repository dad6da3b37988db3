package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
)

// mergeCommand is `pingpong merge`: exit 2 for bad flags, a file that
// cannot be read, or files that do not merge; 1 when an output cannot be
// written.
var mergeCommand = command{
	name:     "merge",
	synopsis: "[-json|-bench|-csv|-html FILE] RESULTS.json...",
	summary:  "join the runs of one binary into one",
	usage: `Joins -json result files of the same binary into one run, a scenario found
in several files becoming repeats of one scenario, prints its console
report and writes the files asked for. Files whose codec versions differ
are refused: two builds are compared (pingpong compare), not merged.
`,
	flags: func(fs *flag.FlagSet) func(args []string, stdout, stderr io.Writer) error {
		var out outputs
		out.flags(fs)
		return func(args []string, stdout, stderr io.Writer) error { return merge(&out, args, stdout, stderr) }
	},
}

func merge(out *outputs, paths []string, stdout, stderr io.Writer) error {
	if len(paths) == 0 {
		return usagef("no results file: give one or more -json files")
	}
	for _, path := range paths {
		if out.json != "" && sameFile(path, out.json) {
			return usagef("-json %s: is one of the files to merge", out.json)
		}
	}
	if err := out.check(); err != nil {
		return err
	}
	var runs []*results.Run
	for _, path := range paths {
		run, err := readResults(path)
		if err != nil {
			return err
		}
		runs = append(runs, run)
	}
	run, err := results.Merge(runs...)
	if err != nil {
		return usageError{err}
	}
	if err := out.checkTracked(run); err != nil {
		return err
	}
	console := stdout
	if out.toStdout() {
		console = stderr
	}
	if err := report.WriteConsole(console, run, report.ConsoleOptions{}); err != nil {
		return fmt.Errorf("writing the console report: %w", err)
	}
	return out.write(run, stdout)
}
