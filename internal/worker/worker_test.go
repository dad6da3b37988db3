package worker

import (
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/load"

	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// A worker whose own SIGINT has cancelled its context still answers every
// request its parent sends, and ends when the jobs pipe closes: the parent
// waits for each answer, so a request dropped would hang the run.
func TestWorkerAnswersOnceCancelled(t *testing.T) {
	in, err := datasets.Load("github", 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	jobsR, jobsW := io.Pipe()
	resR, resW := io.Pipe()
	served := make(chan error, 1)
	go func() { served <- ServeWorker(ctx, jobsR, resW); resW.Close() }()
	enc, answers := json.NewEncoder(jobsW), bufio.NewReader(resR)
	if err := enc.Encode(workerJob{Protocol: workerProtocol, Spec: load.Spec{Watch: load.Watch{Duration: time.Second}}, Codec: "baseline", Input: in}); err != nil {
		t.Fatal(err)
	}
	var hello workerHello
	if err := readLine(answers, &hello); err != nil {
		t.Fatalf("hello: %v", err)
	}
	for i := range 50 {
		if err := enc.Encode(workerRequest{Op: opSlice}); err != nil {
			t.Fatal(err)
		}
		var rep sliceReply
		if err := readLine(answers, &rep); err != nil {
			t.Fatalf("request %d: no answer: %v", i, err)
		}
		if rep.Err == "" {
			t.Fatalf("request %d: a slice with no level open answered %+v, want an error", i, rep)
		}
	}
	jobsW.Close()
	if err := <-served; err != nil {
		t.Fatalf("worker ended with %v once its jobs pipe closed, want nil", err)
	}
}

// A killed worker's row says it was killed, whichever of the parent's pipes
// noticed first: a write that broke on its way (EPIPE) is only the news of
// the death, not its cause. The worker here kills itself at once; a small
// job fits the pipe and the death shows as the end of its answers, a large
// one blocks the write until the death breaks it.
func TestWorkerDeathReadsTheSameWhicheverPipeNoticed(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to play a worker that kills itself")
	}
	for _, size := range []int{10, 4 << 20} {
		in := &datasets.Input{Name: "test", Kind: "file", Data: bytes.Repeat([]byte(" "), size)}
		w := &workerRunner{argv: []string{"sh", "-c", "kill -9 $$"}, im: codecs.Entry{Name: "test-killed"}, input: in}
		if err := w.start(context.Background()); err == nil || err.Error() != "worker died: signal: killed" {
			t.Errorf("a job of %d bytes: %v, want the death as its exit status tells it", size, err)
		}
	}
}

// Each turn's stops cross the protocol on the turn's own clock: laid end
// to end by the row's turns, they are the stops the row holds.
func TestWorkerSendsEachTurnsStops(t *testing.T) {
	in, err := datasets.Load("github", 1)
	if err != nil {
		t.Fatal(err)
	}
	jobsR, jobsW := io.Pipe()
	resR, resW := io.Pipe()
	served := make(chan error, 1)
	go func() { served <- ServeWorker(context.Background(), jobsR, resW); resW.Close() }()
	enc, answers := json.NewEncoder(jobsW), bufio.NewReader(resR)
	spec := load.Spec{Watch: load.Watch{Warmup: 10 * time.Millisecond, Duration: time.Second, STW: 2 * time.Millisecond}}
	if err := enc.Encode(workerJob{Protocol: workerProtocol, Spec: spec, Codec: results.Baseline, Input: in}); err != nil {
		t.Fatal(err)
	}
	var hello workerHello
	if err := readLine(answers, &hello); err != nil {
		t.Fatalf("hello: %v", err)
	}
	ask := func(req workerRequest, v any) {
		t.Helper()
		if err := enc.Encode(req); err != nil {
			t.Fatal(err)
		}
		if err := readLine(answers, v); err != nil {
			t.Fatalf("%s: %v", req.Op, err)
		}
	}
	s := results.Scenario{Input: in.Name, Codec: results.Baseline, Mode: results.ModeEncdec, Pairs: 1, Procs: 1, Target: results.TargetAny}
	var opened sliceReply
	if ask(workerRequest{Op: opOpen, Scenario: &s}, &opened); opened.Err != "" {
		t.Fatal(opened.Err)
	}
	var turns [][]latency.Stop
	for range 2 {
		var rep sliceReply
		if ask(workerRequest{Op: opSlice, Slice: 30 * time.Millisecond}, &rep); rep.Err != "" || rep.Window <= 0 {
			t.Fatalf("slice: %+v", rep)
		}
		turns = append(turns, rep.Stops)
	}
	var row results.Result
	ask(workerRequest{Op: opFinish}, &row)
	jobsW.Close()
	if err := <-served; err != nil {
		t.Fatal(err)
	}
	if len(row.STWTurns) != 2 || len(row.STWStops) == 0 {
		t.Fatalf("the row holds %d turns and %d stops: want 2 turns with stops", len(row.STWTurns), len(row.STWStops))
	}
	var all []latency.Stop
	var from time.Duration
	for i, turn := range row.STWTurns {
		for _, st := range turns[i] {
			st.At += from
			all = append(all, st)
		}
		from += turn.Window
	}
	if !slices.Equal(all, row.STWStops) {
		t.Errorf("the turns' stops laid end to end\n %v\ndiffer from the row's\n %v", all, row.STWStops)
	}
}
