package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/cold"
	"github.com/pingpong-bench/pingpong/internal/machine"
	"github.com/pingpong-bench/pingpong/internal/outfile"
	"github.com/pingpong-bench/pingpong/internal/worker"
	"github.com/pingpong-bench/pingpong/page"
	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
)

// coldCommand is "pingpong cold". It is a subcommand, not a -mode of the
// measuring run: -mode's values are passes over the same levels, windows
// and rows (results.Result), and take every flag of the run; a cold sample
// is one fresh process timing single calls, with none of those, and its
// own result document (pingpong-cold/v1).
var coldCommand = command{
	name:     "cold",
	synopsis: "[flags]",
	summary:  "each codec's first calls on a type, in fresh processes",
	usage: `Times each codec's first decode of the input into the target and first encode of what it
decoded, in a fresh worker process per sample (its start-up left out), against the second call
and the steady state; the first call's allocation; the stops of the world it delayed, beside
control's; and, for a codec with a warm-up (sonic.Pretouch), the same after it. The header
tells the machine's cost of faulting in fresh pages. See docs/cold.md.
`,
	flags: coldFlags,
}

type coldOptions struct {
	input, impls, target, json string
	html                       string
	count, steady, freshMB     int
	stw, probe                 time.Duration
	warm, refs                 bool
	seed                       int64
}

func coldFlags(fs *flag.FlagSet) func(args []string, stdout, stderr io.Writer) error {
	o := &coldOptions{}
	defaults := slices.DeleteFunc(slices.Clone(results.DefaultCodecs), func(n string) bool { return n == results.Baseline })
	fs.StringVar(&o.input, "input", "citm-catalog", "the input: a file path, `NAME` in $PINGPONG_DATA, a built-in corpus or a shape (SHAPE:SIZE)")
	fs.StringVar(&o.impls, "impls", strings.Join(defaults, ","), "codecs to run, comma separated (see pingpong -list)")
	fs.BoolVar(&o.refs, "refs", true, "add control, the reference for the stops a first call delayed, when -impls lacks it")
	fs.StringVar(&o.target, "target", results.TargetAny, "what decodes fill: any, struct (the corpus's Go type) or a type of this build (see -list)")
	fs.IntVar(&o.count, "count", 10, "fresh processes per codec (and as many again per warm-up): the figures are their median and range")
	fs.IntVar(&o.steady, "steady", cold.DefaultSteady, "calls after the second whose median is the steady state")
	fs.DurationVar(&o.stw, "stw", cold.DefaultSTW, "stop-the-world probe interval beside each call (0: off)")
	fs.DurationVar(&o.probe, "probe", cold.DefaultProbe, "sleep probe interval beside each call: how late a sleeping goroutine woke (0: off)")
	fs.BoolVar(&o.warm, "warm", true, "also time, in fresh processes of their own, the first calls after a codec's warm-up (sonic.Pretouch; typed targets)")
	fs.IntVar(&o.freshMB, "fresh-mb", machine.FreshPagesMB, "`MB` copied into fresh and into touched pages for the header's fresh-page figure (0: off)")
	fs.StringVar(&o.json, "json", "", "write every sample to `FILE` (schema pingpong-cold/v1; - for stdout, the console then goes to stderr)")
	fs.StringVar(&o.html, "html", "", "write a page to `FILE`: each codec's first calls against its steady state, as bars, and the console")
	fs.Int64Var(&o.seed, "seed", datasets.DefaultSeed, "seed of the built-in corpora")
	return func(args []string, stdout, stderr io.Writer) error {
		if len(args) > 0 {
			return usagef("unexpected argument %q (flags come as -name value)", args[0])
		}
		switch {
		case o.count < 1:
			return usagef("-count %d: at least 1 process", o.count)
		case o.steady < 1:
			return usagef("-steady %d: at least 1 call", o.steady)
		case o.stw < 0 || o.probe < 0:
			return usagef("-stw %v -probe %v: 0 (off) or more", o.stw, o.probe)
		case o.freshMB < 0 || o.freshMB > 1024:
			return usagef("-fresh-mb %d: 0 (off) to 1024", o.freshMB)
		}
		ctx, stopSignals := notifyContext()
		defer stopSignals()
		return coldRun(ctx, o, stdout, stderr)
	}
}

