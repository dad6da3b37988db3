package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/load"
	"github.com/pingpong-bench/pingpong/internal/machine"
	"github.com/pingpong-bench/pingpong/internal/plan"
	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// selfCheckCommand is "pingpong selfcheck": exit 0 whatever the verdicts (a
// flagged codec is a finding), 2 for bad flags, 130 when interrupted, 1 if
// it could not run.
var selfCheckCommand = command{
	name:     "selfcheck",
	synopsis: "[flags]",
	summary:  "1x p50 against a single-goroutine timed loop",
	usage: `Checks that the harness measures the codec and not itself: for each codec and input, the 1x
encdec p50 against one decode plus one encode of the same bytes timed in a loop on one
goroutine (their ratio; more than 15% apart is flagged with the likely cause), and the
run-to-run spread of p50 and throughput over -count repeats.
`,
	flags: selfCheckFlags,
}

func selfCheckFlags(fs *flag.FlagSet) func(args []string, stdout, stderr io.Writer) error {
	codecList := fs.String("impls", strings.Join(results.DefaultCodecs, ","), "codecs to check, comma separated")
	inputs := fs.String("input", "citm-catalog", "inputs, comma separated: a file path, `NAME` in $PINGPONG_DATA, or a built-in corpus")
	count := fs.Int("count", 3, "repeats of every measurement, for the run-to-run spread")
	duration := fs.Duration("duration", time.Second, "each encdec window, and about each timed loop's")
	return func(args []string, stdout, _ io.Writer) error {
		if len(args) > 0 {
			return usagef("unexpected argument %q (flags come as -name value)", args[0])
		}
		if err := plan.CheckFlags(results.Config{Duration: *duration, Count: *count}, "duration", "count"); err != nil {
			return usageError{err}
		}
		cfg := results.SelfCheckConfig{Codecs: splitList(*codecList), Count: *count, Duration: *duration, Warmup: *duration / 4}
		ctx, stopSignals := notifyContext()
		defer stopSignals()
		return selfCheck(ctx, cfg, *inputs, stdout)
	}
}

// selfCheck runs the self-check and prints it, also when ctx is cancelled
// by a signal, which it then returns.
func selfCheck(ctx context.Context, cfg results.SelfCheckConfig, inputNames string, stdout io.Writer) error {
	if _, err := codecs.LookupAll(cfg.Codecs); err != nil {
		return usagef("-impls: %w", err)
	}
	ins, err := loadInputs(inputNames, datasets.DefaultSeed)
	if err != nil {
		return err
	}
	procsSource, err := setProcs(0)
	if err != nil {
		return err
	}
	run, err := load.SelfCheck(ctx, cfg, machine.ReadEnvironment(procsSource), ins, nil)
	if run != nil && err == nil {
		verdict.AssessSelfCheck(run) // a run cut short is printed as measured
	}
	if run != nil {
		if werr := report.WriteSelfCheck(stdout, run); werr != nil {
			return fmt.Errorf("writing the self-check: %w", werr)
		}
	}
	if sig, ok := interrupted(ctx); ok {
		return sig
	}
	return err
}
