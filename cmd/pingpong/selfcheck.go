package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"pingpong/datasets"
	"pingpong/pingpong"
	"pingpong/report"
	"pingpong/results"
)

const selfCheckUsage = `usage: pingpong selfcheck [flags]

Checks that the harness measures the codec and not itself: for each codec and input, the 1x
encdec p50 against one decode plus one encode of the same bytes timed on one goroutine by
testing.Benchmark (their ratio; more than 15% apart is flagged with the likely cause), and
the run-to-run spread of p50 and throughput over -count repeats.

flags:
`

// runSelfCheck is "pingpong selfcheck": exit 0 whatever the verdicts (a
// flagged codec is a finding), 2 for bad flags, 1 if it could not run.
func runSelfCheck(args []string, stdout, stderr io.Writer) int {
	err := selfCheck(args, stdout, stderr)
	var ue usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "pingpong selfcheck: %v\n", err)
		return 2
	default:
		fmt.Fprintf(stderr, "pingpong selfcheck: %v\n", err)
		return 1
	}
}

func selfCheck(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("pingpong selfcheck", flag.ContinueOnError)
	impls := fs.String("impls", strings.Join(results.DefaultImpls, ","), "codecs to check, comma separated")
	inputs := fs.String("input", "citm-catalog", "inputs, comma separated: a file path, `NAME` in $PINGPONG_DATA, or a built-in corpus")
	count := fs.Int("count", 3, "repeats of every measurement, for the run-to-run spread")
	duration := fs.Duration("duration", time.Second, "each encdec window, and about each benchmark's time")
	fs.SetOutput(io.Discard) // one line on error, not flag's message plus usage
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprint(stderr, selfCheckUsage)
			fs.PrintDefaults()
			return err
		}
		return usageError{err}
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q (flags come as -name value)", fs.Arg(0))
	}
	if err := checkDuration("-duration", *duration, false); err != nil {
		return err
	}
	if *count < 1 || *count > maxCount {
		return usagef("-count %d: must be 1 to %d", *count, maxCount)
	}
	cfg := results.SelfCheckConfig{Impls: splitList(*impls), Count: *count, Duration: *duration, Warmup: *duration / 4}
	if _, err := pingpong.LookupImpls(cfg.Impls); err != nil {
		return usagef("-impls: %w", err)
	}
	var ins []*datasets.Input
	for _, name := range splitList(*inputs) {
		in, err := datasets.Load(name, datasets.DefaultSeed)
		if err != nil {
			return usagef("-input: %w", err)
		}
		ins = append(ins, in)
	}
	if len(ins) == 0 {
		return usagef("-input: no input named")
	}
	procsSource, err := setProcs(0)
	if err != nil {
		return err
	}
	ctx, stopSignals := notifyContext()
	defer stopSignals()
	run, err := pingpong.SelfCheck(ctx, cfg, pingpong.ReadEnvironment(procsSource), ins, nil)
	if run != nil {
		if werr := report.WriteSelfCheck(stdout, run); werr != nil {
			return fmt.Errorf("writing the self-check: %w", werr)
		}
	}
	if err != nil {
		if cause := context.Cause(ctx); cause != nil {
			return cause
		}
		return err
	}
	return nil
}
