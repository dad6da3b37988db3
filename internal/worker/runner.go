// Package worker runs a codec's scenarios on one input: in this process
// (the load, as a run's spec asks), or in a worker process of its own,
// the same binary started with PINGPONG_WORKER=1, which it speaks to over
// a protocol of its own (worker.go). Either keeps the interval log of each
// level that asks for one.
package worker

import (
	"context"
	"errors"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/load"
	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
)

// Start readies codec im on input in as sp says: in this process when
// argv is empty, else in a worker process started with argv, with the
// GOMAXPROCS, GOGC and GOMEMLIMIT of pt in its environment. A runner that
// cannot ready the codec says so in its Info and its rows.
func Start(ctx context.Context, sp load.Spec, argv []string, im codecs.Impl, in *datasets.Input, pt results.Point) load.Runner {
	if len(argv) > 0 {
		return startWorker(ctx, sp, argv, im, in, pt)
	}
	return newLocalRunner(sp, im, in)
}

// localRunner holds a codec readied for each target of one input.
type localRunner struct {
	spec     load.Spec
	info     results.ImplInfo
	byTarget map[string]codecs.Prepared

	open   results.Result // the open level's row so far
	level  *load.Level    // nil when the open level cannot run
	noJSON bool
}

func newLocalRunner(sp load.Spec, im codecs.Impl, in *datasets.Input) *localRunner {
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

func (l *localRunner) Info() results.ImplInfo { return l.info }

func (l *localRunner) Run(ctx context.Context, s results.Scenario) results.Result {
	return load.RunScenario(ctx, l.spec, s, l.byTarget[s.Target])
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
	l.noJSON = p.Impl.NoJSON
	l.level = load.OpenLevel(ctx, p.Codec, p.Bin, p.NewTarget, s.Pairs, l.spec.WatchOf(s), !p.Impl.NoJSON)
	return nil
}

var errCannotRun = errors.New("the codec cannot run this input")

func (l *localRunner) Slice(ctx context.Context, d time.Duration) (time.Duration, error) {
	if l.level == nil {
		return 0, errCannotRun
	}
	return l.level.Slice(ctx, d)
}

func (l *localRunner) Finish() results.Result {
	r := l.open
	if l.level != nil {
		lr, err := l.level.Close()
		var hlog string
		if lr.Log != nil {
			// the load measured; the interval log is written here, beside
			// the row it belongs to
			path := l.spec.HlogPath(r.Scenario)
			if werr := report.WriteHlog(path, lr.Log); werr != nil {
				err = errors.Join(err, werr)
			} else {
				hlog = path
			}
		}
		load.FillLevel(&r, lr, err, l.noJSON)
		r.Hlog = hlog
		l.level = nil
	}
	return r
}

func (l *localRunner) Close() {}
