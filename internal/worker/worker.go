package worker

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/cold"
	"github.com/pingpong-bench/pingpong/internal/load"
	"github.com/pingpong-bench/pingpong/internal/machine"
	"github.com/pingpong-bench/pingpong/results"
)

// Worker processes isolate codecs: a Go program cannot recover from every
// codec failure (a fault in JIT code, a stack overflow, a fatal concurrent
// map write), and one codec's heap, caches and JIT state should never sit
// in another's measurement. The parent starts the same binary with
// PINGPONG_WORKER=1; they speak line-delimited JSON over two pipes of their
// own, the child's descriptors 3 (in) and 4 (out), never its stdout, which
// a codec may print to:
//
//	parent: workerJob          child: workerHello (the codec readied)
//	parent: run Scenario       child: Result (histograms included)
//	parent: open Scenario      child: sliceReply (warmed up, parked)
//	parent: slice D            child: sliceReply (the turn's length, its stops)
//	parent: finish             child: Result
//	...                        ...
//	parent: closes jobs        child: exits 0
//
// or, for a sample of `pingpong cold` (workerJob.Cold):
//
//	parent: workerJob          child: ColdSample, then exits 0
//
// The child's stdout goes to the parent's stderr; its stderr is kept (its
// last lines) to explain a death.
const workerProtocol = "pingpong-worker/6"

// Env is the variable set to 1 in a worker process's environment; main
// checks it first.
const Env = "PINGPONG_WORKER"

// workerJob is the worker's codec and input, and what the load takes of
// the run's configuration.
type workerJob struct {
	Protocol string          `json:"protocol"`
	Spec     load.Spec       `json:"spec"`
	Codec    string          `json:"impl"`
	Input    *datasets.Input `json:"input"`
	// Cold, when set, makes the process one sample of `pingpong cold`: it
	// measures the codec's first calls (without readying it first, which
	// would warm it) and answers with the results.ColdSample alone.
	Cold *cold.Job `json:"cold,omitempty"`
}

// workerRequest is one step the parent asks for: a scenario to run whole
// or a level to open, a turn of the open level, or its end.
type workerRequest struct {
	Op       string            `json:"op"` // opRun, opOpen, opSlice, opFinish
	Scenario *results.Scenario `json:"scenario,omitempty"`
	Slice    time.Duration     `json:"slice_ns,omitempty"`
}

const (
	opRun    = "run"
	opOpen   = "open"
	opSlice  = "slice"
	opFinish = "finish"
)

// sliceReply answers open and slice: the turn's length and the stops
// forced in it (on its own clock), and the error that ends the level's
// turns.
type sliceReply struct {
	load.TurnStops
	Err string `json:"error,omitempty"`
}

type workerHello struct {
	Protocol string            `json:"protocol"`
	Info     results.CodecInfo `json:"info"`
}

// The protocol's descriptors in the child: jobs and scenarios come in on
// workerJobsFD, hello and results go out on workerResultsFD.
const (
	workerJobsFD    = 3
	workerResultsFD = 4
)

// ServeWorkerProcess is ServeWorker on this process's protocol descriptors.
func ServeWorkerProcess(ctx context.Context) error {
	jobs, res := os.NewFile(workerJobsFD, "pingpong-jobs"), os.NewFile(workerResultsFD, "pingpong-results")
	if jobs == nil || res == nil {
		return ServeWorker(ctx, nil, nil)
	}
	// the parent waits on this worker: its CPU is no neighbour's
	return serve(ctx, jobs, res, []int{os.Getppid()})
}

// ServeWorker is the child's side: read the job, ready the codec, then
// run each scenario asked for until the jobs pipe closes. Cancelling ctx (the
// child's own SIGINT/SIGTERM) cuts the current scenario short; its partial
// result is still sent.
func ServeWorker(ctx context.Context, r io.Reader, w io.Writer) error {
	return serve(ctx, r, w, nil)
}

// serve is ServeWorker with the processes whose CPU its windows do not
// count as noise.
func serve(ctx context.Context, r io.Reader, w io.Writer, exclude []int) error {
	if r == nil || w == nil {
		return fmt.Errorf("worker: no protocol descriptors 3 and 4 (a worker is started by pingpong itself)")
	}
	in := bufio.NewReader(r)
	enc := json.NewEncoder(w)
	var job workerJob
	if err := readLine(in, &job); err != nil {
		return fmt.Errorf("worker: reading job: %w", err)
	}
	if job.Protocol != workerProtocol {
		return fmt.Errorf("worker: parent speaks %q, this binary %q", job.Protocol, workerProtocol)
	}
	im, ok := codecs.Lookup(job.Codec)
	if !ok {
		return fmt.Errorf("worker: unknown codec %q", job.Codec)
	}
	if job.Cold != nil {
		return serveCold(enc, im, job)
	}
	job.Spec.Exclude = exclude
	l := newLocalRunner(job.Spec, im, job.Input)
	if err := enc.Encode(workerHello{Protocol: workerProtocol, Info: l.Info()}); err != nil {
		return fmt.Errorf("worker: sending hello: %w", err)
	}
	// Requests are read while a scenario runs, so that a parent that is gone
	// (its end of the jobs pipe closed, even by a SIGKILL) ends the scenario
	// at once rather than leave an orphan loading the machine.
	// A request read is always delivered, even once ctx is cancelled: the
	// parent waits for its answer.
	ctx, parentGone := context.WithCancel(ctx)
	defer parentGone()
	type read struct {
		req workerRequest
		err error // the jobs pipe's end (io.EOF) or a broken line
	}
	reads := make(chan read)
	served := make(chan struct{})
	defer close(served)
	go func() {
		for {
			var r read
			r.err = readLine(in, &r.req)
			if r.err != nil {
				parentGone()
			}
			select {
			case reads <- r:
			case <-served:
				return
			}
			if r.err != nil {
				return
			}
		}
	}()
	for {
		r := <-reads
		if errors.Is(r.err, io.EOF) {
			return nil
		} else if r.err != nil {
			return fmt.Errorf("worker: reading request: %w", r.err)
		}
		req := r.req
		var answer any
		switch {
		case req.Op == opRun && req.Scenario != nil:
			answer = ranHere(l.Run(ctx, *req.Scenario))
		case req.Op == opOpen && req.Scenario != nil:
			answer = replyOf(load.TurnStops{}, l.Open(ctx, *req.Scenario))
		case req.Op == opSlice:
			answer = replyOf(l.Slice(ctx, req.Slice))
		case req.Op == opFinish:
			answer = ranHere(l.Finish())
		default:
			return fmt.Errorf("worker: unknown request %q", req.Op)
		}
		if err := enc.Encode(answer); err != nil {
			return fmt.Errorf("worker: sending answer: %w", err)
		}
	}
}

// ranHere is res with the process settings it really ran with.
func ranHere(res results.Result) results.Result {
	res.Procs = runtime.GOMAXPROCS(0)
	if res.GOGC != "" {
		res.GOGC = machine.GOGC() // likewise, for a GOGC sweep
	}
	return res
}

func replyOf(ts load.TurnStops, err error) sliceReply {
	r := sliceReply{TurnStops: ts}
	if err != nil {
		r.Err = err.Error()
	}
	return r
}

func readLine(r *bufio.Reader, v any) error {
	line, err := r.ReadBytes('\n')
	if err != nil {
		if errors.Is(err, io.EOF) && len(line) == 0 {
			return io.EOF
		}
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	return json.Unmarshal(line, v)
}
