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

	"pingpong/report"
)

// SIGINT mid-run: the scenario in progress is cut short and kept as
// partial, the earlier ones stay, all are printed and written, exit 130.
func TestInterruptKeepsWhatWasMeasured(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run.json")
	cmd := exec.Command(binary, "-impls", "baseline,std", "-input", "github", "-levels", "1",
		"-duration", "1500ms", "-warmup", "50ms", "-probe", "0", "-json", out)
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
	sent := false
	for sc.Scan() {
		line := sc.Text()
		printed.WriteString(line + "\n")
		if !sent && strings.HasPrefix(line, "  1x encdec") {
			// baseline's row is out, so std's scenario has begun
			time.Sleep(400 * time.Millisecond)
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			sent = true
		}
	}
	err = cmd.Wait()
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
	run, err := report.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Results) != 2 {
		t.Fatalf("%d results in the JSON, want baseline's and std's partial one", len(run.Results))
	}
	b, s := run.Results[0], run.Results[1]
	if b.Impl != "baseline" || b.Partial || b.N == 0 {
		t.Errorf("baseline: %+v, want a complete scenario", b.Scenario)
	}
	if s.Impl != "std" || !s.Partial || s.Window >= 1500*time.Millisecond {
		t.Errorf("std: partial %v window %v, want a window cut short", s.Partial, s.Window)
	}
	if !strings.Contains(printed.String(), "PARTIAL") {
		t.Errorf("the console does not mark the cut scenario:\n%s", printed.String())
	}
}
