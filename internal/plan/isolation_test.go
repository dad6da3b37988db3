package plan

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/machine"
	"github.com/pingpong-bench/pingpong/internal/worker"
	"github.com/pingpong-bench/pingpong/results"
)

// The test binary doubles as the worker: Execute under isolation starts it
// again with PINGPONG_WORKER=1, and it serves instead of running tests.
func TestMain(m *testing.M) {
	if os.Getenv(worker.Env) == "1" {
		registerCrashCodecs()
		if err := worker.ServeWorkerProcess(context.Background()); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// crashAfter is a codec that does std's work until its calls reach n, then
// fails in a way no recover can catch. The correctness check before
// measuring makes two decodes, so n = 5 crashes inside the window.
type crashAfter struct {
	codecs.Codec
	n     int64
	calls atomic.Int64
	crash func()
}

func (c *crashAfter) Unmarshal(data []byte, v any) error {
	if c.calls.Add(1) == c.n {
		c.crash()
	}
	return c.Codec.Unmarshal(data, v)
}

var crashCodecs = map[string]func(){
	"test-exit": func() { os.Exit(3) },
	"test-gopanic": func() {
		done := make(chan struct{})
		go func() { panic("codec's own goroutine fell over") }()
		<-done
	},
}

func registerCrashCodecs() {
	for name, crash := range crashCodecs {
		codecs.Register(codecs.Entry{Name: name, Desc: "crashes its process (test only)", New: func([]byte) (codecs.Codec, error) {
			std := stdCodec()
			return &crashAfter{Codec: std, n: 5, crash: crash}, nil
		}})
	}
}

func unregisterCrashCodecs() {
	for name := range crashCodecs {
		codecs.Unregister(name)
	}
	codecs.Unregister("test-chatty")
}

// chatty is std that prints a line to its stdout on every call, as a codec
// left with a debug print does.
type chatty struct {
	codecs.Codec
	calls *atomic.Int64
}

func (c chatty) Unmarshal(data []byte, v any) error {
	if c.calls.Add(1)%500 == 1 { // often enough to garble, rarely enough to read the test's output
		fmt.Println("chatty: decoding", len(data), "bytes")
	}
	return c.Codec.Unmarshal(data, v)
}

func init() {
	// registered in the parent and in its workers alike
	codecs.Register(codecs.Entry{Name: "test-chatty", Desc: "prints to stdout (test only)", New: func([]byte) (codecs.Codec, error) {
		std := stdCodec()
		return chatty{std, new(atomic.Int64)}, nil
	}})
}

// A codec that prints to its stdout must not garble the worker protocol:
// every row of it keeps its figures.
func TestIsolationSurvivesACodecPrintingToStdout(t *testing.T) {
	in := &datasets.Input{Name: "tiny", Kind: "file", Data: []byte(`{"a":[1,2,3],"b":"x"}`)}
	cfg := results.Config{
		Codecs:   []string{"test-chatty"},
		Levels:   []results.Level{{Spec: "1", Pairs: 1}, {Spec: "2", Pairs: 2}},
		Duration: 50 * time.Millisecond, Warmup: 10 * time.Millisecond,
		Isolate: true, Worker: []string{os.Args[0]},
	}
	run, err := Execute(context.Background(), cfg, machine.ReadEnvironment("test"), []*datasets.Input{in}, quietObserver{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range run.Results {
		if r.Err != "" || r.N == 0 {
			t.Errorf("%s: err %q n %d: a print to stdout cost the row", r.Label(), r.Err, r.N)
		}
	}
}

func TestIsolationTurnsACrashIntoErrorRows(t *testing.T) {
	registerCrashCodecs()
	t.Cleanup(unregisterCrashCodecs)
	in := &datasets.Input{Name: "tiny", Kind: "file", Data: []byte(`{"a":[1,2,3],"b":"x"}`)}
	cfg := results.Config{
		Codecs:   []string{"baseline", "test-exit", "test-gopanic", "std"},
		Levels:   []results.Level{{Spec: "1", Pairs: 1}, {Spec: "2", Pairs: 2}},
		Duration: 100 * time.Millisecond, Warmup: 10 * time.Millisecond,
		Isolate: true, Worker: []string{os.Args[0]},
	}
	env := machine.ReadEnvironment("test")
	run, err := Execute(context.Background(), cfg, env, []*datasets.Input{in}, quietObserver{})
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Results) != 8 {
		t.Fatalf("%d results, want 4 codecs x 2 levels", len(run.Results))
	}
	for _, r := range run.Results {
		switch r.Codec {
		case "baseline", "std":
			if r.Err != "" || r.N == 0 || r.Hist == nil || r.Hist.TotalCount() != r.N {
				t.Errorf("%s %s: err %q n %d: a healthy codec must keep full results beside a crashing one", r.Codec, r.Label(), r.Err, r.N)
			}
			if r.Procs != env.GOMAXPROCS {
				t.Errorf("%s: worker reports GOMAXPROCS %d, want %d", r.Codec, r.Procs, env.GOMAXPROCS)
			}
		case "test-exit":
			if !strings.Contains(r.Err, "worker died") || !strings.Contains(r.Err, "exit status 3") {
				t.Errorf("%s %s: err %q, want the worker's death and its exit status", r.Codec, r.Label(), r.Err)
			}
		case "test-gopanic":
			if !strings.Contains(r.Err, "worker died") || !strings.Contains(r.Err, "fell over") {
				t.Errorf("%s %s: err %q, want the worker's death and its panic from stderr", r.Codec, r.Label(), r.Err)
			}
		}
	}
}

func TestInProcessPanicCostsOnlyItsRows(t *testing.T) {
	codecs.Register(codecs.Entry{Name: "test-panicky", New: func([]byte) (codecs.Codec, error) {
		std := stdCodec()
		return &crashAfter{Codec: std, n: 5, crash: func() { panic("codec bug") }}, nil
	}})
	t.Cleanup(func() { codecs.Unregister("test-panicky") })
	in := &datasets.Input{Name: "tiny", Kind: "file", Data: []byte(`{"a":[1,2,3]}`)}
	cfg := results.Config{Codecs: []string{"test-panicky", "baseline"}, Levels: []results.Level{{Spec: "1", Pairs: 1}},
		Duration: 50 * time.Millisecond}
	run, err := Execute(context.Background(), cfg, machine.ReadEnvironment("test"), []*datasets.Input{in}, quietObserver{})
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Results) != 2 {
		t.Fatalf("%d results, want 2", len(run.Results))
	}
	if p := run.Results[0]; !strings.Contains(p.Err, "panicked: codec bug") {
		t.Errorf("panicking codec's row: err %q, want the recovered panic", p.Err)
	}
	if b := run.Results[1]; b.Err != "" || b.N == 0 {
		t.Errorf("baseline after a panicking codec: err %q n %d, want intact results", b.Err, b.N)
	}
}

// encoding/json keeps the last of duplicate keys; encoding/json/v2 rejects
// the document. The run goes on with v2's rows as errors.
func TestInputSomeCodecsReject(t *testing.T) {
	in := &datasets.Input{Name: "dup", Kind: "file", Data: []byte(`{"a":1,"a":2}`)}
	cfg := results.Config{Codecs: []string{"std", "jsonv2"}, Levels: []results.Level{{Spec: "1", Pairs: 1}}, Duration: 30 * time.Millisecond}
	run, err := Execute(context.Background(), cfg, machine.ReadEnvironment("test"), []*datasets.Input{in}, quietObserver{})
	if err != nil {
		t.Fatal(err)
	}
	if s := run.Results[0]; s.Err != "" || s.N == 0 {
		t.Errorf("std: err %q n %d, want results", s.Err, s.N)
	}
	if v := run.Results[1]; v.Err == "" || v.N != 0 || !strings.Contains(run.Codecs[1].Err, "duplicate") {
		t.Errorf("jsonv2: err %q n %d (check: %q), want an error row naming the duplicate", v.Err, v.N, run.Codecs[1].Err)
	}
}

// sonic-optdec's worker is started with SONIC_USE_OPTDEC=1, and in it sonic
// really decodes with optdec: its Check, run in the worker, passes there,
// while this process (no such variable) runs the JIT decoder.
func TestSonicOptdecRunsOptdecInItsWorker(t *testing.T) {
	if !sonicNative {
		t.Skip("sonic has no native decoder on this platform")
	}
	in := &datasets.Input{Name: "tiny", Kind: "file", Data: []byte(`{"a":[1,2,3],"b":"x"}`)}
	cfg := results.Config{
		Codecs:   []string{"sonic-optdec"},
		Levels:   []results.Level{{Spec: "1", Pairs: 1}},
		Duration: 50 * time.Millisecond, Warmup: 10 * time.Millisecond,
		Isolate: true, Worker: []string{os.Args[0]},
	}
	run, err := Execute(context.Background(), cfg, machine.ReadEnvironment("test"), []*datasets.Input{in}, quietObserver{})
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Codecs) != 1 || run.Codecs[0].Err != "" || strings.Join(run.Codecs[0].Env, " ") != "SONIC_USE_OPTDEC=1" {
		t.Fatalf("codecs %+v: want SONIC_USE_OPTDEC=1 taken up by the worker", run.Codecs)
	}
	if r := run.Results[0]; r.Err != "" || r.N == 0 {
		t.Errorf("row: err %q n %d", r.Err, r.N)
	}
	// and the check is not a formality: in this process it fails
	if os.Getenv("SONIC_USE_OPTDEC") == "" {
		im, _ := codecs.Lookup("sonic-optdec")
		if err := im.Check(); err == nil || !strings.Contains(err.Error(), "did not take effect") {
			t.Errorf("check in a process without the variable: %v; want it refused", err)
		}
	}
	cfg.Isolate = false
	if _, err := Execute(context.Background(), cfg, machine.ReadEnvironment("test"), []*datasets.Input{in}, quietObserver{}); err == nil {
		t.Error("sonic-optdec without isolation: want an error, it cannot have its setting")
	}
}

// stdCodec is encoding/json as the registry has it.
func stdCodec() codecs.Codec {
	im, _ := codecs.Lookup("std")
	c, err := im.New(nil)
	if err != nil {
		panic(err)
	}
	return c
}
