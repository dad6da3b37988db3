package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/cold"
	"github.com/pingpong-bench/pingpong/results"
)

// coldBudget bounds one cold sample: a first call on a big schema can take
// seconds (sonic's JIT on thousands of types: minutes), so it is generous.
const coldBudget = 5 * time.Minute

// ColdSample starts a fresh worker process with argv, has it measure job
// for codec im on in (cold.Measure) and returns what it measured; a
// process that dies or hangs is a sample whose Err says how.
func ColdSample(ctx context.Context, argv []string, im codecs.Entry, in *datasets.Input, job cold.Job, pt results.Point) results.ColdSample {
	w := &workerRunner{argv: argv, im: im, input: in, point: pt}
	if err := w.spawn(workerJob{Protocol: workerProtocol, Codec: im.Name, Input: in, Cold: &job}); err != nil {
		return results.ColdSample{Err: err.Error()}
	}
	var s results.ColdSample
	if err := w.receive(ctx, coldBudget, &s); err != nil {
		return results.ColdSample{Err: err.Error()}
	}
	w.Close()
	return s
}

// serveCold is the child's side of ColdSample.
func serveCold(enc *json.Encoder, im codecs.Entry, job workerJob) error {
	s := cold.Measure(im, job.Input, *job.Cold)
	if err := enc.Encode(s); err != nil {
		return fmt.Errorf("worker: sending cold sample: %w", err)
	}
	return nil
}
