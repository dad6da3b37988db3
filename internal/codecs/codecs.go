package codecs

import (
	stdjson "encoding/json"
	"fmt"
	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
	"reflect"
	"runtime"
	"strings"

	"github.com/bytedance/sonic"
	jsonv2 "github.com/go-json-experiment/json"
	gojson "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"
	segjson "github.com/segmentio/encoding/json"
)

// funcs adapts a library's package-level Marshal/Unmarshal to Codec.
type funcs struct {
	marshal   func(any) ([]byte, error)
	unmarshal func([]byte, any) error
}

func (f funcs) Marshal(v any) ([]byte, error)      { return f.marshal(v) }
func (f funcs) Unmarshal(data []byte, v any) error { return f.unmarshal(data, v) }

func stateless(m func(any) ([]byte, error), u func([]byte, any) error) func([]byte) (Codec, error) {
	c := funcs{m, u}
	return func([]byte) (Codec, error) { return c, nil }
}

// library is im as a Library of the two functions: a built-in codec that
// pingpong.Codecs hands out as a value.
func library(im Impl, m func(any) ([]byte, error), u func([]byte, any) error) Impl {
	l := &Library{Marshal: m, Unmarshal: u}
	im.Library, im.New = l, l.codec
	return im
}

// SonicNative reports whether sonic runs its JIT/native path. On platforms
// it does not support it silently falls back to encoding/json, and the
// report must say so.
const SonicNative = sonic.APIKind == sonic.UseSonicJSON

// sonicNotes and sonicFallback say which of its paths sonic runs here.
var sonicNotes, sonicFallback = sonicPath()

// sonicPath is sonic's notes and fallback in this build: its native code
// is built for amd64 and arm64, elsewhere it is encoding/json.
func sonicPath() ([]string, *results.Fallback) {
	if SonicNative {
		return []string{"native JIT"}, nil
	}
	return []string{"FELL BACK TO encoding/json: not a native build"},
		&results.Fallback{Codec: "sonic", Native: "JIT", Supported: runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64"}
}

func init() {
	Register(library(Impl{Name: "std", Desc: stdDesc}, stdjson.Marshal, stdjson.Unmarshal))
	Register(library(Impl{Name: "sonic", Module: "github.com/bytedance/sonic", Desc: "bytedance/sonic, default config",
		Warm: pretouchSonic, Notes: sonicNotes, Fallback: sonicFallback}, sonic.Marshal, sonic.Unmarshal))
	Register(library(Impl{Name: "sonic-std", Module: "github.com/bytedance/sonic", Desc: "bytedance/sonic, ConfigStd (encoding/json compatible)",
		Warm: pretouchSonic, Notes: sonicNotes, Fallback: sonicFallback}, sonic.ConfigStd.Marshal, sonic.ConfigStd.Unmarshal))
	Register(library(Impl{Name: "sonic-optdec", Module: "github.com/bytedance/sonic", Desc: "bytedance/sonic, default config, optdec decoder (as on arm64)",
		Warm: pretouchSonic, Env: []string{"SONIC_USE_OPTDEC=1"}, Check: sonicUsesOptdec, Fallback: sonicFallback}, sonic.Marshal, sonic.Unmarshal))
	Register(library(Impl{Name: "goccy", Module: "github.com/goccy/go-json", Desc: "goccy/go-json",
		Warm: warmGoccy}, gojson.Marshal, gojson.Unmarshal))
	Register(library(Impl{Name: "segmentio", Module: "github.com/segmentio/encoding", Desc: "segmentio/encoding/json"},
		segjson.Marshal, segjson.Unmarshal))
	Register(library(Impl{Name: "jsoniter", Module: "github.com/json-iterator/go", Desc: "json-iterator/go, ConfigDefault"},
		jsoniter.Marshal, jsoniter.Unmarshal))
	Register(library(Impl{Name: "jsonv2", Module: "github.com/go-json-experiment/json", Desc: "encoding/json/v2 semantics (go-json-experiment/json)"},
		func(v any) ([]byte, error) { return jsonv2.Marshal(v) }, func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) }))
	Register(Impl{Name: results.Baseline, NoJSON: true, New: NewBaseline,
		Desc: "no JSON work: hands back a prepared value and prepared bytes (the harness's ceiling)"})
	Register(Impl{Name: results.Control, NoJSON: true, New: NewControl,
		Desc: "no JSON work, as busy as encoding/json: spins, always preemptible, as long as its decode and encode (a reference)"})
}

// pretouchSonic is sonic's documented way to JIT-compile a type's encoder
// and decoder (for T and *T) before the first request needs them.
func pretouchSonic(t reflect.Type) error { return sonic.Pretouch(t) }

// warmGoccy compiles goccy's opcodes for *T, which it does on a type's first
// Unmarshal and first Marshal, before looking at the data: a null document
// and a zero value are enough.
func warmGoccy(t reflect.Type) error {
	p := reflect.New(t).Interface()
	if err := gojson.Unmarshal([]byte("null"), p); err != nil {
		return fmt.Errorf("goccy decoder: %w", err)
	}
	if _, err := gojson.Marshal(p); err != nil {
		return fmt.Errorf("goccy encoder: %w", err)
	}
	return nil
}

// baseline does no JSON work, so a round trip with it costs only the
// harness: clock reads, histogram record, two channel hops.
type baseline struct {
	value any
	bytes []byte
}

// NewBaseline is the baseline codec for input: the harness's ceiling, and
// the load of every harness-floor measurement.
func NewBaseline(input []byte) (Codec, error) {
	var v any
	if err := stdjson.Unmarshal(input, &v); err != nil {
		return nil, fmt.Errorf("baseline: preparing value: %w", err)
	}
	b, err := stdjson.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("baseline: preparing bytes: %w", err)
	}
	return baseline{value: v, bytes: b}, nil
}

func (b baseline) Marshal(any) ([]byte, error) { return b.bytes, nil }

// batch hands back k copies of the prepared bytes as one prepared
// message, so that a batch run's baseline still does no JSON work.
func (b baseline) batch(k int) Codec {
	return baseline{value: b.value, bytes: datasets.Batch(b.bytes, k)}
}

func (b baseline) Unmarshal(_ []byte, v any) error {
	if p, ok := v.(*any); ok {
		*p = b.value
	}
	return nil
}

// sonicDecoder names the decoder sonic runs in this process: "optdec" (the
// one arm64 always uses, chosen on amd64 by SONIC_USE_OPTDEC=1 at start-up)
// or "jit"; "" where sonic has no native code. sonic exports no way to ask,
// so it tells them apart by behaviour: the two word the error for a
// truncated object differently.
func sonicDecoder() string {
	if !SonicNative {
		return ""
	}
	var v any
	err := sonic.Unmarshal([]byte(`{"a":1`), &v)
	if err != nil && strings.Contains(err.Error(), "expect a `,` or `}`") {
		return "optdec"
	}
	return "jit"
}

// sonicUsesOptdec is sonic-optdec's Check: refuse to measure sonic's JIT
// decoder under the optdec name.
func sonicUsesOptdec() error {
	switch d := sonicDecoder(); d {
	case "optdec":
		return nil
	case "":
		return fmt.Errorf("sonic has no native decoder on %s/%s (it falls back to encoding/json): SONIC_USE_OPTDEC means nothing here", runtime.GOOS, runtime.GOARCH)
	default:
		return fmt.Errorf("SONIC_USE_OPTDEC=1 did not take effect: this sonic still decodes with its %s decoder", d)
	}
}
