package codecs

import (
	stdjson "encoding/json"
	"fmt"
	"reflect"
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
// decode and encode of it as a pair's messages carry it, in iterations of
// the loop.
func NewControl(input []byte) (Codec, error) { return NewControlFor(input, nil) }

// NewControlFor is the control codec for input decoded into t, as the
// run's target decodes it (-target struct): encoding/json's median decode
// into a new t and encode of that value; t nil is NewControl's `any`.
// Decoding into a corpus's types can take half the time of decoding into
// `any`, and control is as busy as the codecs it is judged beside.
func NewControlFor(input []byte, t reflect.Type) (Codec, error) {
	b, err := NewBaseline(input)
	if err != nil {
		return nil, fmt.Errorf("control: %w", err)
	}
	base := b.(baseline)
	// A pair's messages are the compact encoding (a pretty-printed input's
	// whitespace is gone after the first round trip), so that is what
	// encoding/json's decode is timed on.
	target := func() any { return new(any) }
	if t != nil {
		target = func() any { return reflect.New(t).Interface() }
	}
	decoded := target()
	if err := stdjson.Unmarshal(base.bytes, decoded); err != nil {
		return nil, fmt.Errorf("control: encoding/json decoding into %v: %w", t, err)
	}
	dec := itersOf(func() {
		_ = stdjson.Unmarshal(base.bytes, target()) // encoding/json's own output
	})
	enc := itersOf(func() { _, _ = stdjson.Marshal(decoded) })
	return control{baseline: base, decodeIters: dec, encodeIters: enc}, nil
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

// spin runs n iterations of a xorshift: registers only, no call, no
// memory, so an async preemption can land on any of its instructions. It
// is not inlined, so its loop runs though its callers drop the result.
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
// measured once per process: a first guess, which itersOf corrects.
var loopRate = sync.OnceValue(func() float64 {
	const n = 1 << 20
	best := time.Duration(1<<63 - 1)
	for range 7 {
		t0 := time.Now()
		_ = spin(n)
		best = min(best, max(time.Since(t0), 1))
	}
	return float64(n) / float64(best)
})

// itersOf is how many iterations of spin take as long as one call of f:
// the median over five samples (three when a call takes over 100ms), each
// of as many calls as take about a millisecond, after a first call that
// warms f up. Each sample of f is followed by spin for about as long (at
// most 5ms), and the iterations are f's time over spin's: a machine busy
// through a sample slows both alike, so its share falls out.
func itersOf(f func()) uint64 {
	t0 := time.Now()
	f()
	first := max(time.Since(t0), 1)
	reps := max(1, int(time.Millisecond/first))
	samples := 5
	if first > 100*time.Millisecond {
		samples = 3
	}
	rate := loopRate()
	per := make([]float64, samples)
	for i := range per {
		t0 := time.Now()
		for range reps {
			f()
		}
		tf := max(time.Since(t0), 1)
		n := max(1, uint64(float64(min(tf, 5*time.Millisecond))*rate))
		t0 = time.Now()
		_ = spin(n)
		ts := max(time.Since(t0), 1)
		per[i] = float64(n) * float64(tf) / float64(ts) / float64(reps)
	}
	slices.Sort(per)
	return max(1, uint64(per[samples/2]))
}
