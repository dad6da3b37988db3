package codecs

import (
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"strings"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// The core registry: encoding/json and the references, which every
// program that links the registry has. The other built-in codecs (sonic,
// goccy, ...) register from the public package
// github.com/pingpong-bench/pingpong/codecs, which the pingpong command
// imports, so that a program that links only the freeze guard links no JSON
// library but encoding/json.
func init() {
	Register(WithLibrary(Entry{Name: "std", Desc: stdDesc}, stdjson.Marshal, stdjson.Unmarshal))
	Register(Entry{Name: results.Baseline, Reference: true, New: NewBaseline,
		Desc: "no JSON work: hands back a prepared value and prepared bytes (the harness's ceiling)"})
	Register(Entry{Name: results.Control, Reference: true, New: NewControl,
		Desc: "no JSON work, as busy as encoding/json: spins, always preemptible, as long as its decode and encode (a reference)"})
}

// BuiltinPackage is the import path of the package whose init registers
// the built-in codecs beyond encoding/json.
const BuiltinPackage = "github.com/pingpong-bench/pingpong/codecs"

// funcs adapts a library's package-level Marshal/Unmarshal to Codec.
type funcs struct {
	marshal   func(any) ([]byte, error)
	unmarshal func([]byte, any) error
}

func (f funcs) Marshal(v any) ([]byte, error)      { return f.marshal(v) }
func (f funcs) Unmarshal(data []byte, v any) error { return f.unmarshal(data, v) }

// WithLibrary is im as a Library of the two functions: a built-in codec
// that pingpong.Codecs hands out as a value.
func WithLibrary(im Entry, m func(any) ([]byte, error), u func([]byte, any) error) Entry {
	l := &Library{Marshal: m, Unmarshal: u}
	im.Library, im.New = l, l.codec
	return im
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

// adapterPrefix starts the names of the adapter's two methods
// ("...internal/codecs.funcs."), derived from them so that a rename moves
// it too.
var adapterPrefix = strings.TrimSuffix(runtime.FuncForPC(reflect.ValueOf(funcs.Marshal).Pointer()).Name(), "Marshal")

// AdapterFrame says whether frame, a stack frame as the flight recorder
// prints it ("function file:line"), is the registry's adapter calling a
// library's Marshal or Unmarshal: on a stack, the frame just outside a
// library codec's own code.
func AdapterFrame(frame string) bool { return strings.HasPrefix(frame, adapterPrefix) }
