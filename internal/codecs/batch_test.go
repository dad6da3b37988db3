package codecs

import (
	"bytes"
	stdjson "encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// With a struct target each line gets a *T of its own, and the batch
// encodes back to K lines of the struct's encoding.
func TestBatchDecodesEachLineIntoItsOwnStruct(t *testing.T) {
	in, err := datasets.Load("github", datasets.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	typ, err := StructTarget(in)
	if err != nil {
		t.Fatal(err)
	}
	std := funcs{stdjson.Marshal, stdjson.Unmarshal}
	one := reflect.New(typ).Interface()
	if err := stdjson.Unmarshal(in.Data, one); err != nil {
		t.Fatal(err)
	}
	enc, err := stdjson.Marshal(one)
	if err != nil {
		t.Fatal(err)
	}
	dec := Decoder{New: batchTarget(TargetFunc(typ))}
	v, err := dec.Decode(batchCodec{std}, datasets.Batch(in.Data, 3))
	if err != nil {
		t.Fatal(err)
	}
	d := v.(*docs)
	if len(d.vals) != 3 {
		t.Fatalf("%d values from 3 lines", len(d.vals))
	}
	for i, x := range d.vals {
		if reflect.TypeOf(x) != reflect.PointerTo(typ) {
			t.Errorf("line %d decoded into %T, want *%v", i+1, x, typ)
		}
		if i > 0 && x == d.vals[0] {
			t.Errorf("line %d shares line 1's target", i+1)
		}
	}
	out, err := batchCodec{std}.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if want := datasets.Batch(enc, 3); !bytes.Equal(out, want) {
		t.Errorf("re-encoded batch differs from 3 lines of the struct's encoding (%d vs %d bytes)", len(out), len(want))
	}
}

// baseline hands back a prepared batch message: the K-document bytes, no
// JSON work, and no bytes counted as throughput.
func TestBaselineBatchIsPrepared(t *testing.T) {
	in := &datasets.Input{Name: "t", Kind: "test", Data: []byte(`{"a": [1, 2], "b": "x"}`)}
	p, info := Prepare(registry[results.Baseline], in)
	if info.Err != "" {
		t.Fatal(info.Err)
	}
	b := p.Batched(10)
	want := datasets.Batch(p.Bin, 10)
	if !bytes.Equal(b.Bin, want) {
		t.Errorf("first message %q, want %q", b.Bin, want)
	}
	if msg, err := b.Codec.Marshal(nil); err != nil || !bytes.Equal(msg, want) {
		t.Errorf("baseline's batch answer %q (%v), want the prepared %q", msg, err, want)
	}
}

func TestBatchCodecRefusesAForeignValue(t *testing.T) {
	b := batchCodec{funcs{stdjson.Marshal, stdjson.Unmarshal}}
	var n int
	if err := b.Unmarshal([]byte("1\n"), &n); err == nil || !strings.Contains(err.Error(), "*int") {
		t.Errorf("decode into *int: %v", err)
	}
	if _, err := b.Marshal(1); err == nil {
		t.Error("encoding an int as a batch succeeded")
	}
	var v any
	err := b.Unmarshal([]byte("1\n{\n"), &v)
	if err == nil || !strings.Contains(err.Error(), "document 2") {
		t.Errorf("bad second line: %v; want it named", err)
	}
}
