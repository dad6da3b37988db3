package codecs

import (
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"runtime/debug"
	"strings"
)

// Library is a codec that is nothing but a library's two functions, as its
// users call them: what the public pingpong.Codec carries. Every built-in
// codec but baseline is one, and so is a codec handed in by a program that
// uses pingpong as a library or by bench_scheduling.sh --add.
type Library struct {
	Marshal   func(v any) ([]byte, error)
	Unmarshal func(data []byte, v any) error
	// NewTarget makes what each decode fills (a pointer) in place of the
	// run's target; nil decodes into what the run asks for (any, or its
	// struct type).
	NewTarget func() any
}

// check is Check for a library that decodes into its own type (New):
// its round trip through that type, held against encoding/json's through
// the same type, so that the fields the type leaves out are no mismatch.
func (l Library) check(input []byte) func(Codec) ([]byte, string, error) {
	return func(c Codec) ([]byte, string, error) {
		target := l.NewTarget()
		t := reflect.TypeOf(target)
		if t == nil || t.Kind() != reflect.Pointer {
			return nil, "", fmt.Errorf("New returns %v, not a pointer to decode into", t)
		}
		var want any
		if err := stdjson.Unmarshal(input, target); err != nil {
			return nil, "", fmt.Errorf("encoding/json reading input into %v: %w", t, err)
		}
		out, err := stdjson.Marshal(target)
		if err == nil {
			err = stdjson.Unmarshal(out, &want)
		}
		if err != nil {
			return nil, "", fmt.Errorf("encoding/json's round trip through %v: %w", t, err)
		}
		return checkStruct(c, input, want, t.Elem())
	}
}

// Entry is the library as a codec of the registry, or of one Go program's
// run. pkg is the import path of the package whose functions it calls:
// the report shows the version of the module that holds it ("" or a
// standard library path: the Go toolchain's).
func (l Library) Entry(name, pkg, desc string) Entry {
	return Entry{Name: name, Module: ModuleOf(pkg), Desc: desc, Library: &l, New: l.codec}
}

// codec is the Entry's New: the library needs nothing of the input.
func (l Library) codec([]byte) (Codec, error) { return funcs{l.Marshal, l.Unmarshal}, nil }

// ModuleOf is the module of this binary's build that holds package pkg,
// the longest module path that is pkg or a prefix of it; "" for the
// standard library, whose version is the toolchain's.
func ModuleOf(pkg string) string {
	first, _, _ := strings.Cut(pkg, "/")
	if !strings.Contains(first, ".") {
		return "" // the standard library's paths have no dot in their first element
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return pkg
	}
	best := ""
	for _, m := range append([]*debug.Module{&bi.Main}, bi.Deps...) {
		if (pkg == m.Path || strings.HasPrefix(pkg, m.Path+"/")) && len(m.Path) > len(best) {
			best = m.Path
		}
	}
	if best == "" {
		return pkg
	}
	return best
}
