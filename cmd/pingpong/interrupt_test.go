package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// SIGINT mid-run: the scenario in progress is cut short and kept as
// partial, the earlier ones stay, all are printed and written, exit 130.
//
// The signal goes out when the second input's line is printed: a run
// prints an input's line (the header's, for the first) as the input's
// first scenario starts, so the
// scenario on github is complete by then and the one on tiny has begun.
func TestInterruptKeepsWhatWasMeasured(t *testing.T) {
	t.Parallel()
	// The window is long enough that the signal, sent as the second
	// scenario starts, always lands inside it.
	const window = time.Second
	dir := t.TempDir()
	tiny := filepath.Join(dir, "tiny.json")
	if err := os.WriteFile(tiny, []byte(`{"a":[1,2.5,"x"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "run.json")
	cmd := testCommand(t, binary, "-impls", "baseline", "-input", "github,"+tiny, "-levels", "1",
		"-duration", window.String(), "-warmup", "0s", "-probe", "0", "-stw", "0", "-json", out)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var printed strings.Builder
	sc := bufio.NewScanner(stdout)
	headers, sent := 0, false
	for sc.Scan() {
		line := sc.Text()
		printed.WriteString(line + "\n")
		if strings.HasPrefix(line, "  input:       ") {
			headers++
		}
		if headers == 2 && !sent {
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			sent = true
		}
	}
	err = cmd.Wait()
	if err == nil {
		// the signal goes when the second input's header is read: a reader
		// held for the whole of its window lets the run end first
		t.Skipf("the run ended before the interrupt landed (the reader was held past the %v window)", window)
	}
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 130 {
		t.Fatalf("exit: %v, want status 130\nstdout:\n%s\nstderr:\n%s", err, printed.String(), stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupt") || strings.Count(strings.TrimSpace(stderr.String()), "\n") != 0 {
		t.Errorf("stderr %q: want one line saying it was interrupted", stderr.String())
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatalf("-json file not written after the interrupt: %v", err)
	}
	defer f.Close()
	run, err := results.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Results) != 2 {
		t.Fatalf("%d results in the JSON, want the first input's and the second's partial one", len(run.Results))
	}
	first, cut := run.Results[0], run.Results[1]
	if first.Input != "github" || first.Partial || first.N == 0 {
		t.Errorf("github: %+v, want a complete scenario", first.Scenario)
	}
	if cut.Input == "github" || !cut.Partial || cut.Window >= window {
		t.Errorf("%s: partial %v window %v, want a window cut short", cut.Input, cut.Partial, cut.Window)
	}
	if !strings.Contains(printed.String(), "PARTIAL") {
		t.Errorf("the console does not mark the cut scenario:\n%s", printed.String())
	}
}
