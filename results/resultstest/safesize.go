package resultstest

import (
	"fmt"
	"slices"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// SafeSizeRun is a hand-made size sweep of long-string at 1, 4, 16 and
// 32MB, one level of 2 pairs, with stop records whose p99 is known: at
// each size a codec has 200 stops in 2s, as baseline's around 100us but
// its 8 longest, which wait its p99 (enough that its 95% interval, from
// resampling its stretches, stays on their side of the budget; goccy's
// 3 leave it undecided where they are over it). Against the default
// budget of 10ms: std stays within it at every size; sonic crosses
// between 4MB (5ms) and 16MB (20ms), at 8MB on log-log axes; goccy is
// undecided at 4MB (12ms, on 3 stops) and within again at 16MB; jsoniter
// is over from 1MB. sonic also has every other stop long at 32MB, where
// it stands out.
func SafeSizeRun() *results.Run {
	ms := time.Millisecond
	p99 := map[string][]time.Duration{
		"std":      {ms, 1750 * time.Microsecond, 4750 * time.Microsecond, 8750 * time.Microsecond},
		"sonic":    {2 * ms, 5 * ms, 20 * ms, 40 * ms},
		"goccy":    {2 * ms, 12 * ms, 6 * ms, 20 * ms},
		"jsoniter": {12 * ms, 16 * ms, 24 * ms, 30 * ms},
	}
	codecs := []string{"std", "sonic", "goccy", "jsoniter", results.Baseline}
	run := &results.Run{Config: results.Config{Codecs: codecs, Duration: 2 * time.Second, STW: 10 * ms, Slice: 100 * ms, Budget: 10 * ms}}
	for i, mb := range []int{1, 4, 16, 32} {
		name := fmt.Sprintf("long-string:%dMB", mb)
		run.Inputs = append(run.Inputs, results.InputInfo{Name: name, Kind: "shape", Bytes: mb * 1e6, Shape: "long-string", AskedSize: mb * 1e6, Seed: 1})
		for j, codec := range codecs {
			stops := StopsAround(uint64(10*i+j), 200, 100*time.Microsecond)
			if long := p99[codec]; long != nil {
				tail := 8
				if codec == "goccy" {
					tail = 3
				}
				stops = append(stops[:200-tail], slices.Repeat([]time.Duration{long[i]}, tail)...)
				if codec == "sonic" && mb == 32 {
					for k := 100; k < 200; k++ {
						stops[k] = long[i]
					}
				}
			}
			r := Stopping(codec, 2, 0, 2*time.Second, stops)
			r.Input, r.Target = name, results.TargetAny
			run.Results = append(run.Results, r)
		}
	}
	return run
}
