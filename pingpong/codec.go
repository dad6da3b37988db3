// Package pingpong is the engine: codecs, pairs of goroutines that
// ping-pong a document, levels of concurrency and the scenarios they make.
package pingpong

import (
	"fmt"
	"pingpong/results"
	"reflect"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
)

// Codec is a JSON library as its users call it: Unmarshal into a pointer,
// Marshal a value.
type Codec interface {
	Marshal(v any) ([]byte, error)
	Unmarshal(data []byte, v any) error
}

// Impl is a named codec in the registry.
type Impl struct {
	Name   string
	Module string // module path whose version the report shows; "" = the Go toolchain
	Desc   string
	NoJSON bool // does no JSON work (baseline): its bytes are not throughput
	// New builds the codec for one input. Only baseline looks at the input:
	// it prepares the value and bytes it will hand back without parsing.
	New func(input []byte) (Codec, error)
	// Warm, when set, compiles the codec's type-specific code for t ahead of
	// first use, which users pay at start-up; it is timed and reported
	// apart, never inside a measured window.
	Warm func(t reflect.Type) error
	// Env is settings of the whole process the codec needs, read once at
	// start-up (SONIC_USE_OPTDEC=1): its worker process is started with
	// them, so such a codec runs only isolated.
	Env []string
	// Check, when set, tells in the codec's own process whether Env took
	// effect; its error turns the codec's rows into error rows rather than
	// measure the wrong thing.
	Check func() error
}

// NeedsIsolation names the first of the codecs that needs a process of its
// own (Env), or "" when none does.
func NeedsIsolation(names []string) string {
	for _, n := range names {
		if im, ok := registry[n]; ok && len(im.Env) > 0 {
			return n + " needs " + strings.Join(im.Env, " ") + " in its process, which only a worker process (-isolate) can have"
		}
	}
	return ""
}

// Version is the module version the binary was built with, from its build
// info: a release tag, a pseudo-version, "(devel)" for a replaced checkout.
func (im Impl) Version() string {
	if im.Module == "" {
		return runtime.Version()
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, m := range bi.Deps {
		if m.Path != im.Module {
			continue
		}
		if m.Replace != nil {
			if m.Replace.Version != "" {
				return m.Replace.Version
			}
			return "(devel)"
		}
		return m.Version
	}
	return "unknown"
}

var registry = map[string]Impl{}

// Register adds an impl to the registry. It panics on a duplicate name: that
// is a programming error, found by the first test that runs.
func Register(im Impl) {
	if _, dup := registry[im.Name]; dup {
		panic("pingpong: codec registered twice: " + im.Name)
	}
	registry[im.Name] = im
}

// Impls returns every registered impl: the default ones in their order, then
// any others (test codecs) by name.
func Impls() []Impl {
	var out []Impl
	seen := map[string]bool{}
	for _, n := range results.DefaultImpls {
		if im, ok := registry[n]; ok {
			out = append(out, im)
			seen[n] = true
		}
	}
	var rest []string
	for n := range registry {
		if !seen[n] {
			rest = append(rest, n)
		}
	}
	sort.Strings(rest)
	for _, n := range rest {
		out = append(out, registry[n])
	}
	return out
}

// LookupImpls resolves a list of names, failing on the first unknown one
// with the list of valid names.
func LookupImpls(names []string) ([]Impl, error) {
	out := make([]Impl, 0, len(names))
	for _, n := range names {
		im, ok := registry[n]
		if !ok {
			var valid []string
			for _, v := range Impls() {
				valid = append(valid, v.Name)
			}
			return nil, fmt.Errorf("unknown codec %q (valid: %s)", n, strings.Join(valid, ", "))
		}
		out = append(out, im)
	}
	return out, nil
}
