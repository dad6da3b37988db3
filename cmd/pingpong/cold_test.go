package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
)

// pingpong cold runs each codec in fresh processes and writes every sample;
// its console lines stay under 160 characters. Tiny: one process, a small
// corpus, a 1 MB fresh-page copy.
func TestColdCommand(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "cold.json")
	html := filepath.Join(t.TempDir(), "cold.html")
	stdout, stderr, code := runBinary(t, "cold", "-input", "github", "-impls", "std,sonic", "-target", "struct", "-count", "1",
		"-steady", "1", "-fresh-mb", "1", "-json", out, "-html", html)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"[std]", "[sonic]", "[control]", "decode  first", "warm-up none: std has no warm-up API",
		"warm-up sonic.Pretouch", "fresh pages", "answer: the slowest first call"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("console lacks %q:\n%s", want, stdout)
		}
	}
	for _, l := range strings.Split(stdout, "\n") {
		if len(l) > 160 {
			t.Errorf("a line of %d characters: %s", len(l), l)
		}
	}
	if page, err := os.ReadFile(html); err != nil || !strings.Contains(string(page), "<svg") || !strings.Contains(string(page), "[sonic]") {
		t.Errorf("-html: %v\n%.300s", err, page)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var run results.ColdRun
	if err := json.Unmarshal(b, &run); err != nil {
		t.Fatal(err)
	}
	if run.Schema != results.ColdSchema || len(run.Codecs) != 3 || run.Type != "datasets.GitHubGists" || run.FreshPages == nil {
		t.Fatalf("-json: %s", b)
	}
	for _, c := range run.Codecs {
		if len(c.Samples) != 1 || c.Samples[0].Err != "" || c.Samples[0].Decode.Time <= 0 {
			t.Errorf("%s: samples %+v", c.Name, c.Samples)
		}
		if warmed := c.Name == "sonic"; warmed != (len(c.Warmed) == 1) {
			t.Errorf("%s: warmed samples %+v", c.Name, c.Warmed)
		}
	}
}

// A bad value is one line on stderr and exit 2, before any process starts.
func TestColdCommandRefuses(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"-count", "0"}, {"-target", "both"}, {"-target", "struct", "-input", "tiny"},
		{"-impls", "nope"}, {"-input", "github,twitter"}, {"-fresh-mb", "-1"}, {"-html", "-"}, {"extra"}} {
		_, stderr, code := runBinary(t, append([]string{"cold"}, args...)...)
		if code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("cold %v: exit %d, stderr %q; want 2 and one line", args, code, stderr)
		}
	}
}
