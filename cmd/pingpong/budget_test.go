package main

import (
	"strings"
	"testing"
)

// A bad budget or range is one line naming the flag, exit status 2,
// before anything is measured.
func TestSearchAndBudgetUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-budget", "0"}, "-budget 0s: must be > 0"},
		{[]string{"-input", "long-string:4MB..1MB"}, `-input: input "long-string:4MB..1MB": 4MB is not below 1MB`},
		{[]string{"-input", "long-string:1MB..2GB"}, `size "2GB" is above the limit of 1GB`},
		{[]string{"-input", "long-string:1MB..4MB,citm-catalog"}, "-input long-string:1MB..4MB: a range is searched on its own"},
		{[]string{"-input", "nosuchshape:1MB..4MB"}, `"nosuchshape" is not a shape`},
		{[]string{"-input", "long-string:1MB..4MB", "-procs", "1,2"}, "a search runs one build without -procs"},
	} {
		var stdout, stderr strings.Builder
		if code := run(tc.args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.want) || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line with %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}
