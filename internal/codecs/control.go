package codecs

import (
	stdjson "encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
)

// control is the reference for the time a busy program could not run. It
// hands back a prepared value and prepared bytes, as baseline does, but
// first keeps its goroutine busy for about as long as encoding/json's
// decode (its Unmarshal) or encode (its Marshal) of the document takes, in
// a loop the runtime can preempt at any instruction (async preemption: no
// calls, no allocation, no memmove or memclr, no assembly). So it holds
// the Ps as a codec does and queues at 2N as a codec does, but never keeps
// a stop of the world waiting.
//
// The work is a number of loop iterations fixed when the codec is made,
// not a time: a thread descheduled midway does not shorten it, as it
// would not shorten a codec's decode.
type control struct {
	baseline
	decodeIters, encodeIters uint64
}

// NewControl is the control codec for input: encoding/json's median
// decode and encode of it, turned into iterations of the loop.
func NewControl(input []byte) (Codec, error) {
	b, err := NewBaseline(input)
	if err != nil {
		return nil, fmt.Errorf("control: %w", err)
	}
	base := b.(baseline)
	var sink any
	dec := medianCost(func() {
		sink = nil
		_ = stdjson.Unmarshal(input, &sink) // NewBaseline read it without error
	})
	enc := medianCost(func() { _, _ = stdjson.Marshal(base.value) })
	rate := loopRate()
	return control{baseline: base, decodeIters: iters(dec, rate), encodeIters: iters(enc, rate)}, nil
}

func (c control) Unmarshal(data []byte, v any) error {
	spin(c.decodeIters)
	return c.baseline.Unmarshal(data, v)
}

func (c control) Marshal(v any) ([]byte, error) {
	spin(c.encodeIters)
	return c.baseline.Marshal(v)
}

// batch is k documents' work per message, on k copies of the prepared
// bytes: a batch codec decodes and encodes each document of a message.
func (c control) batch(k int) Codec {
	return control{baseline: baseline{value: c.value, bytes: datasets.Batch(c.bytes, k)},
		decodeIters: c.decodeIters * uint64(k), encodeIters: c.encodeIters * uint64(k)}
}

// spinSink keeps the calibration's loop alive; the codec's own calls
// discard the result (goroutines of a level run spin at once, and spin is
// not inlined, so the loop runs whether or not its result is kept).
var spinSink uint64

// spin runs n iterations of a xorshift: registers only, no call, no
// memory, so an async preemption can land on any of its instructions.
//
//go:noinline
func spin(n uint64) uint64 {
	x := uint64(0x9e3779b97f4a7c15)
	for i := uint64(0); i < n; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
	}
	return x
}

// loopRate is spin's iterations per nanosecond on this machine, the
// fastest of a few runs of about a millisecond (the least disturbed),
// measured once per process.
var loopRate = sync.OnceValue(func() float64 {
	const n = 1 << 20
	best := time.Duration(1<<63 - 1)
	for range 7 {
		t0 := time.Now()
		spinSink = spin(n)
		best = min(best, max(time.Since(t0), 1))
	}
	return float64(n) / float64(best)
})

// iters is the loop iterations that take d at rate, at least one.
func iters(d time.Duration, rate float64) uint64 {
	return max(1, uint64(float64(d)*rate))
}

// medianCost is the median time of one call of f, over five samples (three
// when one call takes over 100ms), each of as many calls as take about a
// millisecond, after a first call that warms it up.
func medianCost(f func()) time.Duration {
	t0 := time.Now()
	f()
	first := max(time.Since(t0), 1)
	reps := max(1, int(time.Millisecond/first))
	samples := 5
	if first > 100*time.Millisecond {
		samples = 3
	}
	costs := make([]time.Duration, samples)
	for i := range costs {
		t0 := time.Now()
		for range reps {
			f()
		}
		costs[i] = time.Since(t0) / time.Duration(reps)
	}
	slices.Sort(costs)
	return costs[samples/2]
}
