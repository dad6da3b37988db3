package main

import (
	"io"

	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
)

// consoleReport is the console report as the run needs it: streamed row by
// row as scenarios finish, or, with -count above 1, printed once at the
// end, since a row is then the median of repeats that are interleaved
// across the whole run.
type consoleReport struct {
	stream *report.Console // nil when printed at the end
	w      io.Writer
	opts   report.ConsoleOptions
}

func newConsoleReport(w io.Writer, env results.Environment, cfg results.Config, opts report.ConsoleOptions) *consoleReport {
	c := &consoleReport{w: w, opts: opts}
	if cfg.Repeats() == 1 {
		c.stream = report.NewConsole(w, env, cfg, opts)
	}
	return c
}

func (c *consoleReport) Input(in results.InputInfo, infos []results.CodecInfo) {
	if c.stream != nil {
		c.stream.Input(in, infos)
	}
}

func (c *consoleReport) Result(r results.Result) {
	if c.stream == nil {
		return
	}
	c.stream.Result(r)
}

// Started gives the streaming console the harness floor for its header,
// which it prints at the first input.
func (c *consoleReport) Started(cal *results.Calibration, _ int) {
	if c.stream != nil {
		c.stream.SetCalibration(cal)
	}
}

func (c *consoleReport) Settled(cfg results.Config) {
	if c.stream != nil {
		c.stream.Settled(cfg)
	}
}

// Finish ends the report; run is what Execute returned (nil if nothing
// ran), tail what a search says of how it narrowed, printed before the
// answer that ends the console.
func (c *consoleReport) Finish(run *results.Run, tail string) error {
	if c.stream != nil {
		return c.stream.FinishWith(tail)
	}
	if run == nil {
		_, err := io.WriteString(c.w, tail)
		return err
	}
	return report.WriteConsoleWith(c.w, run, c.opts, tail)
}
