//go:build goexperiment.jsonv2

package codecs

import jsonv2std "encoding/json/v2"

// Under GOEXPERIMENT=jsonv2, encoding/json is the v1 API over the v2
// implementation, and encoding/json/v2 itself exists: both are measured,
// std beside a build without the experiment (bench_scheduling.sh
// --goexperiment jsonv2), stdv2 beside jsonv2, the same semantics from
// go-json-experiment/json.
const stdDesc = "encoding/json, the v1 API on the v2 implementation"

func init() {
	// v2's Marshal and Unmarshal take options; users call them without.
	Register(WithLibrary(Entry{Name: "stdv2", Desc: "encoding/json/v2 (standard library)"},
		func(v any) ([]byte, error) { return jsonv2std.Marshal(v) }, func(b []byte, v any) error { return jsonv2std.Unmarshal(b, v) }))
}
