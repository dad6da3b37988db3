package page

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// Each level has an MMU chart, one line per codec with its utilization
// at every window the row kept, baseline's dotted; a file from before the
// stop records has none.
func TestMMUChartPerLevel(t *testing.T) {
	ms := time.Millisecond
	run := frozenRun([]int{1, 2}, nil)
	run.Config.Codecs = []string{"sonic", "baseline"}
	for i := range run.Results {
		run.Results[i].N = 100 // a row that measured something
	}
	texts, svgs, _ := chartsOf(t, renderHTML(t, Source{Run: run}))
	for _, level := range []string{"1x", "2x"} {
		id := "chart-mmu-citm-catalog-any-procs2-" + level
		if svgs[id] != 1 {
			t.Errorf("no chart %s among %v", id, svgs)
			continue
		}
		for _, name := range []string{"sonic", "baseline", "10ms", "100ms", "utilization"} {
			if !slices.ContainsFunc(texts[id], func(s string) bool { return strings.Contains(s, name) }) {
				t.Errorf("%s: no %q in %q", id, name, texts[id])
			}
		}
	}
	cs := cellsOf([]Source{{Run: run}})
	ch := mmuChart(filter(cs, func(c cell) bool { return c.res.Pairs == 2 }), []string{""}, "x", "2x")
	if len(ch.Series) != 2 || ch.Series[0].Dotted || !ch.Series[1].Dotted || len(ch.Series[0].Points) != len(run.Results[2].MMU) {
		t.Errorf("series %+v: want sonic's solid and baseline's dotted, a point per window", ch.Series)
	}
	// sonic's stops of 15ms leave no 10ms window free; baseline's leave most
	if sonic, base := ch.Series[0].Points, ch.Series[1].Points; sonic[3][0] != float64(10*ms) || sonic[3][1] != 0 || base[3][1] < 0.8 {
		t.Errorf("at 10ms: sonic %v, baseline %v", sonic[3], base[3])
	}
	for i := range run.Results {
		run.Results[i].MMU = nil
	}
	if ch := mmuChart(cellsOf([]Source{{Run: run}}), []string{""}, "x", "2x"); len(ch.Series) != 0 {
		t.Errorf("an old file's rows drew %d lines", len(ch.Series))
	}
}
