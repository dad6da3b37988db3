package page

import (
	"bytes"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// frozenRun is a run of citm-catalog whose rows have stop records, at
// each of pairs: a fifth of sonic's stops wait 15ms, the rest as
// baseline's; more adds rows at each level.
func frozenRun(pairs []int, more func(pairs int) []results.Result) *results.Run {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	run := resultstest.SampleRun()
	run.Config.Codecs = []string{"std", "sonic", "goccy", "baseline"}
	run.Results = nil
	for _, p := range pairs {
		run.Results = append(run.Results,
			resultstest.Stopping("sonic", p, 0, win, append(resultstest.StopsAround(2, 160, 100*us), resultstest.StopsAround(3, 40, 15*ms)...)),
			resultstest.Stopping("baseline", p, 0, win, resultstest.StopsAround(1, 200, 100*us)))
		if more != nil {
			run.Results = append(run.Results, more(p)...)
		}
	}
	return run
}

// The page's verdict section, as HTML, is a reviewed diff: the console's
// table and conclusion per level, and every codec's sentence, the ones
// that do not stand out included.
func TestVerdictSectionGolden(t *testing.T) {
	us, win := time.Microsecond, 2*time.Second
	run := frozenRun([]int{2}, func(pairs int) []results.Result {
		return []results.Result{
			resultstest.Stopping("std", pairs, 0, win, resultstest.StopsAround(4, 200, 100*us)),
			resultstest.Stopping("goccy", pairs, 0, win, append(resultstest.StopsAround(5, 170, 100*us), resultstest.StopsAround(6, 30, 1500*us)...)),
		}
	})
	run.Results[0].Culprit = &latency.Culprit{Stall: 58700 * us, Kind: latency.KindNonPreemptible, What: "stop-the-world (read mem stats)",
		Goroutine: 23, Frame: "github.com/bytedance/sonic/internal/decoder/jitdec.Decode"}
	page := renderHTML(t, Source{Run: run})
	from := bytes.Index(page, []byte(`<section id="run-1-verdict"`))
	to := bytes.Index(page[max(from, 0):], []byte("</section>"))
	if from < 0 || to < 0 || !bytes.Contains(page[from:from+to], []byte(`class="verdict"`)) {
		t.Fatalf("no verdict section in the page")
	}
	resultstest.Golden(t, "verdict", append(page[from:from+to+len("</section>")], '\n'))
}
