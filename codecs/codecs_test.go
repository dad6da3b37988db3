package codecs

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/datasets"
	registry "github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/results"
)

// Every codec must read and re-emit every built-in corpus to the value
// encoding/json reads from it: otherwise its rows compare different work.
// The corpora are checked side by side: nothing here is timed.
func TestEveryCodecRoundTripsEveryBuiltin(t *testing.T) {
	for _, b := range datasets.Builtins() {
		t.Run(b.Name, func(t *testing.T) {
			t.Parallel()
			doc, err := datasets.Generate(b.Name, datasets.DefaultSeed)
			if err != nil {
				t.Fatal(err)
			}
			skipMegabytesIfShort(t, len(doc))
			for _, im := range registry.All() {
				c, err := im.New(doc)
				if err != nil {
					t.Fatalf("%s: %v", im.Name, err)
				}
				_, mismatch, err := registry.Check(c, doc)
				if err != nil || mismatch != "" {
					t.Errorf("%s: err %v, mismatch %s", im.Name, err, mismatch)
				}
			}
		})
	}
}

// results.BuiltinCodecs, which bench_scheduling.sh --add checks names
// against before it builds anything, holds every codec registered here.
func TestBuiltinCodecsNameTheRegistry(t *testing.T) {
	for _, im := range registry.All() {
		if !slices.Contains(results.BuiltinCodecs, im.Name) {
			t.Errorf("codec %q is registered but not in results.BuiltinCodecs", im.Name)
		}
	}
}

func TestRegistry(t *testing.T) {
	for _, n := range results.DefaultCodecs {
		// Versions come from build info, which test binaries lack: the
		// CLI test checks them on the real binary.
		if _, ok := registry.Lookup(n); !ok {
			t.Fatalf("default codec %q is not registered", n)
		}
	}
	if !SonicNative {
		t.Log("sonic is not native on this platform: its rows measure encoding/json")
	}
	// The registry says which path sonic took: its notes, and the
	// environment's fallbacks.
	sonic, _ := registry.Lookup("sonic")
	if got := registry.Fallbacks(); SonicNative != (len(got) == 0) || sonic.Notes == nil {
		t.Errorf("native %v: fallbacks %+v, notes %q", SonicNative, got, sonic.Notes)
	}
}

// Without SONIC_USE_OPTDEC this process decodes with sonic's JIT decoder,
// and sonic-optdec's Check refuses to measure it under the optdec name
// (its worker, started with the variable, passes: plan's
// TestSonicOptdecRunsOptdecInItsWorker).
func TestSonicOptdecCheckRefusesTheJIT(t *testing.T) {
	if !SonicNative {
		t.Skip("sonic has no native decoder on this platform")
	}
	if os.Getenv("SONIC_USE_OPTDEC") != "" {
		t.Skip("SONIC_USE_OPTDEC is set in this process")
	}
	if d := sonicDecoder(); d != "jit" {
		t.Fatalf("without SONIC_USE_OPTDEC this process decodes with %q, want jit", d)
	}
	if err := sonicUsesOptdec(); err == nil || !strings.Contains(err.Error(), "did not take effect") {
		t.Errorf("check in a process without the variable: %v; want it refused", err)
	}
}

// skipMegabytesIfShort skips, under -short, a round trip of a document
// of a megabyte or more: the same code as on the smaller ones, over more
// bytes, which the race detector (CI's -race -short run) makes ten times
// slower (govtrack alone took 30 s under it); the suite without -short
// runs them.
func skipMegabytesIfShort(t *testing.T, size int) {
	t.Helper()
	if testing.Short() && size >= 1<<20 {
		t.Skipf("-short: a document of %d bytes (the suite without -short round-trips it)", size)
	}
}
