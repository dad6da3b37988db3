package verdict

import (
	"math"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// PerMB is how long one codec's stops of the world waited per MB (1e6
// bytes) of document at one level: the figure Go's maintainers measure by
// hand for assembly functions ("about 1 ms of stop per MiB").
type PerMB struct {
	Codec string // the codec's label, with its build
	Label string // the level's row label, "2x encdec"
	// PerMB is the BudgetQuantile of the stops' waits divided by the
	// document's size in MB on one document, or the least-squares slope
	// of that quantile against size (SafeSize.PerMB) over several sizes of
	// one shape.
	PerMB time.Duration
	Sizes int // how many sizes it rests on
}

// StopPerMB is the stop wait per MB of every codec (baseline aside) at
// every level of run, in the order the verdict lists them: over a size
// sweep's sizes when run has one, else per input on its one document
// (each input's codecs then come once per input). It reads the run only,
// so that a test (pingpongtest) and the freeze guard's budget can report
// it.
func StopPerMB(run *results.Run) []PerMB {
	var out []PerMB
	swept := map[string]bool{}
	for _, t := range SafeSizesOf(run) {
		for _, s := range t.Codecs {
			for _, p := range s.Points {
				swept[p.Input] = true
			}
			if d, ok := s.PerMB(); ok {
				out = append(out, PerMB{Codec: s.Codec, Label: t.Label, PerMB: d, Sizes: len(s.Points)})
			}
		}
	}
	sizes := map[string]int{}
	for _, in := range run.Inputs {
		sizes[in.Name] = in.Bytes
	}
	for _, v := range Of(run) {
		if swept[v.Input] || sizes[v.Input] <= 0 {
			continue
		}
		for _, c := range v.Codecs {
			if !c.HasSTW || c.Stops.N() == 0 {
				continue
			}
			out = append(out, PerMB{Codec: c.Result.CodecLabel(), Label: v.Label, PerMB: PerMBOf(v.BudgetStop(c), sizes[v.Input]), Sizes: 1})
		}
	}
	return out
}

// PerMBOf is stop per MB (1e6 bytes) of a document of bytes: the stop
// wait per MB on one document. 0 when bytes is not above 0.
func PerMBOf(stop time.Duration, bytes int) time.Duration {
	if bytes <= 0 {
		return 0
	}
	return time.Duration(math.Round(float64(stop) / (float64(bytes) / 1e6)))
}
