package main

import (
	"strings"
	"testing"
)

func TestBadRateIsAUsageError(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"abc", "-5", "0/s", "5/m", "1e12"} {
		_, stderr, code := runBinary(t, "-rate", v, "-impls", "baseline", "-duration", "10ms")
		if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "-rate") {
			t.Errorf("-rate %s: exit %d, stderr %q; want 2 and one line naming -rate", v, code, stderr)
		}
	}
}

func TestOpenLoopRunIsLabelled(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := runBinary(t, "-rate", "1000/s", "-impls", "baseline", "-input", "github", "-levels", "1,2",
		"-duration", "100ms", "-warmup", "20ms", "-probe", "0", "-isolate=false", "-v")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// -v: the late round trips and the harness's pacing error are on each
	// row's second line.
	for _, want := range []string{"  load:        open loop, 1000/s in total", "  floor:       channel p50=", "  open floor:  baseline at 1000/s on 2 pairs: ",
		"/s of 1000/s ", " late=", " harness.delay.p99=", "1x p50 over the harness floor"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in\n%s", want, stdout)
		}
	}
}

func TestSelfCheckCommand(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"-count", "0"}, {"-impls", "nope"}, {"-input", "no-such-input"}, {"-duration", "0s"}, {"extra"}} {
		_, stderr, code := runBinary(t, append([]string{"selfcheck"}, args...)...)
		if code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("selfcheck %v: exit %d, stderr %q; want 2 and one line", args, code, stderr)
		}
	}
	stdout, stderr, code := runBinary(t, "selfcheck", "-impls", "std,baseline", "-input", "github", "-count", "2", "-duration", "50ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"  floor:       channel p50=", "\n  std ", "\n  baseline ", "APART: no JSON work"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in\n%s", want, stdout)
		}
	}
}
