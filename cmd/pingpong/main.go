// Command pingpong is a Go scheduler-responsiveness load tester for JSON
// codecs. This file turns flags into a config and reports; the measuring is
// in package pingpong.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"go.uber.org/automaxprocs/maxprocs"

	"pingpong/datasets"
	"pingpong/pingpong"
	"pingpong/report"
	"pingpong/results"
)

func main() {
	if os.Getenv(pingpong.WorkerEnv) == "1" {
		os.Exit(worker())
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// usageError is bad input from the user: one line on stderr, exit 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

type options struct {
	inputs   string
	impls    string
	levels   string
	duration time.Duration
	warmup   time.Duration
	sweep    sweepFlags // -procs, -gogc, -memlimit
	seed     int64
	list     bool
	isolate  bool
	probe    time.Duration
	mode     string
	version  bool
	count    int
	out      outputs
	target   string
	rate     rateFlag
}

func parseFlags(args []string, stderr io.Writer) (*options, error) {
	o := &options{}
	fs := flag.NewFlagSet("pingpong", flag.ContinueOnError)
	fs.StringVar(&o.inputs, "input", "citm-catalog", "inputs, comma separated: a file path, `NAME` in $PINGPONG_DATA, or a built-in corpus (see -list)")
	fs.StringVar(&o.impls, "impls", strings.Join(results.DefaultImpls, ","), "codecs to run, comma separated (see -list)")
	fs.StringVar(&o.levels, "levels", "1,N,2N", "pairs per level, comma separated: whole numbers or multiples of N = GOMAXPROCS")
	fs.DurationVar(&o.duration, "duration", 2*time.Second, "measured window of each scenario")
	fs.DurationVar(&o.warmup, "warmup", 500*time.Millisecond, "unrecorded run before each scenario's window")
	fs.Int64Var(&o.seed, "seed", datasets.DefaultSeed, "seed of the built-in corpora")
	fs.BoolVar(&o.isolate, "isolate", true, "run each codec in a worker process of its own (fresh heap; a crash costs only its rows)")
	fs.BoolVar(&o.list, "list", false, "list codecs (with versions) and built-in inputs, then exit")
	fs.DurationVar(&o.probe, "probe", time.Millisecond, "sleep probe interval: a goroutine sleeps this long in a loop and records how late it wakes (0: off)")
	fs.StringVar(&o.mode, "mode", results.RunEncdec, "encdec (ping-pong levels), probe (idle, Nx/2Nx decode and encode probe passes) or all")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	fs.StringVar(&o.target, "target", results.TargetAny, "what decodes fill: any (map[string]any...), struct (the corpus's Go type; canada, citm-catalog, github, twitter) or both")
	fs.IntVar(&o.count, "count", 1, "run every scenario `N` times, interleaved across codecs; the console shows medians, compare tests significance from 3")
	fs.Var(&o.rate, "rate", rateUsage)
	o.out.flags(fs)
	o.sweep.flags(fs)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: pingpong [flags]\n"+
			"       pingpong compare OLD.json NEW.json       scenarios side by side, with significance\n"+
			"       pingpong report -html FILE RESULTS.json... the HTML page of saved results\n"+
			"       pingpong merge [-json|-bench|-csv|-html FILE] RESULTS.json...\n"+
			"       pingpong selfcheck [flags]                 1x p50 against a single-goroutine benchmark\n\nRuns every codec's encode/decode ping-pong at 1x, Nx and 2Nx pairs and reports latency, throughput and scheduler responsiveness.\n\nflags:\n")
		fs.PrintDefaults()
	}
	// flag prints its own error plus the whole usage; we want one line.
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fs.Usage()
			return nil, err
		}
		return nil, usageError{err}
	}
	if fs.NArg() > 0 {
		return nil, usagef("unexpected argument %q (flags come as -name value)", fs.Arg(0))
	}
	if err := checkDuration("-duration", o.duration, false); err != nil {
		return nil, err
	}
	if err := checkDuration("-warmup", o.warmup, true); err != nil {
		return nil, err
	}
	if err := checkProbe(o.probe, o.mode); err != nil {
		return nil, err
	}
	if o.count < 1 || o.count > maxCount {
		return nil, usagef("-count %d: must be 1 to %d", o.count, maxCount)
	}
	return o, nil
}

