package codecs

import (
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// InputTargets is what actually runs on in: the asked targets
// (results.Config.AskedTargets), with a
// typed one (struct, or a type of this build) replaced by any when it does
// not fit the input, and the note that says so ("" when nothing fell
// back). t is the type of the typed target when it runs.
func InputTargets(asked []string, in *datasets.Input) (targets []string, t reflect.Type, note string) {
	for _, tg := range asked {
		if tg != results.TargetAny {
			typ, err := typedTarget(in, tg)
			if err == nil {
				t = typ
				targets = append(targets, tg)
				continue
			}
			note = err.Error() + ": decoding into any instead"
			tg = results.TargetAny
		}
		if !slices.Contains(targets, tg) {
			targets = append(targets, tg)
		}
	}
	return targets, t, note
}

// typedTarget is the type that target tg decodes in into: the corpus's
// struct for struct, else the build's type of that name.
func typedTarget(in *datasets.Input, tg string) (reflect.Type, error) {
	if tg == results.TargetStruct {
		return StructTarget(in)
	}
	return UserTarget(in, tg)
}

// typedOf is the typed target among targets: any target but any.
func TypedOf(targets []string) string {
	for _, tg := range targets {
		if tg != results.TargetAny {
			return tg
		}
	}
	return ""
}

var structTargets sync.Map // sha256 + name -> structTarget; the fit check decodes the whole input

type structTarget struct {
	t   reflect.Type
	err error
}

// StructTarget is the struct type to decode in into, or why there is none.
// A type is found by the input's name, and must then fit the document: a
// file may carry a typed corpus's name without its shape, and a struct that
// silently drops fields would have codecs compared on different work. Fit
// means encoding/json decodes it with unknown fields disallowed and its
// encoding reads back as the same JSON value.
func StructTarget(in *datasets.Input) (reflect.Type, error) {
	key := in.SHA256 + " " + in.Name
	if v, ok := structTargets.Load(key); ok {
		st := v.(structTarget)
		return st.t, st.err
	}
	t, err := structTargetOf(in)
	structTargets.Store(key, structTarget{t, err})
	return t, err
}

func structTargetOf(in *datasets.Input) (reflect.Type, error) {
	t, ok := datasets.TargetType(in.Name)
	if !ok {
		return nil, fmt.Errorf("%s has no struct type (typed corpora: %s)", in.Name, strings.Join(datasets.TargetNames(), ", "))
	}
	got, err := TypeFits(in, t)
	if err != nil {
		return nil, err
	}
	var want any
	if err := stdjson.Unmarshal(in.Data, &want); err != nil {
		return nil, fmt.Errorf("%s: %w", in.Name, err)
	}
	if d := datasets.Diff(want, got); d != "" {
		return nil, fmt.Errorf("%s does not survive a round trip through %v: %s", in.Name, t, d)
	}
	return t, nil
}

// TargetFunc makes what one decode fills: nil means any, otherwise a new *T
// per decode, as a service allocates one per request.
func TargetFunc(t reflect.Type) func() any {
	if t == nil {
		return nil
	}
	return func() any { return reflect.New(t).Interface() }
}

// Decoder decodes one goroutine's messages into its target. For any it
// reuses one interface, so that a decode into any costs what it costs a
// caller that keeps one variable; for a struct it hands out a new *T each
// time.
type Decoder struct {
	v   any
	New func() any // nil: decode into v
}

// Decode returns the value to encode next: the interface's content for any,
// the *T itself for a struct (encoding through the pointer does not copy the
// struct into an interface).
func (d *Decoder) Decode(c Codec, data []byte) (any, error) {
	if d.New == nil {
		d.v = nil // a codec may reuse what the target holds; start clean
		err := c.Unmarshal(data, &d.v)
		return d.v, err
	}
	p := d.New()
	return p, c.Unmarshal(data, p)
}

// CheckStruct is Check for a struct target: the codec decodes input into a
// new *T and encodes it (bin, a pair's first message), decodes that again
// and re-encodes, and encoding/json's reading of this steady-state message,
// what pairs really exchange, is compared with its reading of input. For a
// built-in corpus StructTarget has made sure that this is encoding/json's
// own round trip through T; a runner holds a user's type against that
// round trip (typeFits), which may differ from the input (omitempty, a
// float32), so that a difference always names the codec.
func CheckStruct(c Codec, input []byte, t reflect.Type) (bin []byte, mismatch string, err error) {
	var want any
	if err := stdjson.Unmarshal(input, &want); err != nil {
		return nil, "", fmt.Errorf("encoding/json reading input: %w", err)
	}
	return checkStruct(c, input, want, t)
}

// checkStruct is CheckStruct with encoding/json's reading of input done
// once for every codec: on canada it costs more than the codec's part.
func checkStruct(c Codec, input []byte, want any, t reflect.Type) (bin []byte, mismatch string, err error) {
	first := reflect.New(t).Interface()
	if err := c.Unmarshal(input, first); err != nil {
		return nil, "", fmt.Errorf("decode into %v: %w", t, err)
	}
	bin, err = c.Marshal(first)
	if err != nil {
		return nil, "", fmt.Errorf("encode %v: %w", t, err)
	}
	again := reflect.New(t).Interface()
	if err := c.Unmarshal(bin, again); err != nil {
		return nil, "", fmt.Errorf("decode of own output into %v: %w", t, err)
	}
	steady, err := c.Marshal(again)
	if err != nil {
		return nil, "", fmt.Errorf("encode %v again: %w", t, err)
	}
	var got any
	if err := stdjson.Unmarshal(steady, &got); err != nil {
		return nil, "", fmt.Errorf("encoding/json reading the codec's output: %w", err)
	}
	return bin, datasets.Diff(want, got), nil
}

// prepareStruct readies im for the struct target t on in: it warms the
// codec's compilation of t (timed into info.Compile, as users pay it at
// start-up, and kept out of the measured windows), then checks it. The
// outcome goes to info's struct fields; the returned Prepared carries it as
// its own Mismatch/Err so that struct rows report it.
func PrepareStruct(im Entry, in *datasets.Input, want any, t reflect.Type, info *results.CodecInfo) Prepared {
	p := Prepared{Entry: im, NewTarget: TargetFunc(t)}
	c, bin, mismatch, err := ready(im, in, "struct check", func(c Codec) ([]byte, string, error) {
		if im.Warm != nil {
			start := time.Now()
			err := im.Warm(t)
			info.Compile = time.Since(start)
			if err != nil {
				return nil, "", fmt.Errorf("compiling for %v: %w", t, err)
			}
		}
		return checkStruct(c, in.Data, want, t)
	})
	if err == nil && im.Name == results.Control {
		c, err = NewControlFor(in.Data, t) // as busy as the codecs decoding into t
	}
	if err != nil {
		info.StructErr = err.Error()
	} else {
		p.Codec, p.Bin, info.StructMismatch = c, bin, mismatch
	}
	p.Info = *info
	p.Info.Mismatch, p.Info.Err = info.StructMismatch, info.StructErr
	return p
}
