package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"pingpong/report"
	"pingpong/results"
)

const mergeUsage = `usage: pingpong merge [-json FILE] [-bench FILE] [-csv FILE] [-html FILE] RESULTS.json...

Joins -json result files of the same binary into one run, a scenario found
in several files becoming repeats of one scenario, prints its console
report and writes the files asked for. Files whose codec versions differ
are refused: two builds are compared (pingpong compare), not merged.

flags:
`

// runMerge is `pingpong merge`: exit 2 for bad flags, a file that cannot
// be read, or files that do not merge; 1 when an output cannot be written.
func runMerge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pingpong merge", flag.ContinueOnError)
	var out outputs
	out.flags(fs)
	fs.SetOutput(io.Discard) // one line on error, not flag's message plus usage
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "pingpong merge: "+format+"\n", a...)
		return code
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, mergeUsage)
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return 0
		}
		return fail(2, "%v", err)
	}
	if fs.NArg() == 0 {
		return fail(2, "no results file: give one or more -json files")
	}
	for _, path := range fs.Args() {
		if out.json != "" && sameFile(path, out.json) {
			return fail(2, "-json %s: is one of the files to merge", out.json)
		}
	}
	if err := out.check(); err != nil {
		return fail(2, "%v", err)
	}
	var runs []*results.Run
	for _, path := range fs.Args() {
		run, err := readResults(path)
		if err != nil {
			return fail(2, "%v", err)
		}
		runs = append(runs, run)
	}
	run, err := report.Merge(runs...)
	if err != nil {
		return fail(2, "%v", err)
	}
	console := stdout
	if out.benchToStdout() {
		console = stderr
	}
	if err := report.WriteConsole(console, run); err != nil {
		return fail(1, "writing the console report: %v", err)
	}
	if err := out.write(run, stdout); err != nil {
		return fail(1, "%v", err)
	}
	return 0
}