func checkDuration(name string, d time.Duration, zeroOK bool) error {
	if d < 0 || (d == 0 && !zeroOK) || d >= 24*time.Hour {
		lo := "> 0"
		if zeroOK {
			lo = ">= 0"
		}
		return usagef("%s %v: must be %s and < 24h", name, d, lo)
	}
	return nil
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "compare" {
		return runCompare(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "report" {
		return runReport(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "merge" {
		return runMerge(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "selfcheck" {
		return runSelfCheck(args[1:], stdout, stderr)
	}
	err := runErr(args, stdout, stderr)
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "pingpong: %v\n", err)
		return 2
	case errors.Is(err, errSignal):
		fmt.Fprintf(stderr, "pingpong: %v\n", err)
		var se signalError
		errors.As(err, &se)
		return 128 + int(se.sig)
	default:
		fmt.Fprintf(stderr, "pingpong: %v\n", err)
		return 1
	}
}

func runErr(args []string, stdout, stderr io.Writer) error {
	o, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	if o.version {
		_, err := fmt.Fprintf(stdout, "pingpong %s %s\n", moduleVersion(), runtime.Version())
		return err
	}
	if o.list {
		return list(stdout)
	}
	procsSource, err := setProcs(o.sweep.single())
	if err != nil {
		return err
	}
	levels, err := results.ParseLevels(o.levels, runtime.GOMAXPROCS(0))
	if err != nil {
		return usageError{err}
	}
	impls := splitList(o.impls)
	if _, err := pingpong.LookupImpls(impls); err != nil {
		return usagef("-impls: %w", err)
	}
	if why := pingpong.NeedsIsolation(impls); why != "" && !o.isolate {
		return usagef("-impls: %s: drop -isolate=false", why)
	}
	var inputs []*datasets.Input
	for _, name := range splitList(o.inputs) {
		in, err := datasets.Load(name, o.seed)
		if err != nil {
			return usagef("-input: %w", err)
		}
		inputs = append(inputs, in)
	}
	if len(inputs) == 0 {
		return usagef("-input: no input named")
	}
	if err := checkMemory(inputs, levels); err != nil {
		return err
	}

	cfg := results.Config{Impls: impls, Levels: levels, Duration: o.duration, Warmup: o.warmup, Seed: o.seed, Isolate: o.isolate}
	if cfg.Isolate {
		exe, err := os.Executable()
		if err != nil {
			return fmt.Errorf("finding this binary to start workers (try -isolate=false): %w", err)
		}
		cfg.Worker = []string{exe}
	}
	cfg.Mode, cfg.Probe = o.mode, o.probe
	cfg.Count = o.count
	if err := o.sweep.apply(&cfg, o.levels, inputs); err != nil {
		return err
	}
	cfg.Rate, cfg.RateTotal = o.rate.perSec, o.rate.total
	if err := cfg.CheckRate(); err != nil {
		return usagef("-rate: %w", err)
	}
	if cfg.Targets, err = parseTargets(o.target, inputs); err != nil {
		return err
	}
	if err := o.out.check(); err != nil {
		return err
	}
	env := pingpong.ReadEnvironment(o.sweep.source(procsSource))
	ctx, stopSignals := notifyContext()
	defer stopSignals()

	consoleOut := stdout
	if o.out.benchToStdout() {
		consoleOut = stderr
	}
	console := newConsoleReport(consoleOut, env, cfg)
	cal := calibrate(ctx, cfg, console)
	run, runErr := pingpong.Execute(ctx, cfg, env, inputs, observers{console, newProgress(stderr, scenarioCount(cfg, inputs))})
	if run != nil {
		run.Calibration = cal
	}
	if err := console.Finish(run); err != nil {
		return fmt.Errorf("writing report: %w", err)
	}
	if err := o.out.write(run, stdout); err != nil {
		return err
	}
	if cause := context.Cause(ctx); errors.Is(cause, errSignal) {
		return cause
	}
	return runErr
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// setProcs sets GOMAXPROCS and says where the value came from.
func setProcs(procs int) (string, error) {
	if procs > 0 {
		runtime.GOMAXPROCS(procs)
		return "-procs flag", nil
	}
	if os.Getenv("GOMAXPROCS") != "" {
		return "GOMAXPROCS environment variable", nil
	}
	var said string
	if _, err := maxprocs.Set(maxprocs.Logger(func(f string, a ...any) { said = fmt.Sprintf(f, a...) })); err != nil {
		return "", fmt.Errorf("reading the container CPU quota: %w", err)
	}
	// automaxprocs: "Updating GOMAXPROCS=2: determined from CPU quota".
	// Since Go 1.25 the runtime applies a cgroup limit itself too.
	if strings.Contains(said, "determined from CPU quota") || runtime.GOMAXPROCS(0) < runtime.NumCPU() {
		return "container CPU quota", nil
	}
	return "cpu count", nil
}

func list(w io.Writer) error {
	var b strings.Builder
	b.WriteString("codecs:\n")
	for _, im := range pingpong.Impls() {
		fmt.Fprintf(&b, "  %-10s %-28s %s\n", im.Name, im.Version(), im.Desc)
	}
	b.WriteString("\nbuilt-in inputs (-input NAME; a file path or $PINGPONG_DATA/NAME.json wins):\n")
	for _, bi := range datasets.Builtins() {
		fmt.Fprintf(&b, "  %-16s %10s  %s\n", bi.Name, report.Size(bi.Size), bi.Desc)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// signalError is the cause a run was cut short by.
type signalError struct{ sig syscall.Signal }

var errSignal = errors.New("interrupted")

func (e signalError) Error() string {
	return fmt.Sprintf("interrupted by %v: results so far are printed above", e.sig)
}
func (e signalError) Is(target error) bool { return target == errSignal }

// notifyContext is cancelled, with the signal as cause, on the first SIGINT
// or SIGTERM; the current window is cut short and what was measured is
// still reported. After the first, signals get their default action again,
// so a second Ctrl-C kills at once.
func notifyContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			cancel(signalError{s.(syscall.Signal)})
		case <-done:
		}
	}()
	return ctx, func() { close(done); signal.Stop(ch); cancel(nil) }
}

// checkMemory refuses, before anything runs, a level too large for this
// machine's memory on the largest input.
func checkMemory(inputs []*datasets.Input, levels []results.Level) error {
	largest := inputs[0]
	for _, in := range inputs {
		if len(in.Data) > len(largest.Data) {
			largest = in
		}
	}
	mem := pingpong.MachineMemory()
	for _, lv := range levels {
		if err := pingpong.CheckMemory(len(largest.Data), lv.Pairs, mem); err != nil {
			return usagef("-levels %s on %s: %w", lv.Spec, largest.Name, err)
		}
	}
	return nil
}
