package codecs

import (
	"bytes"
	"fmt"

	"github.com/pingpong-bench/pingpong/datasets"
)

// A -batch K message carries K documents as newline-delimited JSON, the
// bulk shape of the Erlang original's CouchDB and Logstash cases: a service
// reading NDJSON decodes each line on its own and encodes each value on its
// own, so K small documents cost K calls into the codec, not one call on K
// times the bytes. The correctness check stays per document (Prepare);
// only the measured messages are batches.

// batchCodec runs c over newline-delimited JSON: Unmarshal decodes each
// line into a value of its own, Marshal encodes each value and ends each
// with '\n', the form datasets.Batch makes, so a pair's messages keep one
// shape from the first round trip to the last. It wraps the codec for the
// echo and the pinger alike, so both halves of a cycle do K decodes and K
// encodes.
type batchCodec struct{ c Codec }

// docs is one message's documents as batchCodec decoded them: what its
// Unmarshal fills and its Marshal takes.
type docs struct {
	vals []any      // per line: the content for any, the *T itself for a struct
	new  func() any // makes each line's target; nil: any
}

// batchTarget is newTarget for a batch: a *docs whose lines each get a
// target of their own from one (nil: any).
func batchTarget(one func() any) func() any {
	if one == nil {
		return nil // the decoder hands Unmarshal a *any, which it fills with a *docs
	}
	return func() any { return &docs{new: one} }
}

func (b batchCodec) Unmarshal(data []byte, v any) error {
	d, ok := v.(*docs)
	if !ok {
		p, isAny := v.(*any)
		if !isAny {
			return fmt.Errorf("batch: cannot decode into %T", v)
		}
		d = &docs{}
		*p = d
	}
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(line) == 0 {
			continue // the newline after the last document
		}
		if d.new == nil {
			var x any
			if err := b.c.Unmarshal(line, &x); err != nil {
				return fmt.Errorf("document %d: %w", len(d.vals)+1, err)
			}
			d.vals = append(d.vals, x)
			continue
		}
		t := d.new()
		if err := b.c.Unmarshal(line, t); err != nil {
			return fmt.Errorf("document %d: %w", len(d.vals)+1, err)
		}
		d.vals = append(d.vals, t)
	}
	return nil
}

func (b batchCodec) Marshal(v any) ([]byte, error) {
	d, ok := v.(*docs)
	if !ok {
		return nil, fmt.Errorf("batch: cannot encode %T", v)
	}
	var out []byte
	for i, x := range d.vals {
		line, err := b.c.Marshal(x)
		if err != nil {
			return nil, fmt.Errorf("document %d: %w", i+1, err)
		}
		out = append(append(out, line...), '\n')
	}
	return out, nil
}

// batcher is a codec that makes its own k-document version instead of
// being wrapped in batchCodec: baseline, which must hand back a prepared
// batch message to stay the harness's ceiling at every batch size.
type batcher interface {
	batch(k int) Codec
}

// batched is p with k documents per message: its codec works line by line
// and the pair's first message is k copies of its own encoding.
func (p Prepared) Batched(k int) Prepared {
	if b, ok := p.Codec.(batcher); ok {
		p.Codec = b.batch(k)
	} else {
		p.Codec = batchCodec{p.Codec}
	}
	p.Bin = datasets.Batch(p.Bin, k)
	p.NewTarget = batchTarget(p.NewTarget)
	return p
}
