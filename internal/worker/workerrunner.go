package worker

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/load"
	"github.com/pingpong-bench/pingpong/results"
)

// workerRunner is the parent's side of one worker. A worker that dies
// costs the scenario it was running; the next scenario starts a new one,
// since a crash may belong to one level only.
type workerRunner struct {
	spec  load.Spec
	argv  []string // the worker's command
	im    codecs.Entry
	input *datasets.Input
	point results.Point // the GOMAXPROCS, GOGC and GOMEMLIMIT it runs with
	info  results.CodecInfo
	// level is the open level; levelErr, when set, how its worker died.
	level    results.Scenario
	levelErr error

	cmd    *exec.Cmd      // nil before the first start and after a death
	jobs   io.WriteCloser // the child's descriptor 3
	lines  chan lineOrErr // the child's descriptor 4 (results), line by line
	stderr *tail
}

type lineOrErr struct {
	line []byte
	err  error
}

// readyBudget bounds how long a worker may take to ready its codec
// (check, struct compilation) before it counts as hung.
const readyBudget = 2 * time.Minute

func startWorker(ctx context.Context, sp load.Spec, argv []string, im codecs.Entry, in *datasets.Input, pt results.Point) load.Runner {
	w := &workerRunner{spec: sp, argv: argv, im: im, input: in, point: pt}
	if err := w.start(ctx); err != nil {
		w.info = results.CodecInfo{Name: im.Name, Desc: im.Desc, Version: im.Version(), Input: in.Name, Notes: im.Notes, Err: err.Error()}
	}
	return w
}

func (w *workerRunner) start(ctx context.Context) error {
	job := workerJob{Protocol: workerProtocol, Spec: w.spec, Codec: w.im.Name, Input: w.input}
	if err := w.spawn(job); err != nil {
		return err
	}
	var hello workerHello
	if err := w.receive(ctx, readyBudget, &hello); err != nil {
		return err
	}
	if hello.Protocol != workerProtocol {
		return w.died(fmt.Errorf("worker speaks %q, want %q", hello.Protocol, workerProtocol))
	}
	w.info = hello.Info
	return nil
}

// spawn starts the worker process and sends it job.
func (w *workerRunner) spawn(job workerJob) error {
	cmd := exec.Command(w.argv[0], w.argv[1:]...)
	cmd.Env = append(append(append(os.Environ(), Env+"=1"), pointEnv(w.point)...), w.im.Env...)
	ownProcessGroup(cmd) // a terminal's Ctrl-C reaches the parent, which passes it on once
	w.stderr = &tail{max: 4096}
	cmd.Stderr = w.stderr
	// The protocol has descriptors of its own, so that a codec printing to
	// its stdout cannot garble it: that output goes to the parent's stderr.
	cmd.Stdout = os.Stderr
	jobsR, jobsW, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	resultsR, resultsW, err := os.Pipe()
	if err != nil {
		jobsR.Close()
		jobsW.Close()
		return fmt.Errorf("worker: %w", err)
	}
	cmd.ExtraFiles = []*os.File{jobsR, resultsW} // the child's descriptors 3 and 4
	err = cmd.Start()
	jobsR.Close() // the child's ends now live in the child
	resultsW.Close()
	if err != nil {
		jobsW.Close()
		resultsR.Close()
		return fmt.Errorf("starting worker: %w", err)
	}
	w.cmd, w.jobs = cmd, jobsW
	w.lines = make(chan lineOrErr)
	go func(lines chan<- lineOrErr) {
		br := bufio.NewReaderSize(resultsR, 1<<16)
		for {
			line, err := br.ReadBytes('\n')
			if err != nil {
				lines <- lineOrErr{err: err}
				close(lines)
				return
			}
			lines <- lineOrErr{line: line}
		}
	}(w.lines)
	if err := json.NewEncoder(jobsW).Encode(job); err != nil {
		return w.died(fmt.Errorf("sending job: %w", err))
	}
	return nil
}

