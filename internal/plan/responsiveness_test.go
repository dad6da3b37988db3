package plan

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/machine"
	"github.com/pingpong-bench/pingpong/internal/retry"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

const hogChildEnv = "PINGPONG_TEST_HOG_CHILD"

// hog is a codec whose decode holds its P for 20ms: a busy loop with no
// call the scheduler could preempt at once (and, with asyncpreemptoff, no
// signal-based preemption either), as a non-preemptible assembly decoder
// would.
type hog struct{ codecs.Codec }

func (h hog) Unmarshal(data []byte, v any) error {
	for start := time.Now(); time.Since(start) < 20*time.Millisecond; {
	}
	return h.Codec.Unmarshal(data, v)
}

// A codec that hogs its P must show in the probe: at GOMAXPROCS=1 its
// probe's p99 is over 10ms, and its typical (median) wake several times
// the baseline codec's. It runs in a child process so that GOMAXPROCS and
// GODEBUG do not leak into other tests, and the hog codec is registered
// only there. A hog is systematic and lifts every wake, while a busy
// machine's noise comes in bursts that lift the baseline's tail (to 13-20ms
// with a CPU-bound process beside the suite) but not its median: so the
// median is compared, and the child gets three tries.
func TestProbeDetectsAHoggingCodec(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a child process for about 2s")
	}
	if os.Getenv(hogChildEnv) != "" {
		t.Skip("in the child")
	}
	var failures []string
	for try := 0; try < 3; try++ {
		hog, base := hogChild(t)
		t.Logf("probe: hog p50 %v p99 %v, baseline p50 %v p99 %v", hog.P50, hog.P99, base.P50, base.P99)
		if hog.P99 >= 10*time.Millisecond && hog.P50 >= 3*base.P50 {
			return
		}
		failures = append(failures, fmt.Sprintf("hog p50 %v p99 %v, baseline p50 %v", hog.P50, hog.P99, base.P50))
	}
	t.Errorf("probe (%s): want the hog's p99 at least 10ms and its p50 3x the baseline's", strings.Join(failures, "; "))
}

func hogChild(t *testing.T) (hog, base *latency.Summary) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHogChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), hogChildEnv+"=1", "GOMAXPROCS=1", "GODEBUG=asyncpreemptoff=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v\n%s%s", err, out, stderr.String())
	}
	probes := map[string]*latency.Summary{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "RESULT ")
		if !ok {
			continue
		}
		var r results.Result
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		if r.Probe == nil || r.Procs != 1 {
			t.Fatalf("%s: probe %v at GOMAXPROCS=%d, want a probe at 1", r.Codec, r.Probe, r.Procs)
		}
		probes[r.Codec] = r.Probe
	}
	hog, base = probes["hog"], probes[results.Baseline]
	if hog == nil || base == nil {
		t.Fatalf("child did not report both codecs: %v\n%s", probes, out)
	}
	return hog, base
}

