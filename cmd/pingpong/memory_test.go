package main

import (
	"syscall"
	"testing"
)

// Memory must not grow with the duration: latencies go into fixed-size
// histograms, never sample lists. The baseline codec makes about a million
// round trips a second, so a list of samples would add ~16 MB over 2s (8
// bytes a sample, more as a slice grows by doubling). Peak RSS of a 0.2s
// and a 2s run, in one process (-isolate=false, so the child's ru_maxrss
// is the whole run), must stay within 10% plus 4 MB of slack for the
// runtime's own bookkeeping.
func TestMemoryFlatWithDuration(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs 2 seconds")
	}
	maxRSS := func(d string) int64 {
		cmd := testCommand(t, binary, "-impls", "baseline", "-input", "github", "-levels", "1", "-probe", "0",
			"-isolate=false", "-warmup", "0s", "-duration", d)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", cmd.Args, err, out)
		}
		ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		if !ok {
			t.Skip("no rusage on this platform")
		}
		return ru.Maxrss << 10 // kilobytes on Linux
	}
	short, long := maxRSS("200ms"), maxRSS("2s")
	t.Logf("peak RSS: 0.2s run %d MB, 2s run %d MB", short>>20, long>>20)
	if long > short+short/10+4<<20 {
		t.Errorf("peak RSS grew from %d MB (0.2s) to %d MB (2s): something keeps samples", short>>20, long>>20)
	}
}