func (w *workerRunner) Info() results.CodecInfo { return w.info }

// Run sends s and waits for its result, within a generous multiple of the
// expected scenario time. A cancelled ctx is passed on as SIGINT, so the
// worker cuts its window short and still answers with what it measured.
func (w *workerRunner) Run(ctx context.Context, s results.Scenario) results.Result {
	var res results.Result
	if err := w.ask(ctx, workerRequest{Op: opRun, Scenario: &s}, w.budget(), &res); err != nil {
		return results.Result{Scenario: s, Err: err.Error()}
	}
	return res
}

// Open opens a level in the worker. A worker that dies from here to
// Finish costs the level's row: Finish then says how it died.
func (w *workerRunner) Open(ctx context.Context, s results.Scenario) error {
	w.level, w.levelErr = s, nil
	var rep sliceReply
	err := w.ask(ctx, workerRequest{Op: opOpen, Scenario: &s}, results.WarmupBound*w.spec.Warmup+w.budget(), &rep)
	if err == nil && rep.Err != "" {
		err = errors.New(rep.Err)
	}
	return w.failLevel(err)
}

func (w *workerRunner) Slice(ctx context.Context, d time.Duration) (load.TurnStops, error) {
	if w.levelErr != nil {
		return load.TurnStops{}, w.levelErr
	}
	var rep sliceReply
	if err := w.ask(ctx, workerRequest{Op: opSlice, Slice: d}, w.budget(), &rep); err != nil {
		return load.TurnStops{}, w.failLevel(err)
	}
	if rep.Err != "" {
		return rep.TurnStops, errors.New(rep.Err) // the worker still holds the level's row
	}
	return rep.TurnStops, nil
}

func (w *workerRunner) Finish() results.Result {
	if w.cmd == nil { // it died with the level
		return results.Result{Scenario: w.level, Err: w.levelErr.Error()}
	}
	var res results.Result
	if err := w.ask(context.Background(), workerRequest{Op: opFinish}, w.budget(), &res); err != nil {
		return results.Result{Scenario: w.level, Err: err.Error()}
	}
	return res
}

// failLevel keeps err, when the worker died of it, as the open level's end.
func (w *workerRunner) failLevel(err error) error {
	if err != nil && w.cmd == nil {
		w.levelErr = err
	}
	return err
}

// budget is how long one answer may take before the worker counts as hung.
func (w *workerRunner) budget() time.Duration {
	return 3*(w.spec.Warmup+w.spec.Duration) + 30*time.Second
}

// ask sends req and reads its answer into v, starting the worker first if
// it is not running (never started, or died: a crash may belong to one
// level only).
func (w *workerRunner) ask(ctx context.Context, req workerRequest, budget time.Duration, v any) error {
	if w.cmd == nil {
		if err := w.start(ctx); err != nil {
			return err
		}
	}
	if err := json.NewEncoder(w.jobs).Encode(req); err != nil {
		return w.died(fmt.Errorf("sending %s: %w", req.Op, err))
	}
	return w.receive(ctx, budget, v)
}

// receive reads one line into v. On EOF, a kill or a blown budget the
// worker is reaped and the error says how it died, with its stderr's last
// lines.
func (w *workerRunner) receive(ctx context.Context, budget time.Duration, v any) error {
	timer := time.NewTimer(budget)
	defer timer.Stop()
	cancelled := ctx.Done()
	for {
		select {
		case l, ok := <-w.lines:
			if !ok || l.err != nil {
				return w.died(nil)
			}
			if err := json.Unmarshal(l.line, v); err != nil {
				return w.died(fmt.Errorf("garbled answer: %w", err))
			}
			return nil
		case <-cancelled:
			_ = w.cmd.Process.Signal(syscall.SIGINT)
			cancelled = nil // once; the worker answers with its partial result
			timer.Reset(10 * time.Second)
		case <-timer.C:
			_ = w.cmd.Process.Kill()
			return w.died(fmt.Errorf("no answer within %v", budget))
		}
	}
}

