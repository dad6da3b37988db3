package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

func TestTargetBadUseExits2(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-target", "map"}, `-target: "map"`},
		{[]string{"-target", "struct", "-input", "govtrack"}, "govtrack has no struct type"},
		{[]string{"-target", "struct", "-input", "govtrack,large-numbers"}, "large-numbers has no struct type"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		if code != 2 || stdout.Len() != 0 || strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want exit 2 and one line with %q", c.args, code, stdout.String(), stderr.String(), c.want)
		}
	}
}

var targetRowRE = regexp.MustCompile(`(?m)^  (1x encdec(?: struct)?) +n=\d+ `)

func TestTargetStructRunsAndFallsBack(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := runBinary(t, "-target", "struct", "-impls", "goccy", "-refs=false", "-input", "github,large-numbers",
		"-levels", "1", "-duration", "50ms", "-warmup", "0s", "-probe", "0")
	if code != 0 {
		t.Fatalf("exit %d\nstderr: %s", code, stderr)
	}
	var rows []string
	for _, m := range targetRowRE.FindAllStringSubmatch(stdout, -1) {
		rows = append(rows, m[1])
	}
	if got, want := strings.Join(rows, ", "), "1x encdec struct, 1x encdec"; got != want {
		t.Errorf("rows %s, want %s (github as struct, large-numbers falling back)\n%s", got, want, stdout)
	}
	for _, want := range []string{
		"target:      struct (struct: datasets.GitHubGists)",
		"compile:     goccy ",
		"target:      any (large-numbers has no struct type",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("header lacks %q:\n%s", want, stdout)
		}
	}
}
