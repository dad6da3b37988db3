package latency_test

import (
	"fmt"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/latency"
)

// Quantiles reads percentiles by nearest rank: p50 of 1..100 is the 50th
// sample, p99 the 99th, reported as their buckets' highest value.
func ExampleQuantiles() {
	h := hdrhistogram.New(1, int64(time.Minute), 3)
	for us := int64(1); us <= 100; us++ {
		h.RecordValue(us * int64(time.Microsecond))
	}
	for _, q := range latency.Quantiles(h, 0.50, 0.99, 1) {
		fmt.Println(q)
	}
	// Output:
	// 50.015µs
	// 99.007µs
	// 100.031µs
}
