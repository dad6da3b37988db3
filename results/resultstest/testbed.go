package resultstest

import "github.com/pingpong-bench/pingpong/results"

// OnArm64 is run as if it had run on another testbed, a 4-core arm64
// machine where sonic falls back to encoding/json; every figure and
// scenario stays as it was, so that the two runs differ only in testbed.
func OnArm64(run *results.Run) *results.Run {
	out := *run
	out.Results = append([]results.Result(nil), run.Results...)
	out.Codecs = append([]results.CodecInfo(nil), run.Codecs...)
	out.Env.GOARCH, out.Env.CPU, out.Env.Cores = "arm64", "Neoverse-N1", 4
	out.Env.Fallbacks = []results.Fallback{{Codec: "sonic", Native: "JIT"}} // a platform sonic's native code is not built for
	for i := range out.Codecs {
		if out.Codecs[i].Notes != nil {
			out.Codecs[i].Notes = []string{"FELL BACK TO encoding/json: not a native build"}
		}
	}
	return &out
}
