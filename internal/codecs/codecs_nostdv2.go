//go:build !goexperiment.jsonv2

package codecs

const stdDesc = "encoding/json"

// stdv2 needs the standard library's encoding/json/v2, which only a build
// with GOEXPERIMENT=jsonv2 has; asking for it elsewhere says how to get it.
func init() {
	RegisterUnavailable("stdv2", "needs a build with GOEXPERIMENT=jsonv2 (rebuild: GOEXPERIMENT=jsonv2 go build -o bin/ ./cmd/pingpong, or bench_scheduling.sh --goexperiment jsonv2)")
}
