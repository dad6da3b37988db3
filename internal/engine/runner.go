package engine

import (
	"context"
	"errors"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// runner runs one codec's scenarios on one input: in this process, or in
// a worker process of its own. A scenario runs whole (Run), or, for a
// closed-loop level, in turns: Open warms it up and parks it, each Slice
// runs one turn of its window, Finish ends it and returns its row. One
// level at a time is open.
type runner interface {
	Info() results.ImplInfo
	Run(ctx context.Context, s results.Scenario) results.Result
	// Open readies s; an error means it cannot run (the row Finish
	// returns says why) and gets no slices.
	Open(ctx context.Context, s results.Scenario) error
	// Slice runs a turn of at least d; it returns how long the turn was,
	// and an error once the level has failed (no more turns then).
	Slice(ctx context.Context, d time.Duration) (time.Duration, error)
	Finish() results.Result
	Close()
}

func startRunner(ctx context.Context, cfg results.Config, im Impl, in *datasets.Input, pt results.Point) runner {
	if cfg.Isolate {
		return startWorker(ctx, cfg, im, in, pt)
	}
	return newLocalRunner(cfg, im, in)
}

// localRunner holds a codec readied for each target of one input.
type localRunner struct {
	cfg      results.Config
	info     results.ImplInfo
	byTarget map[string]prepared

	open   results.Result // the open level's row so far
	level  *Level         // nil when the open level cannot run
	noJSON bool
}

func newLocalRunner(cfg results.Config, im Impl, in *datasets.Input) *localRunner {
	l := &localRunner{cfg: cfg, byTarget: map[string]prepared{}}
	p, info := prepare(im, in)
	l.byTarget[results.TargetAny] = p
	if targets, t, _ := InputTargets(cfg, in); t != nil {
		want, err := typeFits(in, t)
		if err != nil {
			want = nil // cannot happen: InputTargets checked it; a nil want fails every check loudly
		}
		l.byTarget[typedOf(targets)] = prepareStruct(im, in, want, t, &info)
	}
	l.info = info
	return l
}

func (l *localRunner) Info() results.ImplInfo { return l.info }

func (l *localRunner) Run(ctx context.Context, s results.Scenario) results.Result {
	return runScenario(ctx, l.cfg, s, l.byTarget[s.Target])
}

func (l *localRunner) Open(ctx context.Context, s results.Scenario) error {
	p := l.byTarget[s.Target]
	l.open, l.level = results.Result{Scenario: s, Mismatch: p.info.Mismatch, Err: p.info.Err}, nil
	if p.codec == nil {
		return errCannotRun
	}
	if k := s.Docs(); k > 1 {
		p = p.batched(k)
	}
	l.noJSON = p.impl.NoJSON
	l.level = OpenLevel(ctx, p.codec, p.bin, p.newTarget, s.Pairs, watchOf(l.cfg, s), !p.impl.NoJSON)
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
		fillLevel(&r, lr, err, l.noJSON)
		l.level = nil
	}
	return r
}

func (l *localRunner) Close() {}
