package load

import (
	"github.com/pingpong-bench/pingpong/internal/codecs"

	"bytes"
	"context"
	stdjson "encoding/json"
	"fmt"
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
	im := codecs.Entry{Name: "test-lines", New: func([]byte) (codecs.Codec, error) { return lc, nil }}
	p, info := codecs.Prepare(im, in)
	if info.Err != "" || info.Mismatch != "" {
		t.Fatalf("check: %+v", info)
	}
	line := len(p.Bin) + 1 // a document and its newline
	sp := Spec{Watch: Watch{Duration: 100 * time.Millisecond}}
	for _, batch := range []int{0, 1, 10, 100} {
		const pairs = 2
		lc.decodes.Store(0)
		lc.encodes.Store(0)
		s := results.Scenario{Input: in.Name, Codec: im.Name, Mode: results.ModeEncdec, Pairs: pairs, Procs: 2, Batch: batch}
		r, _ := RunScenario(context.Background(), sp, s, p)
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

// Baseline's batch message is prepared: at batch 10 it still moves no
// bytes of JSON work.
func TestBaselineBatchMovesNoBytes(t *testing.T) {
	in, err := datasets.Load("small-doc", datasets.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	im, _ := codecs.Lookup(results.Baseline)
	p, info := codecs.Prepare(im, in)
	if info.Err != "" {
		t.Fatal(info.Err)
	}
	s := results.Scenario{Input: in.Name, Codec: results.Baseline, Mode: results.ModeEncdec, Pairs: 1, Procs: 1, Batch: 10}
	r, _ := RunScenario(context.Background(), Spec{Watch: Watch{Duration: 30 * time.Millisecond}}, s, p)
	if r.Err != "" || r.N == 0 || r.Bytes != 0 {
		t.Errorf("baseline at batch 10: n=%d bytes=%d error %q; want round trips and no bytes", r.N, r.Bytes, r.Err)
	}
}
