package main

import (
	"strings"
	"testing"
)

// A run that names its codecs gets the references and a verdict;
// -refs=false runs only the codecs named.
func TestReferencesComeAlong(t *testing.T) {
	t.Parallel()
	args := []string{"-impls", "std", "-input", "github", "-levels", "1", "-duration", "50ms", "-warmup", "0s", "-probe", "0"}
	stdout, stderr, code := runBinary(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "  impls:       std, control, baseline\n") || strings.Contains(stdout, "no verdict") || !strings.Contains(stdout, "\nresponsiveness, 1x encdec") {
		t.Errorf("-impls std: want the references and a verdict:\n%s", stdout)
	}
	stdout, stderr, code = runBinary(t, append(args, "-refs=false")...)
	if code != 0 {
		t.Fatalf("-refs=false: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "  impls:       std\n") || !strings.Contains(stdout, "freezes: no verdict") {
		t.Errorf("-refs=false: want std alone, and no verdict in the answer:\n%s", stdout)
	}
}
