package report

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// WarmRemedyFactor is how close to its steady state a first call after a
// warm-up must come for the warm-up to count as its remedy: within 3x, the
// issue's bar (a first call's own cache misses stay).
const WarmRemedyFactor = 3

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
		run.Processes, run.Steady, probeWords(run.STW))
	p.printf("  machine:     %d cores, GOMAXPROCS=%d; %s\n", run.Env.Cores, run.Env.GOMAXPROCS, FreshPagesWords(run.FreshPages))
	p.printf("  times start just before each call (a process's own start-up is left out); median (range) over the processes\n")
	control := referenceOf(run)
	for _, c := range run.Codecs {
		coldBlock(p, c, control)
	}
	p.printf("\n")
	for _, l := range ColdAnswer(run) {
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

func probeWords(stw time.Duration) string {
	if stw <= 0 {
		return "no stop-the-world probe"
	}
	return "a stop of the world forced every " + format.Duration(stw) + " beside each call"
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
	callLine(p, "decode", c.Samples, func(s results.ColdSample) (results.ColdCall, time.Duration, results.ColdCall) {
		return s.Decode, s.Decode2, s.SteadyDecode
	})
	callLine(p, "encode", c.Samples, func(s results.ColdSample) (results.ColdCall, time.Duration, results.ColdCall) {
		return s.Encode, s.Encode2, s.SteadyEncode
	})
	if c.Reference {
		p.printf("  (the reference: a preemptible loop as long as encoding/json's steady call; its stops are what a call that freezes nothing costs)\n")
	}
	if c.Reference {
		control = nil
	}
	stopsLine(p, "decode", c.Samples, control, func(s results.ColdSample) results.ColdStops { return s.Decode.Stops })
	stopsLine(p, "encode", c.Samples, control, func(s results.ColdSample) results.ColdStops { return s.Encode.Stops })
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

func callLine(p *printer, what string, samples []results.ColdSample, f func(results.ColdSample) (results.ColdCall, time.Duration, results.ColdCall)) {
	first := results.SpreadOf(samples, func(s results.ColdSample) time.Duration { c, _, _ := f(s); return c.Time })
	second := results.SpreadOf(samples, func(s results.ColdSample) time.Duration { _, d, _ := f(s); return d })
	steady := results.SpreadOf(samples, func(s results.ColdSample) time.Duration { _, _, c := f(s); return c.Time })
	bytes := results.SpreadOf(samples, func(s results.ColdSample) time.Duration { c, _, _ := f(s); return time.Duration(c.Bytes) })
	objects := results.SpreadOf(samples, func(s results.ColdSample) time.Duration { c, _, _ := f(s); return time.Duration(c.Allocs) })
	steadyBytes := results.SpreadOf(samples, func(s results.ColdSample) time.Duration { _, _, c := f(s); return time.Duration(c.Bytes) })
	p.printf("  %s  first %s (%s)  second %s  steady %s  %s  first alloc %s %s objects (steady %s)\n", what,
		format.Duration(first.Median), spreadRange(first), format.Duration(second.Median), format.Duration(steady.Median),
		ratio(first.Median, steady.Median), format.Size(float64(bytes.Median)), count(int64(objects.Median)), format.Size(float64(steadyBytes.Median)))
}

func spreadRange(s results.Spread) string {
	return format.Duration(s.Min) + "-" + format.Duration(s.Max)
}

// ratio is a first call against the steady state, "5.2x".
func ratio(first, steady time.Duration) string {
	if steady <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1fx", float64(first)/float64(steady))
}

func count(n int64) string {
	if n < 1000 {
		return fmt.Sprint(n)
	}
	return strings.TrimSuffix(format.Size(float64(n)), "B")
}

func stopsLine(p *printer, what string, samples []results.ColdSample, control *results.ColdCodec, f func(results.ColdSample) results.ColdStops) {
	n := results.SpreadOf(samples, func(s results.ColdSample) time.Duration { return time.Duration(f(s).Count) })
	longest := results.SpreadOf(samples, func(s results.ColdSample) time.Duration { return f(s).Longest })
	sum := results.SpreadOf(samples, func(s results.ColdSample) time.Duration { return f(s).Sum })
	line := fmt.Sprintf("  stops beside the first %s: %d (%d-%d), longest %s (%s)", what, n.Median, n.Min, n.Max,
		format.Duration(longest.Median), spreadRange(longest))
	if control != nil && len(control.Samples) > 0 {
		cl := results.SpreadOf(control.Samples, func(s results.ColdSample) time.Duration { return f(s).Longest })
		line += fmt.Sprintf(" against control's %s", format.Duration(cl.Median))
	}
	line += ", sum " + format.Duration(sum.Median)
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
	dec := results.SpreadOf(c.Warmed, func(s results.ColdSample) time.Duration { return s.Decode.Time })
	enc := results.SpreadOf(c.Warmed, func(s results.ColdSample) time.Duration { return s.Encode.Time })
	steadyDec := results.SpreadOf(c.Samples, func(s results.ColdSample) time.Duration { return s.SteadyDecode.Time })
	steadyEnc := results.SpreadOf(c.Samples, func(s results.ColdSample) time.Duration { return s.SteadyEncode.Time })
	return fmt.Sprintf("%s %s (%s); then first decode %s (%s steady), first encode %s (%s)", c.WarmUp,
		format.Duration(warm.Median), spreadRange(warm), format.Duration(dec.Median), ratio(dec.Median, steadyDec.Median),
		format.Duration(enc.Median), ratio(enc.Median, steadyEnc.Median))
}

// ColdAnswer is the run's answer: the slowest first call, the first call
// furthest above its own steady state, and whether a warm-up remedies it
// (its first call after the warm-up within WarmRemedyFactor of steady).
func ColdAnswer(run *results.ColdRun) []string {
	type call struct {
		codec         results.ColdCodec
		what          string
		first, steady time.Duration
	}
	var slowest, coldest *call
	for _, c := range run.Codecs {
		if c.Reference {
			continue
		}
		for _, what := range []string{"decode", "encode"} {
			f := func(s results.ColdSample) time.Duration { return s.Decode.Time }
			st := func(s results.ColdSample) time.Duration { return s.SteadyDecode.Time }
			if what == "encode" {
				f = func(s results.ColdSample) time.Duration { return s.Encode.Time }
				st = func(s results.ColdSample) time.Duration { return s.SteadyEncode.Time }
			}
			first, steady := results.SpreadOf(c.Samples, f), results.SpreadOf(c.Samples, st)
			if first.N == 0 {
				continue
			}
			k := &call{c, what, first.Median, steady.Median}
			if slowest == nil || k.first > slowest.first {
				slowest = k
			}
			if coldest == nil || k.first-k.steady > coldest.first-coldest.steady {
				coldest = k
			}
		}
	}
	out := []string{"answer: the slowest first call, and the one furthest above its steady state:"}
	if slowest == nil {
		return append(out, "  no codec completed a first call")
	}
	out = append(out, fmt.Sprintf("  slowest first call: %s first %s %s (%s its steady %s)", slowest.codec.Name, slowest.what,
		format.Duration(slowest.first), ratio(slowest.first, slowest.steady), format.Duration(slowest.steady)))
	line := fmt.Sprintf("  coldest: %s first %s %s, %s over its steady %s", coldest.codec.Name, coldest.what,
		format.Duration(coldest.first), format.Duration(coldest.first-coldest.steady), format.Duration(coldest.steady))
	return append(out, line+"; "+remedyWords(coldest.codec, coldest.what, coldest.steady))
}

// remedyWords says whether c's warm-up brings its first call of what
// within WarmRemedyFactor of steady.
func remedyWords(c results.ColdCodec, what string, steady time.Duration) string {
	switch {
	case c.WarmUp == "":
		return "it has no warm-up API"
	case len(c.Warmed) == 0:
		return c.WarmUp + " not measured"
	}
	warm := results.SpreadOf(c.Warmed, func(s results.ColdSample) time.Duration { return s.WarmUp })
	first := results.SpreadOf(c.Warmed, func(s results.ColdSample) time.Duration {
		if what == "encode" {
			return s.Encode.Time
		}
		return s.Decode.Time
	})
	if first.N == 0 {
		return c.WarmUp + " failed"
	}
	verb := "remedies it"
	if first.Median > WarmRemedyFactor*steady {
		verb = fmt.Sprintf("does not remedy it (over %dx steady)", WarmRemedyFactor)
	}
	return fmt.Sprintf("after %s (%s) %s: %s", c.WarmUp, format.Duration(warm.Median), format.Duration(first.Median), verb)
}

// freshMemoryLine is the main run's header line when its round trips ran
// on fresh memory (-fresh-memory), "" otherwise.
func freshMemoryLine(cfg results.Config) string {
	if !cfg.FreshMemory {
		return ""
	}
	return "  memory:      fresh: each pinger returned the heap to the OS after each round trip (-fresh-memory; docs/cold.md)\n"
}
