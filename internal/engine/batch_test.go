package engine

import (
	"bytes"
	"context"
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// lineCounter is encoding/json that counts its calls and refuses any data
// holding a newline: under -batch every call must see one document.
type lineCounter struct {
	decodes, encodes atomic.Int64
}

func (c *lineCounter) Unmarshal(data []byte, v any) error {
	if bytes.IndexByte(data, '\n') >= 0 {
		return fmt.Errorf("handed %d bytes holding a newline: a batch, not one document", len(data))
	}
	c.decodes.Add(1)
	return stdjson.Unmarshal(data, v)
}

func (c *lineCounter) Marshal(v any) ([]byte, error) {
	c.encodes.Add(1)
	return stdjson.Marshal(v)
}

// Each round trip of a -batch K scenario is K documents decoded and K
// encoded by the echo, and again by the pinger. With no warmup every
// completed round trip is counted, so the codec's calls are 2nK, plus K
// for each pair's round trip still in flight at the end (its echo ran;
// its pinger stopped before re-encoding).
func TestBatchCountsDocuments(t *testing.T) {
	in, err := datasets.Load("small-doc", datasets.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	lc := &lineCounter{}
	im := Impl{Name: "test-lines", New: func([]byte) (Codec, error) { return lc, nil }}
	p, info := prepare(im, in)
	if info.Err != "" || info.Mismatch != "" {
		t.Fatalf("check: %+v", info)
	}
	line := len(p.bin) + 1 // a document and its newline
	cfg := results.Config{Duration: 100 * time.Millisecond}
	for _, batch := range []int{0, 1, 10, 100} {
		const pairs = 2
		lc.decodes.Store(0)
		lc.encodes.Store(0)
		s := results.Scenario{Input: in.Name, Impl: im.Name, Mode: results.ModeEncdec, Pairs: pairs, Procs: 2, Batch: batch}
		r := runScenario(context.Background(), cfg, s, p)
		if r.Err != "" || r.N == 0 {
			t.Fatalf("batch %d: n=%d error %q", batch, r.N, r.Err)
		}
		k := int64(max(batch, 1))
		for what, calls := range map[string]int64{"decodes": lc.decodes.Load(), "encodes": lc.encodes.Load()} {
			extra := calls - 2*r.N*k
			if extra < 0 || extra > pairs*k || extra%k != 0 {
				t.Errorf("batch %d: %d %s for n=%d round trips; want 2nK = %d plus up to %d in flight, in whole messages of %d",
					batch, calls, what, r.N, 2*r.N*k, pairs*k, k)
			}
		}
		if got, want := r.DocsPerSec(), r.RoundTripsPerSec()*float64(k); got != want {
			t.Errorf("batch %d: %.0f docs/s, want %.0f", batch, got, want)
		}
		if batch <= 1 {
			continue // the unbatched message carries no newline
		}
		if want := r.N * 4 * k * int64(line); r.Bytes != want {
			t.Errorf("batch %d: %d bytes for n=%d, want 4 messages of %d documents of %d bytes each per round trip = %d",
				batch, r.Bytes, r.N, k, line, want)
		}
	}
}

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
	dec := decoder{new: batchTarget(newTarget(typ))}
	v, err := dec.decode(batchCodec{std}, datasets.Batch(in.Data, 3))
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
	p, info := prepare(mustImpl(results.Baseline), in)
	if info.Err != "" {
		t.Fatal(info.Err)
	}
	b := p.batched(10)
	want := datasets.Batch(p.bin, 10)
	if !bytes.Equal(b.bin, want) {
		t.Errorf("first message %q, want %q", b.bin, want)
	}
	if msg, err := b.codec.Marshal(nil); err != nil || !bytes.Equal(msg, want) {
		t.Errorf("baseline's batch answer %q (%v), want the prepared %q", msg, err, want)
	}
	s := results.Scenario{Input: in.Name, Impl: results.Baseline, Mode: results.ModeEncdec, Pairs: 1, Procs: 1, Batch: 10}
	r := runScenario(context.Background(), results.Config{Duration: 30 * time.Millisecond}, s, p)
	if r.Err != "" || r.N == 0 || r.Bytes != 0 {
		t.Errorf("baseline at batch 10: n=%d bytes=%d error %q; want round trips and no bytes", r.N, r.Bytes, r.Err)
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

// Batch is a dimension of the plan inside each level; without -batch every
// scenario keeps Batch 0, so default names do not change.
func TestPlanBatches(t *testing.T) {
	cfg := results.Config{Impls: []string{"std"}, Levels: []results.Level{{Spec: "1", Pairs: 1}, {Spec: "N", Pairs: 2}}}
	in := []results.InputInfo{{Name: "small-doc"}}
	label := func(ss []results.Scenario) string {
		var out []string
		for _, s := range ss {
			out = append(out, results.Result{Scenario: s}.Label())
		}
		return strings.Join(out, ", ")
	}
	if got, want := label(Plan(cfg, in, 2)), "1x encdec, 2x encdec"; got != want {
		t.Errorf("default plan %s, want %s", got, want)
	}
	cfg.Batches = []int{1, 10}
	want := "1x encdec batch=1, 1x encdec batch=10, 2x encdec batch=1, 2x encdec batch=10"
	if got := label(Plan(cfg, in, 2)); got != want {
		t.Errorf("batch plan %s, want %s", got, want)
	}
	cfg.Count = 2
	if got := len(Plan(cfg, in, 2)); got != 8 {
		t.Errorf("2 repeats of 4 scenarios planned %d", got)
	}
}

func TestCheckMemoryCountsTheBatch(t *testing.T) {
	const gib = 1 << 30
	fits := BatchThatFits(1000, 2, gib)
	if fits < 1 {
		t.Fatalf("BatchThatFits(1000 B, 2 pairs, 1 GiB) = %d", fits)
	}
	if err := CheckMemory(1000, 2, fits, gib); err != nil {
		t.Errorf("the batch that fits, %d, refused: %v", fits, err)
	}
	err := CheckMemory(1000, 2, fits+1, gib)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d documents per message", fits+1)) {
		t.Errorf("one more than fits: %v; want a refusal naming the batch", err)
	}
	// pairs x batch x size x 16 is far past 2^64: refused, not wrapped to a small number.
	if err := CheckMemory(1_000_000_000, 100000, 1_000_000, 24*gib); err == nil {
		t.Error("an overflowing need was accepted")
	}
}
