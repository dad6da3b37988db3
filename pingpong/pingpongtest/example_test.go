package pingpongtest_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/pingpong"
	"github.com/pingpong-bench/pingpong/pingpong/pingpongtest"
)

var std = pingpong.Codec{Name: "std", Marshal: json.Marshal, Unmarshal: json.Unmarshal}

// In a test of the program's own: fails when std freezes the program on
// the document the service receives.
func ExampleNoFreeze() {
	var t *testing.T // the test's: func TestDecodeDoesNotFreeze(t *testing.T)
	doc, err := os.ReadFile("testdata/order.json")
	if err != nil {
		t.Fatal(err)
	}
	pingpongtest.NoFreeze(t, std, doc)
}

// Any function: here a compression of the program's.
func ExampleNoFreezeFunc() {
	var t *testing.T // the test's
	payload := bytes.Repeat([]byte("abc"), 1<<20)
	pingpongtest.NoFreezeFunc(t, "compress", func() { _ = compress(payload) },
		pingpongtest.Level(4), pingpongtest.Duration(2*time.Second))
}

func compress(b []byte) []byte { return b }

// A first call, each in a fresh process (the test binary run again up to
// this guard): fails when std's first decode or encode of the document
// holds the program's stops of the world, as a codec that compiles per
// type on first use can after a deploy. Nothing before the guard should
// call the codec.
func ExampleFirstCall() {
	var t *testing.T // the test's: func TestFirstDecodeDoesNotFreeze(t *testing.T)
	doc, err := os.ReadFile("testdata/order.json")
	if err != nil {
		t.Fatal(err)
	}
	pingpongtest.NoFreeze(t, std, doc, pingpongtest.FirstCall(), pingpongtest.Processes(7))
}

// In a benchmark: go test -bench . -count 5 | tee new.txt; benchstat old.txt new.txt
func ExampleBenchmark() {
	var b *testing.B // the benchmark's: func BenchmarkStd(b *testing.B)
	pingpongtest.Benchmark(b, std, []byte(`{"id":7,"items":["a","b"]}`))
}
