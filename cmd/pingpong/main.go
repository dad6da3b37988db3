// Command pingpong is a Go scheduler-responsiveness load tester for JSON
// codecs. This file turns flags into a config and reports; the measuring is
// in package pingpong.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"go.uber.org/automaxprocs/maxprocs"

	"github.com/pingpong-bench/pingpong/compare"
	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/machine"
	"github.com/pingpong-bench/pingpong/internal/plan"
	"github.com/pingpong-bench/pingpong/internal/worker"
	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

func main() {
	if os.Getenv(worker.Env) == "1" {
		os.Exit(serveWorker())
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// measureCommand is pingpong itself: measure, print, write the files.
var measureCommand = command{
	synopsis: "[flags]",
	usage:    "Runs every codec's encode/decode ping-pong at 1x, Nx and 2Nx pairs and reports latency, throughput and scheduler responsiveness.\n",
	flags:    measureFlags,
}

type options struct {
	inputs   string
	codecs   string
	levels   string
	duration time.Duration
	warmup   time.Duration
	slice    time.Duration
	until    untilFlag
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
	stw      time.Duration
	stall    stallFlag
	culprits bool
	traceDir string
	interval time.Duration
	hlogDir  string
	batch    batchFlag
	verbose  bool
	refs     bool // the references come along (-refs)
	builds   buildsFlag
	// the verdict's bars: points of the window, and a long stop
	frozenBar float64
	longStop  time.Duration
	budget    time.Duration
	// the heap returned to the OS between round trips (-fresh-memory)
	freshMemory bool
}

func measureFlags(fs *flag.FlagSet) func(args []string, stdout, stderr io.Writer) error {
	o := &options{}
	fs.StringVar(&o.inputs, "input", "citm-catalog", "inputs, comma separated: - (stdin), a file path (at most 1 GB is read), `NAME` in $PINGPONG_DATA, a built-in corpus, a shape as SHAPE:SIZE (long-string:16MB, escaped-string:4MB, deep:1000, small-doc; see -list), or a document grown to a size as grow:SOURCE:SIZE (grow:twitter:4MB); several sizes of one shape add a by-size summary and each codec's safe size (-budget); SHAPE:MIN..MAX alone searches for it (long-string:1MB..64MB)")
	fs.StringVar(&o.codecs, "impls", strings.Join(results.DefaultCodecs, ","), "codecs to run, comma separated (see -list); the references come along (-refs)")
	fs.BoolVar(&o.refs, "refs", true, "add the references the verdict judges codecs against (control, baseline) to -impls when they are missing; -refs=false runs only the codecs named")
	fs.StringVar(&o.levels, "levels", plan.DefaultLevels, "pairs per level, comma separated: whole numbers or multiples of N = GOMAXPROCS")
	fs.DurationVar(&o.duration, "duration", plan.DefaultDuration, "measured window of each scenario")
	fs.DurationVar(&o.warmup, "warmup", plan.DefaultWarmup, "unrecorded run before each scenario's window; a closed-loop level's lasts until every pair has also done 2 round trips, at most 10x this")
	fs.DurationVar(&o.slice, "slice", plan.DefaultSlice, "the codecs of a level take turns of this long in its window, so that what else the machine does falls on each alike (0: each codec's window whole, one after the other)")
	fs.Var(&o.until, "until", untilUsage)
	fs.Int64Var(&o.seed, "seed", datasets.DefaultSeed, "seed of the built-in corpora")
	fs.BoolVar(&o.isolate, "isolate", true, "run each codec in a worker process of its own (fresh heap; a crash costs only its rows)")
	fs.BoolVar(&o.list, "list", false, "list codecs (with versions), built-in inputs, shapes and the build's own types, then exit; with -json, as JSON (schema pingpong-list/v1)")
	fs.DurationVar(&o.probe, "probe", plan.DefaultProbe, "sleep probe interval: a goroutine sleeps this long in a loop and records how late it wakes (0: off)")
	fs.StringVar(&o.mode, "mode", results.RunEncdec, "encdec (ping-pong levels), probe (idle, Nx/2Nx decode and encode probe passes) or all")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	fs.StringVar(&o.target, "target", results.TargetAny, "what decodes fill: any (map[string]any...), struct (the corpus's Go type; canada, citm-catalog, github, twitter), both, or a type of this build (see -list; bench_scheduling.sh --type); a comma list takes any and one typed target")
	fs.IntVar(&o.count, "count", 1, fmt.Sprintf("run every scenario `N` times, interleaved across codecs; the console shows medians, compare tests significance from %d a side (5 is the useful least)", compare.RepeatsToTest))
	fs.Var(&o.rate, "rate", rateUsage)
	fs.DurationVar(&o.stw, "stw", plan.DefaultSTW, "stop-the-world probe interval: force a stop of the world (runtime.ReadMemStats) this often and record how long each takes to begin (0: off)")
	fs.Var(&o.stall, "stall", "a stop, probe wake or round trip of at least `DURATION` is a stall, whose culprit a row names (default: 10ms or 10x the idle pass's stw.p99, whichever is larger)")
	fs.Float64Var(&o.frozenBar, "frozen-bar", 100*verdict.FrozenPoints, "the verdict's bar, in `POINTS` of the window: a codec stands out when, beyond doubt, it froze the program this much more of the window than the reference did (or 10% more of its stops waited over -long-stop)")
	fs.DurationVar(&o.longStop, "long-stop", verdict.LongStop, "the verdict's other bar: a stop that waited longer than this to begin is a long one")
	fs.BoolVar(&o.culprits, "culprits", false, "run the runtime's flight recorder through each window and name what the worst stop of the world waited on (costs 8-60% of throughput, so off by default)")
	fs.Var(&o.batch, "batch", batchUsage)
	fs.StringVar(&o.traceDir, "trace", "", "keep each window's flight-recorder snapshot in `DIR` (opens with go tool trace); implies -culprits")
	fs.DurationVar(&o.interval, "interval", plan.DefaultInterval, "each closed-loop window over time, in -json: per interval this long, the round trips completed, the longest of them and the longest stop of the world (0: off)")
	fs.StringVar(&o.hlogDir, "hlog", "", "write an HdrHistogram interval log per scenario into `DIR`, one interval per -interval: round trips untagged, stops tagged stw, probe wakes tagged probe")
	fs.BoolVar(&o.verbose, "v", false, "print every figure: a second line under each row (stops, split, gc, allocation, cpu, noise), and why a row names no culprit")
	fs.DurationVar(&o.budget, "budget", verdict.DefaultBudget, budgetUsage)
	fs.BoolVar(&o.freshMemory, "fresh-memory", false, "after each round trip each pinger returns the heap to the OS (debug.FreeOSMemory, untimed): copies fault in fresh pages (docs/cold.md)")
	o.out.flags(fs)
	o.sweep.flags(fs)
	o.builds.flags(fs)
	return func(args []string, stdout, stderr io.Writer) error {
		if len(args) > 0 {
			return usagef("unexpected argument %q (flags come as -name value)", args[0])
		}
		if err := o.check(); err != nil {
			return err
		}
		return measure(o, stdout, stderr)
	}
}

// config is the run's configuration as the flags give it; measure adds
// what it reads and works out (levels, codecs, builds, directories).
func (o *options) config() results.Config {
	return results.Config{Duration: o.duration, Warmup: o.warmup, Slice: o.slice, Until: o.until.settled(o.duration), Seed: o.seed, Count: o.count,
		Mode: o.mode, Probe: o.probe, STW: o.stw, Stall: o.stall.d, Culprits: o.culprits || o.traceDir != "",
		FrozenBar: o.frozenBar / 100, LongStop: o.longStop, Interval: o.interval, HlogDir: o.hlogDir, Rate: o.rate.perSec, RateTotal: o.rate.total,
		Isolate: o.isolate, Batches: o.batch.batches(), Budget: o.budget, FreshMemory: o.freshMemory}
}

// check refuses out-of-range values that the flag package cannot, by the
// run's own rules (plan.CheckFlags).
func (o *options) check() error {
	if err := plan.CheckFlags(o.config(), "duration", "warmup", "slice", "until", "probe", "mode", "frozen-bar", "long-stop", "stw", "interval", "hlog", "count", "budget"); err != nil {
		return usageError{err}
	}
	return nil
}

// measure is the run: everything is checked before anything is measured;
// then the console report streams, and the files are written at the end,
// also after an interrupt.
func measure(o *options, stdout, stderr io.Writer) error {
	if o.version {
		_, err := fmt.Fprintf(stdout, "pingpong %s %s\n", moduleVersion(), runtime.Version())
		return err
	}
	if o.list {
		return list(stdout, o.out.json, o.seed)
	}
	procsSource, err := setProcs(o.sweep.single())
	if err != nil {
		return err
	}
	levels, err := parseLevels(o.levels, runtime.GOMAXPROCS(0))
	if err != nil {
		return usageError{err}
	}
	names := splitList(o.codecs)
	if len(o.builds) == 0 && o.stw > 0 && o.mode != results.RunProbe && o.refs {
		names = plan.WithReferences(names)
	}
	builds, err := checkCodecs(o, names)
	if err != nil {
		return err
	}
	search, err := parseSearch(o.inputs, o.seed)
	if err != nil {
		return err
	}
	var inputs []*datasets.Input
	if search != nil {
		inputs, err = search.loadEnds()
	} else {
		inputs, err = loadInputs(o.inputs, o.seed)
	}
	if err != nil {
		return err
	}
	if err := checkMemory(inputs, levels, o.batch.largest()); err != nil {
		return err
	}

	cfg := o.config()
	cfg.Codecs, cfg.Levels, cfg.Builds = names, levels, builds
	if cfg.Isolate {
		exe, err := os.Executable()
		if err != nil {
			return fmt.Errorf("finding this binary to start workers (try -isolate=false): %w", err)
		}
		cfg.Worker = []string{exe}
	}
	if o.traceDir != "" {
		if cfg.TraceDir, err = outputDir("-trace", o.traceDir); err != nil {
			return err
		}
	}
	if o.hlogDir != "" {
		if cfg.HlogDir, err = outputDir("-hlog", o.hlogDir); err != nil {
			return err
		}
	}
	if err := o.sweep.apply(&cfg, o.levels, inputs, o.batch.largest()); err != nil {
		return err
	}
	if err := plan.CheckFlags(cfg, "rate"); err != nil {
		return usageError{err}
	}
	if cfg.FreshMemory && cfg.Rate > 0 {
		return usagef("-fresh-memory runs closed-loop levels only: drop -rate")
	}
	if cfg.Targets, err = parseTargets(o.target, inputs); err != nil {
		return err
	}
	if err := o.out.check(); err != nil {
		return err
	}
	if search != nil {
		if err := search.check(cfg); err != nil {
			return err
		}
	}
	env := machine.ReadEnvironment(o.sweep.source(procsSource))
	ctx, stopSignals := notifyContext()
	defer stopSignals()

	consoleOut := stdout
	if o.out.toStdout() {
		consoleOut = stderr
	}
	console := newConsoleReport(consoleOut, env, cfg, report.ConsoleOptions{Verbose: o.verbose})
	obs := observers{console, newProgress(stderr)}
	var run *results.Run
	var runErr error
	narrowed := ""
	if search != nil {
		run, narrowed, runErr = search.run(ctx, cfg, env, obs)
	} else {
		run, runErr = plan.Execute(ctx, cfg, env, inputs, obs)
	}
	if err := console.Finish(run, narrowed); err != nil {
		return fmt.Errorf("writing report: %w", err)
	}
	// A run interrupted before its first scenario writes nothing: a
	// previous file is worth more than an empty one.
	if measuredAny(run) {
		if err := o.out.write(run, stdout); err != nil {
			return err
		}
	}
	if sig, ok := interrupted(ctx); ok {
		sig.early = !measuredAny(run)
		return sig
	}
	if runErr != nil {
		return runErr
	}
	return scenarioErrors(run)
}

// measuredAny says whether run holds a scenario, even one that ended in
// error or was cut short.
func measuredAny(run *results.Run) bool { return run != nil && len(run.Results) > 0 }

// failedScenarios says that scenarios of a run ended in error. Their rows
// say how, and every output holds them; the exit status says so to
// scripts.
type failedScenarios struct {
	n, of int
	first results.Result
}

func (e failedScenarios) Error() string {
	return fmt.Sprintf("%d of %d scenarios ended in error, the first %s: %s", e.n, e.of, e.first.Name(), e.first.Err)
}

// scenarioErrors is a failedScenarios if any of run's scenarios, the idle
// pass included, ended in error.
func scenarioErrors(run *results.Run) error {
	if run == nil {
		return nil
	}
	all := run.Results
	if run.Idle != nil {
		all = append([]results.Result{*run.Idle}, all...)
	}
	var e failedScenarios
	for _, r := range all {
		if r.Err != "" {
			if e.n == 0 {
				e.first = r
			}
			e.n++
		}
	}
	if e.n == 0 {
		return nil
	}
	e.of = len(all)
	return e
}

// loadInputs reads -input: each name as datasets.Load finds it. Inputs are
// told apart by name, so two of one name (a/x.json and b/x.json) are
// refused: they would run as one.
func loadInputs(names string, seed int64) ([]*datasets.Input, error) {
	var inputs []*datasets.Input
	given := map[string]string{} // Input.Name -> the -input name it came from
	for _, name := range splitList(names) {
		in, err := datasets.Load(name, seed)
		if err != nil {
			return nil, usagef("-input: %w", err)
		}
		if other, dup := given[in.Name]; dup {
			return nil, usagef("-input: %s and %s are both the input named %q: give it once, or rename a file", other, name, in.Name)
		}
		given[in.Name] = name
		inputs = append(inputs, in)
	}
	if len(inputs) == 0 {
		return nil, usagef("-input: no input named")
	}
	return inputs, nil
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

func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// checkMemory is plan.CheckMemory in the words of the flags to change.
func checkMemory(inputs []*datasets.Input, levels []results.Level, batch int) error {
	var me *plan.MemoryError
	switch err := plan.CheckMemory(inputs, levels, batch); {
	case errors.As(err, &me) && me.Batch > 0:
		return usagef("-batch %d on %s: %w; at most %d fit at %d pairs: %s", me.Batch, me.Input, me.Err, me.Fits, me.Level.Pairs, batchForm)
	case errors.As(err, &me):
		return usagef("-levels %s on %s: %w", me.Level.Spec, me.Input, me.Err)
	default:
		return err
	}
}
