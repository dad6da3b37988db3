package report

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// WriteCold prints `pingpong cold`: the header, a block per codec (its
// first decode and encode against the second and the steady state, their
// allocation, the stops the first calls delayed against control's, the
// warm-up), then the answer.
func WriteCold(w io.Writer, run *results.ColdRun) error {
	p := &printer{w: w}
	p.printf("cold start check: each codec's first calls, one fresh process per sample\n")
	target := run.Target
	if run.Type != "" {
		target += " (" + run.Type + ")"
	}
	p.printf("  input:       %s (%s) target: %s\n", run.Input.Name+".json", inputKind(run.Input), target)
	p.printf("  processes:   %d per codec; steady: the median of %d calls after the second; %s\n",
		run.Processes, run.Steady, probeWords(run.STW, run.Probe))
	p.printf("  machine:     %d cores, GOMAXPROCS=%d; %s\n", run.Env.Cores, run.Env.GOMAXPROCS, FreshPagesWords(run.FreshPages))
	p.printf("  times start just before each call (a process's own start-up is left out); median (range) over the processes\n")
	control := referenceOf(run)
	for _, c := range run.Codecs {
		coldBlock(p, c, control)
	}
	p.printf("\n")
	for _, l := range verdict.ColdAnswer(run) {
		p.printf("%s\n", l)
	}
	return p.err
}

// printer is an io.Writer that keeps its first error.
type printer struct {
	w   io.Writer
	err error
}

func (p *printer) printf(f string, a ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, f, a...)
	}
}

func probeWords(stw, sleep time.Duration) string {
	s := "no stop-the-world probe"
	if stw > 0 {
		s = "a stop of the world forced every " + format.Duration(stw)
	}
	if sleep > 0 {
		s += ", a " + format.Duration(sleep) + " sleeper"
	}
	return s + " beside each call"
}

// FreshPagesWords is the header's fresh-page figure: a copy into fresh
// pages against touched ones, per MB.
func FreshPagesWords(fp *results.FreshPages) string {
	switch {
	case fp == nil:
		return "fresh pages not measured"
	case fp.Err != "":
		return "fresh pages: " + fp.Err
	}
	s := fmt.Sprintf("fresh pages %s/MB, touched %s/MB (a %dMB copy", format.Duration(fp.Fresh), format.Duration(fp.Touched), fp.MB)
	if fp.Touched > 0 {
		s += fmt.Sprintf(", %.1fx", float64(fp.Fresh)/float64(fp.Touched))
	}
	if fp.Note != "" {
		s += "; " + fp.Note
	}
	return s + ")"
}

func referenceOf(run *results.ColdRun) *results.ColdCodec {
	for i, c := range run.Codecs {
		if c.Name == results.Control {
			return &run.Codecs[i]
		}
	}
	return nil
}

// coldBlock is one codec's block:
//
//	[sonic] github.com/bytedance/sonic v1.14.1
//	  decode  first 9.8ms (9.2-12.0ms)  second 2.1ms  steady 1.9ms  5.2x  first alloc 1.20MB 3.4k objects (steady 0.90MB)
//	  encode  first 3.1ms (2.9-4.7ms)  second 100us  steady 60us  52x  first alloc 1.8MB 12 objects (steady 1.7MB)
//	  stops   beside the first decode: 9 (8-12), longest 4.1ms (control 120us), sum 12.0ms (control 300us)
//	  warm-up sonic.Pretouch 12.0ms (11.0-14.0ms); then first decode 210us (1.1x steady), first encode 70us (1.2x)
func coldBlock(p *printer, c results.ColdCodec, control *results.ColdCodec) {
	p.printf("\n[%s] %s\n", c.Name, c.Version)
	if err := results.FirstErr(c.Samples); err != "" {
		p.printf("  ! %d of %d processes failed, the first: %s\n", failed(c.Samples), len(c.Samples), clip(err, 100))
	}
	if n := len(c.Samples) - failed(c.Samples); n == 0 {
		return
	}
	for _, what := range results.ColdCalls {
		callLine(p, what, c.Samples)
	}
	if c.Reference {
		p.printf("  (the reference: a preemptible loop as long as encoding/json's steady call; its stops are what a call that freezes nothing costs)\n")
	}
	if c.Reference {
		control = nil
	}
	for _, what := range results.ColdCalls {
		stopsLine(p, what, c.Samples, control)
	}
	if !c.Reference {
		p.printf("  warm-up %s\n", warmWords(c))
	}
}