// died reaps the worker and describes its end: the cause given, else the
// exit status ("signal: segmentation fault", "exit status 3"), plus the
// last lines of its stderr. The next Run starts a new worker.
func (w *workerRunner) died(cause error) error {
	_ = w.jobs.Close()
	done := make(chan error, 1)
	go func() { done <- w.cmd.Wait() }()
	var werr error
	select {
	case werr = <-done:
	case <-time.After(5 * time.Second):
		_ = w.cmd.Process.Kill()
		werr = <-done
	}
	w.release()
	if werr != nil && brokenPipe(cause) {
		// The pipe broke because the worker was gone: its exit status
		// says why, and reads the same whichever pipe noticed first.
		cause = nil
	}
	msg := "worker died"
	switch {
	case cause != nil && werr != nil:
		msg += ": " + cause.Error() + " (" + werr.Error() + ")"
	case cause != nil:
		msg += ": " + cause.Error()
	case werr != nil:
		msg += ": " + werr.Error()
	default:
		msg += ": it closed its output"
	}
	if t := w.stderr.last(3); t != "" {
		msg += "; stderr: " + t
	}
	return errors.New(msg)
}

// brokenPipe says whether err is only the jobs pipe noticing that the
// worker is gone.
func brokenPipe(err error) bool {
	return errors.Is(err, syscall.EPIPE) || errors.Is(err, os.ErrClosed) || errors.Is(err, io.ErrClosedPipe)
}

// Close ends the worker: it exits when its jobs pipe closes.
func (w *workerRunner) Close() {
	if w.cmd == nil {
		return
	}
	_ = w.jobs.Close()
	done := make(chan struct{})
	go func() { _ = w.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = w.cmd.Process.Kill()
		<-done
	}
	w.release()
}

// release forgets a reaped worker; the reader of its results descriptor
// may still hold a last line or error to hand over, so drain it and let it
// end.
func (w *workerRunner) release() {
	go func(lines <-chan lineOrErr) {
		for range lines {
		}
	}(w.lines)
	w.cmd, w.lines = nil, nil
}

// tail keeps the first and the last max bytes written to it: a crash's
// cause comes early, before a goroutine dump that may run long.
type tail struct {
	mu   sync.Mutex
	max  int
	head []byte
	buf  []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if room := t.max - len(t.head); room > 0 {
		t.head = append(t.head, p[:min(room, len(p))]...)
	}
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = t.buf[over:]
	}
	return len(p), nil
}

// last explains a death from the stderr kept: the Go runtime's last word
// ("panic: ...", "fatal error: ...", and the signal line after it) when
// there is one, since a goroutine dump follows it; else up to n last
// non-empty lines. Lines are joined with " | ".
func (t *tail) last(n int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	split := func(b []byte) []string {
		var lines []string
		for _, l := range strings.Split(string(b), "\n") {
			if l = strings.TrimSpace(l); l != "" {
				lines = append(lines, l)
			}
		}
		return lines
	}
	head := split(t.head)
	for i, l := range head {
		if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") {
			head = head[i:min(i+2, len(head))] // the last word and, for faults, "[signal SIGSEGV ...]"
			return strings.Join(head, " | ")
		}
	}
	lines := split(t.buf)
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// pointEnv is what a worker's environment gets on top of the parent's; exec
// keeps the last of duplicate keys, so these override a user's own.
func pointEnv(p results.Point) []string {
	out := []string{"GOMAXPROCS=" + strconv.Itoa(p.Procs)}
	if p.GOGC != "" {
		out = append(out, "GOGC="+p.GOGC)
	}
	if p.MemLimit != "" {
		out = append(out, "GOMEMLIMIT="+p.MemLimit)
	}
	return out
}
