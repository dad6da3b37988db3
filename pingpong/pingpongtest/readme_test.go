package pingpongtest

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/internal/docsample"
	"github.com/pingpong-bench/pingpong/pingpong"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// The README's guard sample (its block that starts "pingpongtest:") has
// the shape of what a guard prints in `go test -v`: a pass, then a
// failure against control with its culprit, each a first line and its
// details under it (indented as the test log indents them), figures
// aside, in that order. cmd/pingpong's docs test holds the console's
// samples so.
func TestReadmeGuardSampleHasTheGuardsShape(t *testing.T) {
	page, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	// on Linux, where the kernel's accounting splits each wait, the codec
	// held all of it
	held := func(r results.Result) results.Result {
		return resultstest.Split(r, func(_ int, wait time.Duration) time.Duration { return wait }, 0)
	}
	run := func(name string, stops []time.Duration) *pingpong.Report {
		return pingpong.ReportOf(&results.Run{Config: results.Config{Duration: win, STW: 10 * ms}, Results: []results.Result{
			held(resultstest.Stopping(name, 2, 0, win, stops)),
			held(resultstest.Stopping("control", 2, 0, win, resultstest.StopsAround(1, 200, 100*us))),
			held(resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(3, 200, 100*us))),
		}})
	}
	var printed []string
	logged := func(m string) { // as go test -v sets out a message of several lines
		lines := strings.Split(m, "\n")
		for i := 1; i < len(lines); i++ {
			lines[i] = "    " + lines[i]
		}
		printed = append(printed, docsample.Printed(strings.Join(lines, "\n"))...)
	}
	rec := recordAll(t, func(tb testing.TB) {
		judge(tb, "mystd", run("mystd", resultstest.StopsAround(4, 200, 100*us)), nil, options{})
	})
	for _, l := range rec.logs {
		logged(strings.TrimSuffix(l, "\n"))
	}
	var failure string
	recordAll(t, func(tb testing.TB) {
		frozen := run("sonic", append(resultstest.StopsAround(2, 160, 100*us), resultstest.StopsAround(3, 40, 15*ms)...))
		if m := judge(tb, "sonic", frozen, nil, options{}); m != nil {
			failure = m.String()
		}
	})
	culprit := culpritLine(&pingpong.Culprit{Frame: "github.com/bytedance/sonic/internal/encoder/alg.IteratorNext", Kind: "non-preemptible",
		Stall: 105 * ms, Pair: true, InCodec: true}, "sonic")
	logged(failure + "\n" + culprit)

	holdsGuardSamples(t, "README.md", string(page), printed)
}

// holdsGuardSamples fails t for each line of page's guard samples (its
// blocks that start "pingpongtest:") that printed, a guard's lines in
// order, has not the shape of, and when page has none.
func holdsGuardSamples(t *testing.T, name, page string, printed []string) {
	t.Helper()
	blocks := 0
	for _, b := range docsample.Blocks(page) {
		if !strings.HasPrefix(b.Lines[0], "pingpongtest:") {
			continue
		}
		blocks++
		for _, l := range docsample.Unmatched(b, [][]string{printed}) {
			t.Errorf("%s:%d: a guard prints, in this order, no line of the shape of\n%s\nit prints:\n%s", name, b.At, l, strings.Join(printed, "\n"))
		}
	}
	if blocks == 0 {
		t.Errorf("no guard's sample in %s", name)
	}
}
