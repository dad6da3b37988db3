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
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
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
	if err := enc.Encode(workerJob{Protocol: workerProtocol, Spec: load.Spec{Duration: time.Second}, Impl: "baseline", Input: in}); err != nil {
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
		w := &workerRunner{argv: []string{"sh", "-c", "kill -9 $$"}, im: codecs.Impl{Name: "test-killed"}, input: in}
		if err := w.start(context.Background()); err == nil || err.Error() != "worker died: signal: killed" {
			t.Errorf("a job of %d bytes: %v, want the death as its exit status tells it", size, err)
		}
	}
}
