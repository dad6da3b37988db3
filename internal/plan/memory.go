package plan

import (
	"fmt"
	"slices"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/machine"
	"github.com/pingpong-bench/pingpong/results"
)

// MemoryError is a run that would not fit in this machine's memory: a
// level too large on the largest input, or, when Batch is set, a batch
// too large at the largest level (of which Fits would).
type MemoryError struct {
	Input string
	Level results.Level
	Batch int // 0: the level alone does not fit
	Fits  int // the largest batch that fits at Level, when Batch is set
	Err   error
}

func (e *MemoryError) Error() string {
	if e.Batch > 0 {
		return fmt.Sprintf("batch %d on %s: %v; at most %d fit at %d pairs", e.Batch, e.Input, e.Err, e.Fits, e.Level.Pairs)
	}
	return fmt.Sprintf("%d pairs on %s: %v", e.Level.Pairs, e.Input, e.Err)
}

func (e *MemoryError) Unwrap() error { return e.Err }

// CheckMemory refuses, before anything runs, a level too large for this
// machine's memory on the largest input, then a batch too large at the
// largest level: the levels first, since a batch cannot fix those.
// Validate runs it, so that a program's own run is refused as the
// command's is; the command runs it first, to name the flag to change.
func CheckMemory(inputs []*datasets.Input, levels []results.Level, batch int) error {
	if len(inputs) == 0 || len(levels) == 0 {
		return nil
	}
	largest := inputs[0]
	for _, in := range inputs {
		if len(in.Data) > len(largest.Data) {
			largest = in
		}
	}
	mem := machine.Memory()
	most := levels[0]
	for _, lv := range levels {
		if err := machine.CheckMemory(len(largest.Data), lv.Pairs, 1, mem); err != nil {
			return &MemoryError{Input: largest.Name, Level: lv, Err: err}
		}
		if lv.Pairs > most.Pairs {
			most = lv
		}
	}
	if err := machine.CheckMemory(len(largest.Data), most.Pairs, batch, mem); err != nil {
		return &MemoryError{Input: largest.Name, Level: most, Batch: batch, Fits: machine.BatchThatFits(len(largest.Data), most.Pairs, mem), Err: err}
	}
	return nil
}

// LargestBatch is the largest of a run's batches (the most documents a
// message will carry), 1 for none.
func LargestBatch(batches []int) int {
	if len(batches) == 0 {
		return 1
	}
	return max(slices.Max(batches), 1)
}