func failed(samples []results.ColdSample) int {
	n := 0
	for _, s := range samples {
		if s.Err != "" {
			n++
		}
	}
	return n
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

func callLine(p *printer, what string, samples []results.ColdSample) {
	of := func(f func(s results.ColdSample) time.Duration) results.Spread { return results.SpreadOf(samples, f) }
	first, steady := of(results.FirstTime(what)), of(results.SteadyTime(what))
	second := of(func(s results.ColdSample) time.Duration { return s.Second(what) })
	// SpreadOf takes durations; a count of bytes or objects goes through one as it is
	bytes := of(func(s results.ColdSample) time.Duration { return time.Duration(s.First(what).Bytes) })
	objects := of(func(s results.ColdSample) time.Duration { return time.Duration(s.First(what).Allocs) })
	steadyBytes := of(func(s results.ColdSample) time.Duration { return time.Duration(s.Steady(what).Bytes) })
	p.printf("  %s  first %s (%s)  second %s  steady %s  %s  first alloc %s %s objects (steady %s)\n", what,
		format.Duration(first.Median), spreadRange(first), format.Duration(second.Median), format.Duration(steady.Median),
		verdict.ColdRatio(first.Median, steady.Median), format.Size(float64(bytes.Median)), count(int64(objects.Median)),
		format.Size(float64(steadyBytes.Median)))
}

func spreadRange(s results.Spread) string {
	return format.Duration(s.Min) + "-" + format.Duration(s.Max)
}

func count(n int64) string {
	if n < 1000 {
		return fmt.Sprint(n)
	}
	return strings.TrimSuffix(format.Size(float64(n)), "B")
}

func stopsLine(p *printer, what string, samples []results.ColdSample, control *results.ColdCodec) {
	f := func(s results.ColdSample) results.ColdStops { return s.First(what).Stops }
	n := results.SpreadOf(samples, func(s results.ColdSample) time.Duration { return time.Duration(f(s).Count) })
	longest := results.SpreadOf(samples, func(s results.ColdSample) time.Duration { return f(s).Longest })
	sum := results.SpreadOf(samples, func(s results.ColdSample) time.Duration { return f(s).Sum })
	line := fmt.Sprintf("  stops   first %s: %d (%d-%d), longest %s (%s", what, n.Median, n.Min, n.Max,
		format.Duration(longest.Median), spreadRange(longest))
	if control != nil && len(control.Samples) > 0 {
		cl := results.SpreadOf(control.Samples, func(s results.ColdSample) time.Duration { return f(s).Longest })
		line += "; control " + format.Duration(cl.Median)
	}
	line += "), sum " + format.Duration(sum.Median)
	late := func(s results.ColdSample) time.Duration { return s.First(what).Late.Longest }
	if wakes := results.SpreadOf(samples, func(s results.ColdSample) time.Duration { return time.Duration(s.First(what).Late.Count) }); wakes.Max > 0 {
		line += "; sleeper late " + format.Duration(results.SpreadOf(samples, late).Median)
		if control != nil && len(control.Samples) > 0 {
			line += " (control " + format.Duration(results.SpreadOf(control.Samples, late).Median) + ")"
		}
	}
	p.printf("%s\n", line)
}

// warmWords says what a codec's warm-up does to its first calls:
// "sonic.Pretouch 12.0ms (11.0-14.0ms); then first decode 210us (1.1x steady), first encode 70us (1.2x)".
func warmWords(c results.ColdCodec) string {
	if c.WarmUp == "" {
		return "none: " + c.Name + " has no warm-up API"
	}
	if len(c.Warmed) == 0 {
		return c.WarmUp + " not measured (it needs a typed target, -target struct, and -warm)"
	}
	if err := results.FirstErr(c.Warmed); err != "" && failed(c.Warmed) == len(c.Warmed) {
		return c.WarmUp + " failed: " + clip(err, 100)
	}
	warm := results.SpreadOf(c.Warmed, func(s results.ColdSample) time.Duration { return s.WarmUp })
	dec, enc := results.SpreadOf(c.Warmed, results.FirstTime("decode")), results.SpreadOf(c.Warmed, results.FirstTime("encode"))
	steadyDec, steadyEnc := results.SpreadOf(c.Samples, results.SteadyTime("decode")), results.SpreadOf(c.Samples, results.SteadyTime("encode"))
	return fmt.Sprintf("%s %s (%s); then first decode %s (%s steady), first encode %s (%s)", c.WarmUp,
		format.Duration(warm.Median), spreadRange(warm), format.Duration(dec.Median), verdict.ColdRatio(dec.Median, steadyDec.Median),
		format.Duration(enc.Median), verdict.ColdRatio(enc.Median, steadyEnc.Median))
}

// freshMemoryLine is the main run's header line when its round trips ran
// on fresh memory (-fresh-memory), "" otherwise.
func freshMemoryLine(cfg results.Config) string {
	if !cfg.FreshMemory {
		return ""
	}
	return "  memory:      fresh: each pinger returned the heap to the OS after each round trip (-fresh-memory; docs/cold.md)\n"
}
