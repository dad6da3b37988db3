package load

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// jsonFields are the settings t says in JSON, by name, with their Go
// types: an embedded struct's as its own.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case f.Anonymous && name == "":
			for n, ft := range jsonFields(f.Type) {
				out[n] = ft
			}
		case name != "-" && f.IsExported():
			out[name] = f.Type
		}
	}
	return out
}

// SpecOf reads a config's settings by their JSON names: each setting of
// the spec must be the config's, of the same type, or it would stay 0.
func TestSpecSettingsAreTheConfigs(t *testing.T) {
	cfg := jsonFields(reflect.TypeFor[results.Config]())
	for name, typ := range jsonFields(reflect.TypeFor[Spec]()) {
		if name == "repeats" { // SpecOf's own
			continue
		}
		if cfg[name] != typ {
			t.Errorf("Spec's %q (%v) is no setting of results.Config's (%v)", name, typ, cfg[name])
		}
	}
}

func TestSpecOf(t *testing.T) {
	ms := time.Millisecond
	cfg := results.Config{Duration: 2 * time.Second, Warmup: 500 * ms, Probe: ms, STW: 10 * ms, Stall: 3 * ms, Culprits: true,
		TraceDir: "/t", Interval: 100 * ms, HlogDir: "/h", Rate: 500, RateTotal: true, Count: 2, Seed: 7, Isolate: true}
	want := Spec{Watch: Watch{Warmup: 500 * ms, Duration: 2 * time.Second, Probe: ms, STW: 10 * ms, Culprits: true, Stall: 20 * ms, Interval: 100 * ms},
		TraceDir: "/t", HlogDir: "/h", Targets: []string{results.TargetAny}, Rate: 500, RateTotal: true, Repeats: true}
	if got := SpecOf(cfg, 20*ms); !reflect.DeepEqual(got, want) {
		t.Errorf("SpecOf:\n got %+v\nwant %+v", got, want)
	}
}
