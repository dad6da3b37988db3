package report

import (
	"fmt"
	"io"

	"github.com/pingpong-bench/pingpong/results"
)

// replayRepeats prints a run of several repeats up to its end: the console
// report with one row per scenario, showing the median of its repeats and
// their spread.
func replayRepeats(w io.Writer, run *results.Run, opts ConsoleOptions) *Console {
	c := NewConsole(w, run.Env, run.Config, opts)
	c.cal = run.Calibration
	c.repeats, _ = results.GroupByKey(run.Results)
	if run.Idle != nil {
		c.Result(*run.Idle)
	}
	groups := results.GroupRepeats(run)
	for _, in := range run.Inputs {
		c.Input(withScenarios(run, in), codecsOf(run, in.Name))
		for _, g := range groups {
			if g.Median.Input != in.Name {
				continue
			}
			suffix := ""
			if g.Runs > 0 {
				suffix = g.Suffix()
			}
			c.add(g.Median, suffix)
		}
	}
	return c
}

// repeatsLine is the header's line for a run of several repeats.
func repeatsLine(cfg results.Config) string {
	return fmt.Sprintf("  repeats:     %d, interleaved across codecs; a row is the median of its repeats, ± the largest deviation from it", cfg.Repeats())
}
