package main

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/compare"
)

// Every text that says how many repeats compare needs quotes one figure,
// compare.RepeatsToTest, which compare.Testable decides.
func TestHelpTextsQuoteTheRepeatsToTest(t *testing.T) {
	n := compare.RepeatsToTest
	if !compare.Testable(n, n) || compare.Testable(n-1, n-1) {
		t.Fatalf("RepeatsToTest %d is not the least Testable takes", n)
	}
	_, countHelp, _ := runBinary(t, "-h")
	texts := map[string]struct{ text, phrase string }{
		"pingpong compare -h":    {compareCommand.usage, fmt.Sprintf("%d repeats or more", n)},
		"pingpong -h (-count)":   {countHelp, fmt.Sprintf("compare tests significance from %d a side", n)},
		"docs/compare-and-ci.md": {readFile(t, "../../docs/compare-and-ci.md"), fmt.Sprintf("%d a side", n)},
	}
	if _, err := exec.LookPath("bash"); err == nil {
		help, err := exec.Command("bash", "../../bench_scheduling.sh", "--help").Output()
		if err != nil {
			t.Fatal(err)
		}
		texts["bench_scheduling.sh --help"] = struct{ text, phrase string }{string(help), fmt.Sprintf("%d a side or more", n)}
	}
	for name, c := range texts {
		if !strings.Contains(strings.Join(strings.Fields(c.text), " "), c.phrase) {
			t.Errorf("%s does not say %q", name, c.phrase)
		}
	}
}
