package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pingpong-bench/pingpong/internal/plan"
)

// maxBatch bounds -batch before the memory check sees it: a million
// documents per message is already a bulk load no service takes at once,
// and a larger number is surely a typo.
const maxBatch = 1_000_000

// batchForm is the accepted form, for every -batch error.
var batchForm = fmt.Sprintf("use -batch K with K a whole number of documents per message from 1 to %d, or a comma list like 1,10,100", maxBatch)

// batchFlag is -batch: documents per message, or a comma list of counts
// that every encdec scenario runs at. Parsing in Set makes a bad value a
// flag error: one line naming -batch, exit 2.
type batchFlag struct {
	text string
	ks   []int
}

const batchUsage = "documents per message, `K` (as newline-delimited JSON: the echo decodes and encodes each line), or a comma list like 1,10,100 to run every scenario at each; rows then add docs/s (default 1)"

func (b *batchFlag) String() string { return b.text }

func (b *batchFlag) Set(v string) error {
	var ks []int
	for _, f := range strings.Split(v, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k < 1 || k > maxBatch {
			return fmt.Errorf("%q is not a batch size; %s", f, batchForm)
		}
		if !slices.Contains(ks, k) {
			ks = append(ks, k)
		}
	}
	b.text, b.ks = v, ks
	return nil
}

// batches is Config.Batches: nil when only one document per message was
// asked for, the default, so that such a run's names and rows stay those
// of a run without -batch.
func (b *batchFlag) batches() []int {
	if len(b.ks) == 0 || slices.Equal(b.ks, []int{1}) {
		return nil
	}
	return b.ks
}

// largest is the most documents a message will carry.
func (b *batchFlag) largest() int { return plan.LargestBatch(b.ks) }
