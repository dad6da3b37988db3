package codecs

import (
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
)

// results.BuiltinCodecs, which bench_scheduling.sh --add checks names
// against before it builds anything, holds every codec this build
// registers or knows other builds to have.
func TestBuiltinCodecsNameTheRegistry(t *testing.T) {
	for n := range registry {
		if !slices.Contains(results.BuiltinCodecs, n) && !strings.HasPrefix(n, "test") {
			t.Errorf("codec %q is registered but not in results.BuiltinCodecs", n)
		}
	}
	for n := range unavailable {
		if !slices.Contains(results.BuiltinCodecs, n) {
			t.Errorf("codec %q of other builds is not in results.BuiltinCodecs", n)
		}
	}
}

// The core registry holds std and the references; a built-in codec of
// package codecs, not linked here, is refused saying what to import.
func TestCoreRegistry(t *testing.T) {
	for _, n := range []string{"std", results.Baseline, results.Control} {
		if _, ok := registry[n]; !ok {
			t.Errorf("core codec %q is not registered", n)
		}
	}
	if _, err := LookupAll([]string{"std", "nope"}); err == nil || !strings.Contains(err.Error(), "unknown codec") {
		t.Errorf("unknown codec: %v", err)
	}
	_, err := LookupAll([]string{"sonic"})
	if err == nil || !strings.Contains(err.Error(), BuiltinPackage) {
		t.Errorf("sonic without package codecs: %v; want it to name %s", err, BuiltinPackage)
	}
}
