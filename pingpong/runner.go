package pingpong

import (
	"context"

	"pingpong/datasets"
	"pingpong/results"
)

// runner runs one codec's scenarios on one input: in this process, or in
// a worker process of its own.
type runner interface {
	Info() results.ImplInfo
	Run(ctx context.Context, s results.Scenario) results.Result
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

func (l *localRunner) Close() {}
