package pingpong

import (
	"context"
	stdjson "encoding/json"

	"pingpong/datasets"
)

// runner runs one codec's scenarios on one input: in this process, or in
// a worker process of its own.
type runner interface {
	Info() ImplInfo
	Run(ctx context.Context, s Scenario) Result
	Close()
}

func startRunner(ctx context.Context, cfg Config, im Impl, in *datasets.Input, pt Point) runner {
	if cfg.Isolate {
		return startWorker(ctx, cfg, im, in, pt)
	}
	return newLocalRunner(cfg, im, in)
}

// localRunner holds a codec readied for each target of one input.
type localRunner struct {
	cfg      Config
	info     ImplInfo
	byTarget map[string]prepared
}

func newLocalRunner(cfg Config, im Impl, in *datasets.Input) *localRunner {
	l := &localRunner{cfg: cfg, byTarget: map[string]prepared{}}
	p, info := prepare(im, in)
	l.byTarget[TargetAny] = p
	if _, t, _ := InputTargets(cfg, in); t != nil {
		var want any
		if err := stdjson.Unmarshal(in.Data, &want); err != nil {
			want = nil // cannot happen: StructTarget read it; a nil want fails every check loudly
		}
		l.byTarget[TargetStruct] = prepareStruct(im, in, want, t, &info)
	}
	l.info = info
	return l
}

func (l *localRunner) Info() ImplInfo { return l.info }

func (l *localRunner) Run(ctx context.Context, s Scenario) Result {
	return runScenario(ctx, l.cfg, s, l.byTarget[s.Target])
}

func (l *localRunner) Close() {}
