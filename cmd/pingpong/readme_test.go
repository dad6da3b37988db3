package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeScriptLine is a bench_scheduling.sh command of the README, with
// the environment assignments before it.
var readmeScriptLine = regexp.MustCompile(`^((?:[A-Z_]+=\S+ )*)\./bench_scheduling\.sh(.*)$`)

// Every bench_scheduling.sh line of the README runs as written, with the
// checkout it names (../go-json) played by a copy of goccy/go-json from the
// module cache, and a tiny input and window added: the examples a user
// copies first build with this Go and do what they say.
func TestReadmeScriptLinesRun(t *testing.T) {
	t.Parallel()
	script(t)
	var lines []string
	for _, fence := range mdFence.FindAllString(readFile(t, "../../README.md"), -1) {
		for _, l := range strings.Split(fence, "\n") {
			if readmeScriptLine.MatchString(strings.TrimSpace(l)) {
				lines = append(lines, strings.TrimSpace(l))
			}
		}
	}
	if len(lines) < 3 {
		t.Fatalf("found %d bench_scheduling.sh lines in the README, want the examples", len(lines))
	}
	checkout, _ := sharedCheckout(t, "github.com/goccy/go-json@v0.12.0", true)
	for i, line := range lines {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Parallel()
			m := readmeScriptLine.FindStringSubmatch(strings.ReplaceAll(line, "../go-json", checkout))
			env := strings.Fields(m[1])
			work := t.TempDir()
			out := filepath.Join(work, "out")
			tiny, pp := tinyRun(t, work)
			args := append(append(strings.Fields(m[2]), tiny...), "--count", "1", "-o", out)
			code, stdout, stderr := runBench(t, env, append(args, pp...)...)
			if code == 2 && strings.Contains(stderr, "proxy") {
				t.Skipf("%s: the module proxy is out of reach:\n%s", line, stderr)
			}
			if code != 0 {
				t.Fatalf("%s: exit %d\nstderr:\n%s", line, code, stderr)
			}
			if !strings.Contains(stdout, "scheduler responsiveness check") {
				t.Errorf("%s: no console report:\n%s", line, stdout)
			}
			// The verdict the README promises: each codec judged against
			// baseline, which the script runs whatever --compare says.
			if strings.Contains(stdout, "baseline did not run") || !strings.Contains(stdout, "\nresponsiveness, 1x") {
				t.Errorf("%s: no freeze verdict:\n%s", line, stdout)
			}
			if _, err := os.Stat(filepath.Join(out, "results.json")); err != nil {
				t.Error(err)
			}
		})
	}
}
