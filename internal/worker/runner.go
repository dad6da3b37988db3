// Package worker runs a codec's scenarios on one input: in this process
// (the load, as a run's spec asks), or in a worker process of its own,
// the same binary started with PINGPONG_WORKER=1, which it speaks to over
// a protocol of its own (worker.go). Either writes, beside each row, the
// files of what the load measured for it (keep): the interval log and the
// flight recorder's snapshot.
package worker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/load"
	"github.com/pingpong-bench/pingpong/internal/outfile"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// Start readies codec im on input in as sp says: in this process when
// argv is empty, else in a worker process started with argv, with the
// GOMAXPROCS, GOGC and GOMEMLIMIT of pt in its environment. A runner that
// cannot ready the codec says so in its Info and its rows.
func Start(ctx context.Context, sp load.Spec, argv []string, im codecs.Entry, in *datasets.Input, pt results.Point) load.Runner {
	if len(argv) > 0 {
		return startWorker(ctx, sp, argv, im, in, pt)
	}
	return newLocalRunner(sp, im, in)
}

// localRunner holds a codec readied for each target of one input.
type localRunner struct {
	spec     load.Spec
	info     results.CodecInfo
	byTarget map[string]codecs.Prepared

	open      results.Result // the open level's row so far
	level     *load.Level    // nil when the open level cannot run
	reference bool
}

func newLocalRunner(sp load.Spec, im codecs.Entry, in *datasets.Input) *localRunner {
	l := &localRunner{spec: sp, byTarget: map[string]codecs.Prepared{}}
	p, info := codecs.Prepare(im, in)
	l.byTarget[results.TargetAny] = p
	if targets, t, _ := codecs.InputTargets(sp.Targets, in); t != nil {
		want, err := codecs.TypeFits(in, t)
		if err != nil {
			want = nil // cannot happen: InputTargets checked it; a nil want fails every check loudly
		}
		l.byTarget[codecs.TypedOf(targets)] = codecs.PrepareStruct(im, in, want, t, &info)
	}
	l.info = info
	return l
}

func (l *localRunner) Info() results.CodecInfo { return l.info }

func (l *localRunner) Run(ctx context.Context, s results.Scenario) results.Result {
	r, k := load.RunScenario(ctx, l.spec, s, l.byTarget[s.Target])
	keep(l.spec, &r, k)
	return r
}

func (l *localRunner) Open(ctx context.Context, s results.Scenario) error {
	p := l.byTarget[s.Target]
	l.open, l.level = results.Result{Scenario: s, Mismatch: p.Info.Mismatch, Err: p.Info.Err}, nil
	if p.Codec == nil {
		return errCannotRun
	}
	if k := s.Docs(); k > 1 {
		p = p.Batched(k)
	}
	l.reference = p.Entry.Reference
	l.level = load.OpenLevel(ctx, p.Codec, p.Bin, p.NewTarget, s.Pairs, l.spec.WatchOf(s), !p.Entry.Reference)
	return nil
}

var errCannotRun = errors.New("the codec cannot run this input")

func (l *localRunner) Slice(ctx context.Context, d time.Duration) (load.TurnStops, error) {
	if l.level == nil {
		return load.TurnStops{}, errCannotRun
	}
	return l.level.Slice(ctx, d)
}

func (l *localRunner) Finish() results.Result {
	r := l.open
	if l.level != nil {
		lr, err := l.level.Close()
		load.FillLevel(&r, lr, err, l.reference)
		keep(l.spec, &r, lr.Kept())
		l.level = nil
	}
	return r
}

func (l *localRunner) Close() {}

// keep writes, beside row r, the files of what the load measured for it:
// the interval log (a failure to write it is the row's error too, after
// the level's own) and the flight recorder's snapshot (a failure to write
// it says why the row keeps none).
func keep(sp load.Spec, r *results.Result, k load.Kept) {
	if k.Log != nil {
		path := sp.HlogPath(r.Scenario)
		if err := writeHlog(path, k.Log); err != nil {
			r.Err = errors.Join(errorOf(r.Err), err).Error()
		} else {
			r.Hlog = path
		}
	}
	if k.Trace != nil {
		path := sp.TracePath(r.Scenario)
		if err := outfile.Write(path, func(w io.Writer) error { _, err := w.Write(k.Trace); return err }); err != nil {
			r.CulpritErr = fmt.Sprintf("keeping the trace: %v", err)
		} else {
			r.Trace = path
		}
	}
}

// writeHlog writes log to path as an HdrHistogram interval log (-hlog);
// an empty log writes no file.
func writeHlog(path string, log *latency.IntervalLog) error {
	if len(log.Intervals) == 0 {
		return nil
	}
	if err := outfile.Write(path, log.WriteHlog); err != nil {
		return fmt.Errorf("writing the interval log: %w", err)
	}
	return nil
}

// errorOf is the error a row's Err says, nil for none.
func errorOf(msg string) error {
	if msg == "" {
		return nil
	}
	return errors.New(msg)
}
