package plan

import (
	"github.com/pingpong-bench/pingpong/internal/machine"

	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

func TestPlanSweepsProcsWithLevelsFollowingN(t *testing.T) {
	cfg := results.Config{Codecs: []string{"std", "baseline"}, Procs: []int{1, 2, 4},
		Levels: []results.Level{{Spec: "1", Pairs: 1}, {Spec: "N", Pairs: 2}, {Spec: "2N", Pairs: 4}}}
	var got []string
	for _, s := range Plan(cfg, inputsNamed("in"), 2) {
		got = append(got, fmt.Sprintf("%d:%s:%d", s.Procs, s.Codec, s.Pairs))
	}
	// At GOMAXPROCS=1 "1" and "N" are the same level and run once.
	want := "1:std:1 1:baseline:1 1:std:2 1:baseline:2 " +
		"2:std:1 2:baseline:1 2:std:2 2:baseline:2 2:std:4 2:baseline:4 " +
		"4:std:1 4:baseline:1 4:std:4 4:baseline:4 4:std:8 4:baseline:8"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("plan\n got %s\nwant %s", g, want)
	}
}

func TestPlanSweepsGOGCAndMemLimitInsideProcs(t *testing.T) {
	cfg := results.Config{Codecs: []string{"std"}, Procs: []int{1, 2}, GOGC: []string{"100", "off"}, MemLimit: []string{"1GiB"},
		Levels: []results.Level{{Spec: "N", Pairs: 2}}, Count: 2}
	var got []string
	for _, s := range Plan(cfg, inputsNamed("in"), 2) {
		got = append(got, fmt.Sprintf("%s/%d", s.Point(), s.Repeat))
	}
	want := "GOMAXPROCS=1 GOGC=100 GOMEMLIMIT=1GiB/0,GOMAXPROCS=1 GOGC=100 GOMEMLIMIT=1GiB/1," +
		"GOMAXPROCS=1 GOGC=off GOMEMLIMIT=1GiB/0,GOMAXPROCS=1 GOGC=off GOMEMLIMIT=1GiB/1," +
		"GOMAXPROCS=2 GOGC=100 GOMEMLIMIT=1GiB/0,GOMAXPROCS=2 GOGC=100 GOMEMLIMIT=1GiB/1," +
		"GOMAXPROCS=2 GOGC=off GOMEMLIMIT=1GiB/0,GOMAXPROCS=2 GOGC=off GOMEMLIMIT=1GiB/1"
	if g := strings.Join(got, ","); g != want {
		t.Errorf("plan\n got %s\nwant %s", g, want)
	}
}

func TestPlanWithoutSweepIsUnchanged(t *testing.T) {
	cfg := results.Config{Codecs: []string{"std"}, Levels: []results.Level{{Spec: "N", Pairs: 2}}}
	for _, s := range Plan(cfg, inputsNamed("in"), 2) {
		if s.Procs != 2 || s.Pairs != 2 || s.GOGC != "" || s.MemLimit != "" {
			t.Errorf("scenario %+v: without a sweep, a scenario must carry no swept setting", s)
		}
	}
}

// Each value of a sweep must really run under it: the worker reports the
// GOMAXPROCS and GOGC it measured with, not the ones it was asked for.
func TestSweepRunsEachValueInWorkersWithIt(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes")
	}
	in := &datasets.Input{Name: "tiny", Kind: "file", Data: []byte(`{"a":[1,2,3],"b":"x"}`)}
	cfg := results.Config{
		Codecs: []string{"baseline", "std"}, Procs: []int{1, 2}, GOGC: []string{"off"},
		Levels:   []results.Level{{Spec: "1", Pairs: 1}, {Spec: "N", Pairs: 2}},
		Duration: 50 * time.Millisecond, Warmup: 10 * time.Millisecond,
		Isolate: true, Worker: []string{os.Args[0]},
	}
	run, err := Execute(context.Background(), cfg, machine.ReadEnvironment("test"), []*datasets.Input{in}, quietObserver{})
	if err != nil {
		t.Fatal(err)
	}
	plan := Plan(cfg, inputsNamed(in.Name), 2)
	if len(run.Results) != len(plan) || len(plan) != 6 {
		t.Fatalf("%d results for %d planned, want 6 (1x at procs 1, 1x and 2x at procs 2, per codec)", len(run.Results), len(plan))
	}
	for i, r := range run.Results {
		s := plan[i]
		if r.Err != "" || r.N == 0 {
			t.Errorf("%s %s at %s: err %q n %d", r.Codec, r.Label(), s.Point(), r.Err, r.N)
		}
		if r.Procs != s.Procs || r.Pairs != s.Pairs || r.Codec != s.Codec {
			t.Errorf("result %d: %s %dx at GOMAXPROCS=%d, planned %s %dx at %d", i, r.Codec, r.Pairs, r.Procs, s.Codec, s.Pairs, s.Procs)
		}
		if r.GOGC != "off" {
			t.Errorf("result %d: the worker ran with GOGC=%s, want off", i, r.GOGC)
		}
	}
}

func TestSweepNeedsIsolation(t *testing.T) {
	in := &datasets.Input{Name: "tiny", Kind: "file", Data: []byte(`{}`)}
	cfg := results.Config{Codecs: []string{"std"}, Procs: []int{1, 2}, Levels: []results.Level{{Spec: "1", Pairs: 1}}, Duration: time.Millisecond}
	if _, err := Execute(context.Background(), cfg, machine.ReadEnvironment("test"), []*datasets.Input{in}, quietObserver{}); err == nil || !strings.Contains(err.Error(), "isolation") {
		t.Errorf("a sweep without isolation: err %v, want one saying it needs isolation", err)
	}
}
