package codecs

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"slices"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// A Go service decodes into its own types. A build of pingpong can be given
// some (bench_scheduling.sh --type generates the RegisterType call), and
// -target NAME makes one the decode target of every codec, checked like the
// built-in struct targets against encoding/json into the same type.

var userTypes = map[string]reflect.Type{}

// RegisterType makes t a decode target of this build, by the name reflect
// gives it ("shop.Order"), which rows and headers show. A name taken twice,
// or one that is a target's keyword, panics: the generated code is wrong.
func RegisterType(t reflect.Type) {
	name := t.String()
	if _, dup := userTypes[name]; dup || slices.Contains(results.TargetKeywords, name) {
		panic("pingpong: decode target registered twice: " + name)
	}
	userTypes[name] = t
}

// TypeNamed is the registered decode target of that name, unchecked: a
// cold process must not decode the input with encoding/json before the
// codec's first call.
func TypeNamed(name string) (reflect.Type, bool) {
	t, ok := userTypes[name]
	return t, ok
}

// Types lists the registered decode targets, sorted.
func Types() []string {
	var out []string
	for n := range userTypes {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// typeFits checks that t can hold in: encoding/json decodes the document
// into it with unknown fields disallowed. A field the type lacks would be
// dropped unseen by every codec, which is not the work the user asked about.
// It returns encoding/json's round trip of the document through t, read as
// any: what every codec's struct check is held against.
func TypeFits(in *datasets.Input, t reflect.Type) (want any, err error) {
	dec := stdjson.NewDecoder(bytes.NewReader(in.Data))
	dec.DisallowUnknownFields()
	p := reflect.New(t).Interface()
	if err := dec.Decode(p); err != nil {
		return nil, fmt.Errorf("%s does not fit %v: %w", in.Name, t, err)
	}
	out, err := stdjson.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("%s: encoding %v: %w", in.Name, t, err)
	}
	if err := stdjson.Unmarshal(out, &want); err != nil {
		return nil, fmt.Errorf("%s: reading back %v: %w", in.Name, t, err)
	}
	return want, nil
}

// UserTarget is the registered type name, checked against in.
func UserTarget(in *datasets.Input, name string) (reflect.Type, error) {
	t, ok := userTypes[name]
	if !ok {
		return nil, fmt.Errorf("%s is not a decode target of this build (types: %v)", name, Types())
	}
	key := in.SHA256 + " " + in.Name + " " + name
	if v, ok := structTargets.Load(key); ok {
		st := v.(structTarget)
		return st.t, st.err
	}
	_, err := TypeFits(in, t)
	if err != nil {
		t = nil
	}
	structTargets.Store(key, structTarget{t, err})
	return t, err
}
