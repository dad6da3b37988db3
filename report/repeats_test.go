package report

import (
	"testing"

	"github.com/pingpong-bench/pingpong/results/resultstest"
)

func TestConsoleRepeatsGolden(t *testing.T) {
	goldenConsole(t, "console-repeats", resultstest.Repeated(resultstest.SampleRun(), 3, 0.1), ConsoleOptions{})
}
