package plan

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/retry"
	"github.com/pingpong-bench/pingpong/internal/spin"
	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
)

// freezer is std whose decode first spins 30ms in code the runtime cannot
// preempt, as sonic's native scanner does on a huge string: every stop of
// the world begun meanwhile waits for it.
type freezer struct{ codecs.Codec }

func (f freezer) Unmarshal(data []byte, v any) error {
	freezeDecode()
	return f.Codec.Unmarshal(data, v)
}

//go:noinline
func freezeDecode() { spin.Spin(30 * time.Millisecond) }

func init() {
	// registered in the test binary and in its workers alike
	codecs.Register(codecs.Entry{Name: "test-freezer", Desc: "spins 30ms non-preemptibly per decode (test only)", New: func([]byte) (codecs.Codec, error) {
		std := stdCodec()
		return freezer{std}, nil
	}})
}

// A codec that cannot be preempted for 30ms must show it: its stops of the
// world take at least 20ms to begin, and the flight recorder names its
// function as what they waited on; baseline's stops, in the same run (the
// two take turns), stay well short of them; and the verdict names it: it
// stands out, or, where other work left the program too little of its
// window, the verdict cannot tell and says why, but never passes it. The
// machine is shared, so a try may lose to a neighbour.
func TestNonPreemptibleCodecFreezesTheProgramAndIsNamed(t *testing.T) {
	if !spin.NonPreemptible() {
		t.Skip("spin is preemptible here (set GODEBUG=asyncpreemptoff=1 on this architecture)")
	}
	in := &datasets.Input{Name: "tiny", Kind: "file", Data: []byte(`{"a":[1,2,3],"b":"x"}`)}
	cfg := results.Config{
		Codecs:   []string{"test-freezer", "baseline"},
		Levels:   []results.Level{{Spec: "1", Pairs: 1}},
		Duration: 700 * time.Millisecond, Warmup: 100 * time.Millisecond, Slice: 100 * time.Millisecond,
		STW: 10 * time.Millisecond, Culprits: true,
		Isolate: true, Worker: []string{os.Args[0]},
	}
	retry.Three(t, func() error {
		run, byCodec := executeByCodec(t, cfg, in, func(r results.Result) string {
			if r.Err != "" || r.STW == nil {
				return fmt.Sprintf("err %q, stw measured %v", r.Err, r.STW != nil)
			}
			return ""
		})
		fr, base := byCodec["test-freezer"], byCodec["baseline"]
		if fr.STW.Max < 20*time.Millisecond {
			return fmt.Errorf("freezer stw.max %v, want at least 20ms", fr.STW.Max)
		}
		if fr.Culprit == nil || !strings.HasSuffix(fr.Culprit.Frame, "freezeDecode") && !strings.Contains(fr.Culprit.Frame, "spin.Spin") {
			return fmt.Errorf("freezer culprit %v (err %q), want it to name freezeDecode or spin.Spin", fr.Culprit, fr.CulpritErr)
		}
		// Against baseline it is the verdict that tells (below): one
		// stop of baseline's that a loaded machine held up, which its
		// longest would be, says nothing of the codec.
		if fr.Slices < 2 || base.Slices < 2 {
			return fmt.Errorf("%d and %d turns: the two codecs did not take turns", fr.Slices, base.Slices)
		}
		var out strings.Builder
		if err := report.WriteConsole(&out, run, report.ConsoleOptions{}); err != nil {
			t.Fatal(err)
		}
		console := out.String()
		if strings.Contains(console, "\n  stands out from baseline: test-freezer (froze the program ") {
			return nil
		}
		// Beside heavy work (four CPU hogs at nice -5, the probe without
		// its priority) the program runs a tenth of its window and a 700ms
		// window holds a handful of stops: the verdict may then not be
		// sure, and says so, naming the freezer and how little the
		// program ran. It never says the freezer does not freeze.
		if strings.Contains(console, "cannot tell at 1x encdec: test-freezer (") && strings.Contains(console, "the program got as little as ") {
			t.Logf("the machine left the program too little to be sure (cannot tell, not a pass):\n%s", console)
			return nil
		}
		return fmt.Errorf("the verdict does not name the freezer:\n%s", console)
	})
}
