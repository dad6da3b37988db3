package main

import (
	"fmt"
	"io"
	"os"

	"github.com/pingpong-bench/pingpong/internal/plan"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// observers fans a run's events out to several reports.
type observers []plan.Observer

func (obs observers) Input(in results.InputInfo, infos []results.CodecInfo) {
	for _, o := range obs {
		o.Input(in, infos)
	}
}

func (obs observers) Result(r results.Result) {
	for _, o := range obs {
		o.Result(r)
	}
}

// More is the verdict's word on a level's turns so far (plan.Judge): the
// codecs it cannot yet tell for want of samples take more turns.
func (obs observers) More(cfg results.Config, sofar []results.Result) []bool {
	return verdict.More(cfg, sofar)
}

func (obs observers) Started(cal *results.Calibration, scenarios int) {
	for _, o := range obs {
		if so, ok := o.(plan.StartObserver); ok {
			so.Started(cal, scenarios)
		}
	}
}

func (obs observers) Settled(cfg results.Config) {
	for _, o := range obs {
		if so, ok := o.(plan.SettledObserver); ok {
			so.Settled(cfg)
		}
	}
}

// progress counts finished scenarios on stderr, only when stderr is a
// terminal: never into a log or a pipe, and never into stdout.
type progress struct {
	w           io.Writer
	done, total int
}

func newProgress(stderr io.Writer) plan.Observer {
	if !terminal(stderr) {
		return observers{}
	}
	return &progress{w: stderr}
}

// terminal says whether w is a terminal, where progress may go.
func terminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// Started takes the total from the run's plan.
func (p *progress) Started(_ *results.Calibration, scenarios int) { p.total = scenarios }

func (p *progress) Input(results.InputInfo, []results.CodecInfo) {}

func (p *progress) Result(r results.Result) {
	p.done++
	fmt.Fprintf(p.w, "\r\033[K[%d/%d] %s %s %s", p.done, p.total, r.Input, r.CodecLabel(), r.Label())
	if p.done == p.total {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
