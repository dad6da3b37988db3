// Package codecs is the codec registry and what a codec decodes into: the
// codecs a run can name (Register, LookupAll; std and the references
// here, the other built-ins from BuiltinPackage), the decode targets (any, a
// corpus's struct, a build's own types), the check of a codec against
// encoding/json, and a codec readied for one input (Prepare), which the
// load then runs.
package codecs

import (
	"fmt"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"

	"github.com/pingpong-bench/pingpong/results"
)

// Codec is a JSON library as its users call it: Unmarshal into a pointer,
// Marshal a value.
type Codec interface {
	Marshal(v any) ([]byte, error)
	Unmarshal(data []byte, v any) error
}

// Entry is one name of the registry: a codec, or a reference (Reference)
// a run measures the codecs against. Codec is what it builds for an input.
type Entry struct {
	Name      string
	Module    string // module path whose version the report shows; "" = the Go toolchain
	Desc      string
	Reference bool // a reference (baseline, control), not a codec: no JSON work, its bytes are not throughput
	// New builds the codec for one input. Only baseline looks at the input:
	// it prepares the value and bytes it will hand back without parsing.
	New func(input []byte) (Codec, error)
	// Warm, when set, compiles the codec's type-specific code for t ahead of
	// first use, which users pay at start-up; it is timed and reported
	// apart, never inside a measured window.
	Warm func(t reflect.Type) error
	// WarmName says what Warm calls, as the cold report names it: the
	// codec's warm-up API ("sonic.Pretouch"), or the calls that do the
	// job where the codec has none.
	WarmName string
	// Env is settings of the whole process the codec needs, read once at
	// start-up (SONIC_USE_OPTDEC=1): its worker process is started with
	// them, so such a codec runs only isolated.
	Env []string
	// Library is the codec's two functions, when it is nothing more
	// (every built-in codec but baseline); nil otherwise.
	Library *Library
	// Check, when set, tells in the codec's own process whether Env took
	// effect; its error turns the codec's rows into error rows rather than
	// measure the wrong thing.
	Check func() error
	// Notes are what the codec says of itself in this build on this
	// machine ("native JIT"): the report prints them after its version.
	Notes []string
	// Fallback, when set, is the native path the codec lacks in this build
	// on this machine, which makes its figures another codec's; the
	// environment records it (Fallbacks) and the testbed carries it.
	Fallback *results.Fallback
}

// Fallbacks are the native paths the registered codecs fell back from in
// this build on this machine, each once: a fact of the machine whichever
// codecs a run asks for.
func Fallbacks() []results.Fallback {
	var out []results.Fallback
	for _, im := range All() {
		if f := im.Fallback; f != nil && !slices.Contains(out, *f) {
			out = append(out, *f)
		}
	}
	return out
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
// Codecs of the standard library go by the Go version, with the build's
// GOEXPERIMENT: encoding/json under jsonv2 is another implementation.
func (im Entry) Version() string {
	if im.Module == "" {
		return toolchainVersion(runtime.Version())
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	if bi.Main.Path == im.Module {
		return bi.Main.Version // a program's own codec: "(devel)" when built in its checkout
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

// toolchainVersion spells the runtime's "go1.26.8-X:jsonv2" (or, before
// Go 1.26, "go1.25.0 X:jsonv2") as "go1.26.8 (GOEXPERIMENT=jsonv2)": the
// name users set, and the form the header shows sonic's "(native JIT)" in.
func toolchainVersion(v string) string {
	for _, sep := range []string{"-X:", " X:"} {
		if goVersion, exp, ok := strings.Cut(v, sep); ok {
			return goVersion + " (GOEXPERIMENT=" + exp + ")"
		}
	}
	return v
}

var registry = map[string]Entry{}

// Lookup is the registered codec of that name.
func Lookup(name string) (Entry, bool) {
	im, ok := registry[name]
	return im, ok
}

// unavailable names the codecs that other builds of pingpong have (behind a
// build tag), with what it takes to get them, so that asking for one says
// how instead of "unknown codec".
var unavailable = map[string]string{}

// Register adds an entry to the registry. It panics on a duplicate name: that
// is a programming error, found by the first test that runs. A codec
// generated by bench_scheduling.sh --add lands here too, so the name of a
// codec of another build counts as taken: the same --add must work in both.
func Register(im Entry) {
	if _, dup := registry[im.Name]; dup {
		panic("pingpong: codec registered twice: " + im.Name)
	}
	if why, ok := unavailable[im.Name]; ok {
		panic("pingpong: codec registered twice: " + im.Name + " (a codec of other builds: it " + why + ")")
	}
	registry[im.Name] = im
}

// Unregister removes a codec from the registry: for a test that registers
// one for itself.
func Unregister(name string) { delete(registry, name) }

// RegisterUnavailable records a codec this build lacks and why, e.g. "needs
// a build with GOEXPERIMENT=jsonv2 (...)"; LookupAll says so when asked.
func RegisterUnavailable(name, why string) {
	unavailable[name] = why
}

// All returns every registered entry: the default ones in their order, then
// any others (test codecs) by name.
func All() []Entry {
	var out []Entry
	seen := map[string]bool{}
	for _, n := range results.DefaultCodecs {
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

// LookupAll resolves a list of names, failing on the first unknown one
// with the list of valid names, and on a name given twice: its rows would
// be two unlabelled blocks of one codec.
func LookupAll(names []string) ([]Entry, error) {
	out := make([]Entry, 0, len(names))
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			return nil, fmt.Errorf("codec %q named twice", n)
		}
		im, ok := registry[n]
		if why, missing := unavailable[n]; !ok && missing {
			return nil, fmt.Errorf("%s %s", n, why)
		}
		if !ok && slices.Contains(results.BuiltinCodecs, n) {
			return nil, fmt.Errorf("codec %q is built into pingpong but not linked into this program: import _ %q", n, BuiltinPackage)
		}
		if !ok {
			var valid []string
			for _, v := range All() {
				valid = append(valid, v.Name)
			}
			return nil, fmt.Errorf("unknown codec %q (valid: %s)", n, strings.Join(valid, ", "))
		}
		out = append(out, im)
	}
	return out, nil
}
