package page

import (
	"bytes"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// The page's verdict section, as HTML, is a reviewed diff: the console's
// table and conclusion per level, and every codec's sentence, the ones
// that do not stand out included.
func TestVerdictSectionGolden(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	run := resultstest.SampleRun()
	run.Config.Impls = []string{"std", "sonic", "goccy", "baseline"}
	sonic := resultstest.Stopping("sonic", 2, 0, win, append(resultstest.StopsAround(2, 160, 100*us), resultstest.StopsAround(3, 40, 15*ms)...))
	sonic.Culprit = &latency.Culprit{Stall: 58700 * us, Kind: latency.KindNonPreemptible, What: "stop-the-world (read mem stats)",
		Goroutine: 23, Frame: "github.com/bytedance/sonic/internal/decoder/jitdec.Decode"}
	run.Results = append(run.Results[:0],
		resultstest.Stopping("std", 2, 0, win, resultstest.StopsAround(4, 200, 100*us)),
		sonic,
		resultstest.Stopping("goccy", 2, 0, win, append(resultstest.StopsAround(5, 170, 100*us), resultstest.StopsAround(6, 30, 1500*us)...)),
		resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)))
	page := renderHTML(t, Source{Run: run})
	from := bytes.Index(page, []byte(`<section id="`))
	to := bytes.Index(page[max(from, 0):], []byte("</section>"))
	if from < 0 || to < 0 || !bytes.Contains(page[from:from+to], []byte(`class="verdict"`)) {
		t.Fatalf("no verdict section in the page")
	}
	resultstest.Golden(t, "verdict", append(page[from:from+to+len("</section>")], '\n'))
}