// TestHogChild is the child side of TestProbeDetectsAHoggingCodec.
func TestHogChild(t *testing.T) {
	if os.Getenv(hogChildEnv) == "" {
		t.Skip("only as the child of TestProbeDetectsAHoggingCodec")
	}
	codecs.Register(codecs.Entry{Name: "hog", Desc: "test codec: each decode spins 20ms", New: func([]byte) (codecs.Codec, error) { return hog{stdCodec()}, nil }})
	in := &datasets.Input{Name: "small", Kind: "test", Data: []byte(`{"a":[1,2,3],"b":"x"}`)}
	cfg := results.Config{Codecs: []string{"hog", results.Baseline}, Levels: []results.Level{{Spec: "1", Pairs: 1}},
		Duration: 400 * time.Millisecond, Warmup: 50 * time.Millisecond, Probe: time.Millisecond}
	run, err := Execute(context.Background(), cfg, machine.ReadEnvironment("test"), []*datasets.Input{in}, quietObserver{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range run.Results {
		if r.Err != "" {
			t.Fatalf("%s: %s", r.Codec, r.Err)
		}
		b, _ := json.Marshal(r)
		os.Stdout.Write(append(append([]byte("RESULT "), b...), '\n'))
	}
}

type quietObserver struct{}

func (quietObserver) Input(results.InputInfo, []results.CodecInfo) {}
func (quietObserver) Result(results.Result)                        {}

// The baseline does no JSON work, so the harness inside the window (clock
// reads, channel hops, the probe, the heap sampler) must allocate next to
// nothing per round trip; encoding/json allocates a map and its contents on
// every decode.
// executeByCodec runs cfg on in and gives each codec's row; a run that
// fails, or a row that bad says is wrong ("" when it is right), fails
// the test at once: the code is wrong, not the machine busy.
func executeByCodec(t *testing.T, cfg results.Config, in *datasets.Input, bad func(results.Result) string) (*results.Run, map[string]results.Result) {
	t.Helper()
	run, err := Execute(context.Background(), cfg, machine.ReadEnvironment("test"), []*datasets.Input{in}, quietObserver{})
	if err != nil {
		t.Fatal(err)
	}
	per := map[string]results.Result{}
	for _, r := range run.Results {
		if why := bad(r); why != "" {
			t.Fatalf("%s: %s", r.Codec, why)
		}
		per[r.Codec] = r
	}
	return run, per
}

func TestAllocationPerRoundTrip(t *testing.T) {
	in := &datasets.Input{Name: "small", Kind: "test", Data: []byte(`{"a":[1,2,3],"b":"x","c":{"d":true}}`)}
	cfg := results.Config{Codecs: []string{"std", results.Baseline}, Levels: []results.Level{{Spec: "1", Pairs: 1}},
		Duration: 150 * time.Millisecond, Warmup: 20 * time.Millisecond, Probe: time.Millisecond}
	// 150ms windows: a machine that starves one runs few round trips, over
	// which the window's own few allocations (its timers, the meter) weigh
	// more, and an idle pass it holds whole leaves the probe no wake. It
	// may do that once, not three times in a row; a harness that allocates
	// per round trip fails every try.
	retry.Three(t, func() error {
		run, per := executeByCodec(t, cfg, in, func(r results.Result) string {
			if r.Runtime == nil || r.N == 0 {
				return fmt.Sprintf("no runtime figures or no round trips: %+v", r)
			}
			return ""
		})
		if s := per["std"]; s.AllocsPerOp < 4 || s.AllocBytesPerOp < 100 {
			t.Fatalf("std allocates %.1f objects, %.0f bytes per round trip; four decodes and encodes of a map must allocate more", s.AllocsPerOp, s.AllocBytesPerOp)
		}
		if run.Idle == nil || run.Idle.Ops != 0 {
			t.Fatalf("the idle pass must run first, with no work: %+v", run.Idle)
		}
		if b := per[results.Baseline]; b.AllocsPerOp > 0.01 || b.AllocBytesPerOp > 1 {
			return fmt.Errorf("baseline allocates %.3f objects, %.1f bytes per round trip (n=%d); want about zero", b.AllocsPerOp, b.AllocBytesPerOp, b.N)
		}
		if run.Idle.Latency.N == 0 {
			return fmt.Errorf("the idle pass has no probe sample: %+v", run.Idle)
		}
		return nil
	})
}

func TestPlanModes(t *testing.T) {
	levels := []results.Level{{Spec: "1", Pairs: 1}}
	labels := func(mode string) string {
		var out []string
		for _, s := range Plan(results.Config{Codecs: []string{"std"}, Levels: levels, Mode: mode}, inputsNamed("in"), 2) {
			out = append(out, results.Result{Scenario: s}.Label())
		}
		return strings.Join(out, ", ")
	}
	for mode, want := range map[string]string{
		"":                "1x encdec",
		results.RunEncdec: "1x encdec",
		results.RunProbe:  "2x decode, 2x encode, 4x decode, 4x encode",
		results.RunAll:    "1x encdec, 2x decode, 2x encode, 4x decode, 4x encode",
	} {
		if got := labels(mode); got != want {
			t.Errorf("mode %q plans %s, want %s", mode, got, want)
		}
	}
}
