package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

func TestExitCodes(t *testing.T) {
	for _, c := range []struct {
		err  error
		want int
	}{
		{nil, 0},
		{usageError{flag.ErrHelp}, 0},
		{usagef("-count 0: must be 1 to 1000"), 2},
		{fmt.Errorf("reading: %w", usagef("bad file")), 2},
		{signalError{sig: syscall.SIGINT}, 130},
		{signalError{sig: syscall.SIGTERM}, 143},
		{failedScenarios{n: 1, of: 2, first: results.Result{Err: "boom"}}, 1},
		{errors.New("-json: disk full"), 1},
	} {
		var stderr bytes.Buffer
		got := exitCode(c.err, "pingpong", &stderr)
		lines := strings.Count(stderr.String(), "\n")
		if got != c.want || (c.want == 0) != (lines == 0) || lines > 1 {
			t.Errorf("%v: exit %d, stderr %q; want %d and one line unless 0", c.err, got, stderr.String(), c.want)
		}
	}
}

// A run in which a codec failed every scenario still prints and writes
// everything, then says so in its exit status.
func TestScenarioErrorsExit1AfterWritingEveryOutput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dup := filepath.Join(dir, "dup.json") // encoding/json/v2 rejects duplicate keys
	if err := os.WriteFile(dup, []byte(`{"a":1,"a":2}`), 0o644); err != nil {
		t.Fatal(err)
	}
	js, csv := filepath.Join(dir, "run.json"), filepath.Join(dir, "run.csv")
	stdout, stderr, code := runBinary(t, "-input", dup, "-impls", "std,jsonv2", "-levels", "1", "-duration", "50ms",
		"-warmup", "0s", "-probe", "0", "-stw", "0", "-json", js, "-csv", csv)
	if code != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "1 of 2 scenarios ended in error") {
		t.Errorf("exit %d, stderr %q; want 1 and one line counting the failed scenarios", code, stderr)
	}
	if !strings.Contains(stdout, "[jsonv2]") || !strings.Contains(stdout, "error: ") {
		t.Errorf("the console lacks the error row:\n%s", stdout)
	}
	run := readRun(t, js)
	if len(run.Results) != 2 || run.Results[0].Err != "" || run.Results[1].Err == "" {
		t.Errorf("results %+v: want std's and jsonv2's error row", run.Results)
	}
	if b, err := os.ReadFile(csv); err != nil || strings.Count(string(b), "\n") != 3 {
		t.Errorf("-csv: %v, %q: want a header and two rows", err, b)
	}
}

// An interrupted self-check prints what it has and exits as the run does.
func TestSelfCheckInterruptedExits130(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(signalError{sig: syscall.SIGINT})
	var stdout bytes.Buffer
	cfg := results.SelfCheckConfig{Codecs: []string{results.Baseline}, Count: 2, Duration: time.Second}
	err := selfCheck(ctx, cfg, "github", &stdout)
	if code := exitCode(err, "pingpong selfcheck", &bytes.Buffer{}); code != 130 {
		t.Errorf("err %v: exit %d, want 130", err, code)
	}
	if !strings.Contains(stdout.String(), "pingpong selfcheck") {
		t.Errorf("nothing printed:\n%s", stdout.String())
	}
}

// A signal is named as users send it, not by its description
// ("interrupted by interrupt").
func TestSignalErrorNamesTheSignal(t *testing.T) {
	for sig, name := range map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM"} {
		for _, early := range []bool{false, true} {
			if got := (signalError{sig: sig, early: early}).Error(); !strings.HasPrefix(got, "interrupted by "+name+" ") && !strings.HasPrefix(got, "interrupted by "+name+":") {
				t.Errorf("%v: %q, want it to say interrupted by %s", sig, got, name)
			}
		}
	}
}
