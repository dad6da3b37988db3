package load

import (
	"github.com/pingpong-bench/pingpong/verdict"

	"context"
	"math"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// counting records how the benchmark's op calls the codec.
type counting struct {
	unmarshals, marshals atomic.Int64
	seen                 atomic.Value // the bytes decoded last
	d                    time.Duration
}

func (c *counting) Unmarshal(b []byte, v any) error {
	c.unmarshals.Add(1)
	c.seen.Store(string(b))
	time.Sleep(c.d)
	*(v.(*any)) = "x"
	return nil
}

func (c *counting) Marshal(any) ([]byte, error) {
	c.marshals.Add(1)
	time.Sleep(c.d)
	return []byte(`"x"`), nil
}

// The single-goroutine figure is one decode of the pair's message plus one
// encode, per op: what the echo does with one message.
func TestSelfCheckBenchmarksOneDecodePlusOneEncode(t *testing.T) {
	c := &counting{}
	op := decodeEncode(c, []byte(`{"msg":1}`), nil)
	for i := 0; i < 3; i++ {
		if err := op(); err != nil {
			t.Fatal(err)
		}
	}
	if c.unmarshals.Load() != 3 || c.marshals.Load() != 3 || c.seen.Load() != `{"msg":1}` {
		t.Fatalf("3 ops: %d decodes of %v, %d encodes; want 3 of the message and 3", c.unmarshals.Load(), c.seen.Load(), c.marshals.Load())
	}
	slow := &counting{d: 200 * time.Microsecond}
	single, err := benchDecodeEncode(slow, []byte(`1`), nil, 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if single < 400*time.Microsecond {
		t.Errorf("single %v: one decode plus one encode sleep 400us between them", single)
	}
}

func TestSelfCheckRun(t *testing.T) {
	in, err := datasets.Load("github", datasets.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	cfg := results.SelfCheckConfig{Codecs: []string{results.Baseline}, Count: 2, Duration: 40 * time.Millisecond, Warmup: 10 * time.Millisecond}
	run, err := SelfCheck(context.Background(), cfg, results.Environment{}, []*datasets.Input{in}, nil)
	if err != nil {
		t.Fatal(err)
	}
	verdict.AssessSelfCheck(run)
	if len(run.Results) != 1 || len(run.Results[0].Repeats) != 2 {
		t.Fatalf("results %+v: want baseline with 2 repeats", run.Results)
	}
	r := run.Results[0]
	if r.Err != "" || r.P50 <= 0 || r.Single <= 0 || !near(r.Ratio, float64(r.P50)/float64(r.Single)) {
		t.Errorf("baseline: %+v", r)
	}
	if run.Calibration.Channel.N == 0 || run.Calibration.Baseline.N == 0 {
		t.Errorf("no calibration: %+v", run.Calibration)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b)) }
