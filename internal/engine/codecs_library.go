package engine

import (
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
	// NewTarget makes what each decode fills in place of the engine's
	// target; nil decodes into what the engine asks for (any, or the
	// run's struct type).
	NewTarget func() any
}

// marshal and unmarshal make a Library a Codec.
func (l Library) marshal(v any) ([]byte, error) { return l.Marshal(v) }

func (l Library) unmarshal(data []byte, v any) error {
	p, ok := v.(*any)
	if l.NewTarget == nil || !ok {
		return l.Unmarshal(data, v)
	}
	// the decoded *T travels as the any the pair encodes next: the
	// library's encoder of T, as its users' code runs it
	t := l.NewTarget()
	if err := l.Unmarshal(data, t); err != nil {
		return err
	}
	*p = t
	return nil
}

// Impl is the library as a codec of the registry, or of one Go program's
// run. pkg is the import path of the package whose functions it calls:
// the report shows the version of the module that holds it ("" or a
// standard library path: the Go toolchain's).
func (l Library) Impl(name, pkg, desc string) Impl {
	return Impl{Name: name, Module: ModuleOf(pkg), Desc: desc, Library: &l, New: l.codec}
}

// codec is the Impl's New: the library needs nothing of the input.
func (l Library) codec([]byte) (Codec, error) { return funcs{l.marshal, l.unmarshal}, nil }

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
