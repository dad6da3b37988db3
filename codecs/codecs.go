// Package codecs registers pingpong's built-in codecs beyond encoding/json:
// sonic (default config, ConfigStd as sonic-std, and its optdec decoder as
// sonic-optdec), goccy/go-json, segmentio/encoding/json, json-iterator/go
// and go-json-experiment/json (jsonv2). Import it for its side effect:
//
//	import _ "github.com/pingpong-bench/pingpong/codecs"
//
// and pingpong.Lookup("sonic"), pingpong.Codecs() and the pingpong command's
// -impls know them. Without it a program links no JSON library but
// encoding/json: pingpong.Lookup knows std, and the references baseline and
// control always run.
package codecs

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"

	"github.com/bytedance/sonic"
	jsonv2 "github.com/go-json-experiment/json"
	gojson "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"
	segjson "github.com/segmentio/encoding/json"

	registry "github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/results"
)

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
	type Entry = registry.Entry
	register := func(im Entry, m func(any) ([]byte, error), u func([]byte, any) error) {
		registry.Register(registry.WithLibrary(im, m, u))
	}
	register(Entry{Name: "sonic", Module: "github.com/bytedance/sonic", Desc: "bytedance/sonic, default config",
		Warm: pretouchSonic, WarmName: "sonic.Pretouch", Notes: sonicNotes, Fallback: sonicFallback}, sonic.Marshal, sonic.Unmarshal)
	register(Entry{Name: "sonic-std", Module: "github.com/bytedance/sonic", Desc: "bytedance/sonic, ConfigStd (encoding/json compatible)",
		Warm: pretouchSonic, WarmName: "sonic.Pretouch", Notes: sonicNotes, Fallback: sonicFallback}, sonic.ConfigStd.Marshal, sonic.ConfigStd.Unmarshal)
	register(Entry{Name: "sonic-optdec", Module: "github.com/bytedance/sonic", Desc: "bytedance/sonic, default config, optdec decoder (as on arm64)",
		Warm: pretouchSonic, WarmName: "sonic.Pretouch", Env: []string{"SONIC_USE_OPTDEC=1"}, Check: sonicUsesOptdec, Fallback: sonicFallback}, sonic.Marshal, sonic.Unmarshal)
	register(Entry{Name: "goccy", Module: "github.com/goccy/go-json", Desc: "goccy/go-json",
		Warm: warmGoccy, WarmName: "no warm-up API; a null decode+zero encode"}, gojson.Marshal, gojson.Unmarshal)
	register(Entry{Name: "segmentio", Module: "github.com/segmentio/encoding", Desc: "segmentio/encoding/json"},
		segjson.Marshal, segjson.Unmarshal)
	register(Entry{Name: "jsoniter", Module: "github.com/json-iterator/go", Desc: "json-iterator/go, ConfigDefault"},
		jsoniter.Marshal, jsoniter.Unmarshal)
	register(Entry{Name: "jsonv2", Module: "github.com/go-json-experiment/json", Desc: "encoding/json/v2 semantics (go-json-experiment/json)"},
		func(v any) ([]byte, error) { return jsonv2.Marshal(v) }, func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) })
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
