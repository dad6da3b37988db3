package resultstest

import (
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// ColdSample is a made-up sample of `pingpong cold`: a first decode of
// first milliseconds against a steady one of steady, and encodes a tenth
// of each.
func ColdSample(first, steady float64) results.ColdSample {
	ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	return results.ColdSample{Decode: results.ColdCall{Time: ms(first)}, Encode: results.ColdCall{Time: ms(first / 10)},
		SteadyDecode: results.ColdCall{Time: ms(steady)}, SteadyEncode: results.ColdCall{Time: ms(steady / 10)}}
}
