package pingpong

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/internal/machine"
	"github.com/pingpong-bench/pingpong/internal/plan"
	"github.com/pingpong-bench/pingpong/results"
)

var quick = Options{Duration: 100 * time.Millisecond, Warmup: 20 * time.Millisecond}

var doc = []byte(`{"id":7,"items":["a","b"],"price":1.5}`)

// A built-in codec handed back, even renamed, or made of the same
// functions, keeps what the registry knows of it (its description, its
// module: the toolchain's version for encoding/json); a program's own
// codec is described by the package its functions are in. (A test
// binary's build info lists no modules, so a module's version is not
// checked here.)
func TestRunKnowsTheCodecs(t *testing.T) {
	sonic, err := Lookup("sonic")
	if err != nil {
		t.Fatal(err)
	}
	sonic.Name = "s2"
	std := Codec{Name: "mine", Marshal: json.Marshal, Unmarshal: json.Unmarshal}
	wrapped := Codec{Name: "wrapped", Marshal: json.Marshal, Unmarshal: func(b []byte, v any) error { return json.Unmarshal(b, v) }}
	rep := runWithStops(t, doc, []Codec{sonic, std, wrapped}, quick)
	infos := map[string]results.CodecInfo{}
	for _, im := range rep.Results().Codecs {
		infos[im.Name] = im
	}
	if d := infos["s2"].Desc; d != "bytedance/sonic, default config" {
		t.Errorf("s2 (sonic) is described as %q, want sonic's registered description", d)
	}
	if d := infos["mine"].Desc; !strings.HasPrefix(d, "encoding/json") {
		t.Errorf("mine (std's functions) is described as %q, want std's description", d)
	}
	if d := infos["wrapped"].Desc; d != "github.com/pingpong-bench/pingpong/pingpong: Marshal, Unmarshal" {
		t.Errorf("wrapped is described as %q, want the package its functions are in", d)
	}
	if v := infos["mine"].Version; !strings.HasPrefix(v, strings.SplitN(runtime.Version(), "-", 2)[0]) {
		t.Errorf("mine (encoding/json) is version %q, want the toolchain's %s", v, runtime.Version())
	}
	for _, name := range []string{"s2", "mine", "wrapped", results.Control, results.Baseline} {
		if r, ok := rep.Codec(name); !ok || r.RoundTrips == 0 || r.Err != "" || r.Stops == 0 {
			t.Errorf("%s (found %v): n=%d err=%q stops %d", name, ok, r.RoundTrips, r.Err, r.Stops)
		}
	}
}

// New is what every decode fills, and what is encoded next.
func TestRunDecodesIntoNew(t *testing.T) {
	type order struct {
		ID    int      `json:"id"`
		Items []string `json:"items"`
		Price float64  `json:"price"`
	}
	var made atomic.Int64
	c := Codec{Name: "typed", Marshal: json.Marshal, Unmarshal: json.Unmarshal,
		New: func() any { made.Add(1); return new(order) }}
	rep, err := Run(context.Background(), doc, []Codec{c}, quick)
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := rep.Codec("typed"); !ok || r.RoundTrips == 0 || r.Err != "" || r.Mismatch != "" {
		t.Errorf("typed (found %v): n=%d err=%q mismatch=%q", ok, r.RoundTrips, r.Err, r.Mismatch)
	}
	if made.Load() < 2 {
		t.Errorf("New made %d targets, want one per decode", made.Load())
	}
}

func TestRunRefusesWhatItCannotMeasure(t *testing.T) {
	std := Codec{Name: "std", Marshal: json.Marshal, Unmarshal: json.Unmarshal}
	for _, c := range []struct {
		doc    string
		codecs []Codec
		want   string
	}{
		{`{"a":`, []Codec{std}, "doc"},
		{`{}`, []Codec{{Name: "baseline", Marshal: json.Marshal, Unmarshal: json.Unmarshal}}, `"baseline"`},
		{`{}`, []Codec{{Name: "half", Marshal: json.Marshal}}, "half needs both"},
		{`{}`, []Codec{std, std}, "named twice"},
	} {
		if _, err := Run(context.Background(), []byte(c.doc), c.codecs, quick); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("doc %s, %d codecs: err %v, want it to say %q", c.doc, len(c.codecs), err, c.want)
		}
	}
}

// A level too large for the machine's memory is refused before anything
// runs, as the command refuses it.
func TestRunRefusesALevelThatDoesNotFitInMemory(t *testing.T) {
	if machine.Memory() == 0 {
		t.Skip("this machine's memory is unknown: nothing is refused")
	}
	big := []byte(`"` + strings.Repeat("x", 4<<20) + `"`)
	std := Codec{Name: "std", Marshal: json.Marshal, Unmarshal: json.Unmarshal}
	opts := quick
	opts.Levels = []int{100000}
	_, err := Run(context.Background(), big, []Codec{std}, opts)
	var me *plan.MemoryError
	if !errors.As(err, &me) || me.Level.Pairs != 100000 {
		t.Fatalf("100000 pairs on 4 MB: err %v, want a memory error", err)
	}
}