// coldRun checks everything, measures, then prints and writes, also what
// was measured before a signal.
func coldRun(ctx context.Context, o *coldOptions, stdout, stderr io.Writer) error {
	names := splitList(o.impls)
	if o.refs && !slices.Contains(names, results.Control) {
		names = append(names, results.Control)
	}
	entries, err := codecs.LookupAll(names)
	if err != nil {
		return usagef("-impls: %w", err)
	}
	if strings.Contains(o.target, ",") || o.target == "both" {
		return usagef("-target %s: cold runs one target at a time", o.target)
	}
	ins, err := loadInputs(o.input, o.seed)
	if err != nil {
		return err
	}
	if len(ins) != 1 {
		return usagef("-input: cold runs one input at a time")
	}
	in := ins[0]
	if _, err := parseTargets(o.target, ins); err != nil {
		return err
	}
	for _, f := range []struct{ flag, path string }{{"-json", o.json}, {"-html", o.html}} {
		if f.path != "" && f.path != "-" {
			if err := outfile.Check(f.path); err != nil {
				return usagef("%s %s: %w", f.flag, f.path, cause(err))
			}
		}
	}
	if o.html == "-" {
		return usagef("-html -: the page goes to a file; name one")
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding this binary to start fresh processes: %w", err)
	}
	procsSource, err := setProcs(0)
	if err != nil {
		return err
	}
	run := &results.ColdRun{Env: machine.ReadEnvironment(procsSource), Input: codecs.InfoOf(in), Target: o.target,
		Processes: o.count, Steady: o.steady, STW: o.stw, Probe: o.probe}
	if t, _ := cold.TargetType(in, o.target); t != nil {
		run.Type = datasets.TypeName(t)
	}
	if o.freshMB > 0 {
		fp := machine.FreshPages(o.freshMB)
		run.FreshPages = &fp
	}
	job := cold.Job{Target: o.target, Steady: o.steady, STW: o.stw, Probe: o.probe}
	pt := results.Point{Procs: runtime.GOMAXPROCS(0)}
	for _, im := range entries {
		c := results.ColdCodec{Name: im.Name, Version: im.Version(), Reference: im.Reference}
		if im.Warm != nil {
			c.WarmUp = im.WarmName
			if c.WarmUp == "" {
				c.WarmUp = "its warm-up"
			}
		}
		run.Codecs = append(run.Codecs, c)
	}
	warmJob := job
	warmJob.Warm = true
	showProgress := terminal(stderr)
	// Rounds interleave the codecs, so that what else the machine does
	// falls on each alike.
	for round := range o.count {
		for i, im := range entries {
			if ctx.Err() != nil {
				break
			}
			if showProgress {
				fmt.Fprintf(stderr, "\r\033[K[%d/%d] %s", round+1, o.count, im.Name)
			}
			c := &run.Codecs[i]
			c.Samples = append(c.Samples, worker.ColdSample(ctx, []string{exe}, im, in, job, pt))
			if o.warm && im.Warm != nil && run.Type != "" && ctx.Err() == nil {
				c.Warmed = append(c.Warmed, worker.ColdSample(ctx, []string{exe}, im, in, warmJob, pt))
			}
		}
	}
	if showProgress {
		fmt.Fprint(stderr, "\r\033[K")
	}
	_, sig := interrupted(ctx)
	run.Interrupted = sig
	console := stdout
	if o.json == "-" {
		console = stderr
	}
	var text bytes.Buffer
	if err := report.WriteCold(&text, run); err != nil {
		return fmt.Errorf("writing report: %w", err)
	}
	if _, err := console.Write(text.Bytes()); err != nil {
		return fmt.Errorf("writing report: %w", err)
	}
	if o.html != "" {
		if err := outfile.Write(o.html, func(w io.Writer) error { return page.WriteColdHTML(w, run, text.String()) }); err != nil {
			return fmt.Errorf("-html %s: %w", o.html, err)
		}
	}
	switch o.json {
	case "":
	case "-":
		if err := results.WriteColdJSON(stdout, run); err != nil {
			return err
		}
	default:
		if err := outfile.Write(o.json, func(w io.Writer) error { return results.WriteColdJSON(w, run) }); err != nil {
			return fmt.Errorf("-json %s: %w", o.json, err)
		}
	}
	if s, ok := interrupted(ctx); ok {
		return s
	}
	return nil
}
