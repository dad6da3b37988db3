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
	// docs/compare-and-ci.md's other figures of the rule: 3 against 5
	// can be tested, 3 a side never.
	if !compare.Testable(3, 5) || compare.Testable(3, 3) {
		t.Errorf("Testable(3, 5) %v, Testable(3, 3) %v: docs/compare-and-ci.md says otherwise", compare.Testable(3, 5), compare.Testable(3, 3))
	}
	countHelp, _, _ := runBinary(t, "-h")
	texts := map[string]struct{ text, phrase string }{
		"pingpong compare -h":    {compareCommand.usage, fmt.Sprintf("%d repeats or more", n)},
		"pingpong -h (-count)":   {countHelp, fmt.Sprintf("compare tests significance from %d a side", n)},
		"docs/compare-and-ci.md": {readFile(t, "../../docs/compare-and-ci.md"), fmt.Sprintf("%d a side, or 3 against 5", n)},
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
