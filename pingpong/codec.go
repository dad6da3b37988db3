// Package pingpong measures whether a JSON codec, or any function, keeps a
// Go program from stopping the world: pairs of goroutines ping-pong a
// document through the codec while a probe forces stops of the world and
// times how long each takes to begin, taking turns in the same window with
// the references. control is the reference: a codec as busy as
// encoding/json in a loop the runtime can always preempt, at the level of
// as many pairs as Ps; at other levels the stops' waits are judged against
// baseline, which does no JSON work.
//
// Run measures from Go and returns a Report: per level and codec, the
// figures and the answer of the pingpong command's verdict (stands out,
// does not, cannot tell), and the results it writes with -json. Package
// pingpongtest wraps this as a guard for go test (NoFreeze) and as a
// benchmark benchstat reads.
package pingpong

import (
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strings"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/results"
)

// Codec is a JSON library as its users call it.
type Codec struct {
	// Name is what rows and verdicts call it; "baseline" is taken.
	Name string
	// Marshal encodes a value, as json.Marshal does.
	Marshal func(v any) ([]byte, error)
	// Unmarshal decodes data into the pointer v, as json.Unmarshal does.
	Unmarshal func(data []byte, v any) error
	// New makes what each decode fills (a pointer, as to Unmarshal), whose
	// encoding is the next message; nil decodes into any.
	New func() any
}

// Codecs are the codecs built into pingpong that this program links,
// encoding/json ("std") first, in the order the pingpong command runs them:
// std alone, unless the program imports package
// github.com/pingpong-bench/pingpong/codecs, which registers sonic, goccy,
// segmentio, jsoniter and jsonv2. The references (baseline, control), and
// codecs that need a process of their own (sonic-optdec), are not among
// them.
func Codecs() []Codec {
	var out []Codec
	for _, im := range codecs.All() {
		if im.Library != nil && len(im.Env) == 0 {
			out = append(out, Codec{Name: im.Name, Marshal: im.Library.Marshal, Unmarshal: im.Library.Unmarshal})
		}
	}
	return out
}

// Lookup is the built-in codec of that name among Codecs: "std" always,
// "sonic" and the others once the program imports package
// github.com/pingpong-bench/pingpong/codecs:
//
//	import _ "github.com/pingpong-bench/pingpong/codecs"
func Lookup(name string) (Codec, error) {
	cs := Codecs()
	if i := slices.IndexFunc(cs, func(c Codec) bool { return c.Name == name }); i >= 0 {
		return cs[i], nil
	}
	// the registry says why: not linked, unavailable in this build, or
	// unknown
	entries, err := codecs.LookupAll([]string{name})
	switch {
	case err != nil:
		return Codec{}, fmt.Errorf("pingpong: %w", err)
	case entries[0].Library == nil:
		return Codec{}, fmt.Errorf("pingpong: %q is a reference of the command, not a codec", name)
	}
	return Codec{}, fmt.Errorf("pingpong: codec %q needs a process of its own (%s), and Run runs codecs in this one", name, strings.Join(entries[0].Env, " "))
}

// Register adds c to the codecs of the pingpong command built with it;
// bench_scheduling.sh --add generates the call. pkg is the import path of
// the package c calls, whose module's version -list and the report show.
// A name taken twice panics, as the generated code is then wrong.
func Register(c Codec, pkg string) {
	if err := c.valid(); err != nil {
		panic(err)
	}
	codecs.Register(c.library().Entry(c.Name, pkg, pkg+": Marshal, Unmarshal"))
}

// RegisterType makes T a decode target of the pingpong command built with
// it (-target, by the name reflect gives it, such as "shop.Order");
// bench_scheduling.sh --type generates the call.
func RegisterType[T any]() { codecs.RegisterType(reflect.TypeFor[T]()) }

func (c Codec) valid() error {
	switch {
	case c.Name == "" || results.IsReference(c.Name):
		return fmt.Errorf("pingpong: a codec needs a name other than %q, %q and %q", "", results.Baseline, results.Control)
	case c.Marshal == nil || c.Unmarshal == nil:
		return fmt.Errorf("pingpong: codec %s needs both Marshal and Unmarshal", c.Name)
	}
	return nil
}

func (c Codec) library() codecs.Library {
	return codecs.Library{Marshal: c.Marshal, Unmarshal: c.Unmarshal, NewTarget: c.New}
}

// entry is c as the registry holds it. A built-in codec, as Codecs hands it
// out, keeps what the registry knows of it besides its functions: its
// module's version, its warm-up (sonic's Pretouch).
func (c Codec) entry() (codecs.Entry, error) {
	if err := c.valid(); err != nil {
		return codecs.Entry{}, err
	}
	for _, im := range codecs.All() {
		if l := im.Library; l != nil && c.New == nil && sameFunc(l.Marshal, c.Marshal) && sameFunc(l.Unmarshal, c.Unmarshal) {
			im.Name = c.Name
			return im, nil
		}
	}
	pkg := packageOf(c.Unmarshal)
	return c.library().Entry(c.Name, pkg, pkg+": Marshal, Unmarshal"), nil
}

// sameFunc says whether two funcs are one function. Closures of one
// literal share code, but the built-ins are top-level functions or
// literals that capture nothing.
func sameFunc(a, b any) bool { return reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer() }

// packageOf is the import path of the package that defines f, from the
// runtime's name for it ("github.com/bytedance/sonic.Unmarshal").
func packageOf(f any) string {
	fn := runtime.FuncForPC(reflect.ValueOf(f).Pointer())
	if fn == nil {
		return ""
	}
	name := fn.Name()
	slash := strings.LastIndex(name, "/") + 1
	if dot := strings.Index(name[slash:], "."); dot >= 0 {
		return name[:slash+dot]
	}
	return name
}
