package main

import (
	"strings"
	"testing"
	"time"
)

// -until under -duration, negative, or not a duration: one line naming the
// flag, exit 2, before anything is measured.
func TestUntilBadValuesExit2(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"-until", "500ms"}, // under the default -duration of 2s
		{"-until", "-1s"},
		{"-until", "soon"},
		{"-until", "1s", "-duration", "2s"},
	} {
		stdout, stderr, code := runBinary(t, args...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "-until") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want exit 2 and one line naming -until", args, code, stdout, stderr)
		}
	}
}

// The results file records the cap a run used: 3x -duration when -until
// is not given, 0 with -until 0.
func TestUntilIsRecordedInTheResultsFile(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want time.Duration
	}{{nil, 300 * time.Millisecond}, {[]string{"-until", "0"}, 0}, {[]string{"-until", "250ms"}, 250 * time.Millisecond}} {
		_, run := measured(t, append([]string{"-impls", "baseline", "-input", "github", "-levels", "1", "-duration", "100ms", "-warmup", "0s",
			"-procs", "1", "-isolate=false", "-probe", "0", "-stw", "0"}, c.args...)...)
		if got := run.Config.Until; got != c.want {
			t.Errorf("%v: the file records -until %v, want %v", c.args, got, c.want)
		}
	}
}
