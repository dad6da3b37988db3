package page

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/plot"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// The safe-size chart of a hand-made sweep, as a reviewed diff: a line
// per codec of its p99 stop at each size, its safe size marked (sonic's
// on its line where it crosses 10ms, at 8MB), the budget across, on
// log-log axes; and it draws.
func TestSafeSizeChartGolden(t *testing.T) {
	chs := safeSizeCharts([]Source{{Name: "sizes.json", Run: resultstest.SafeSizeRun()}})
	if len(chs) != 1 {
		t.Fatalf("%d safe-size charts, want 1", len(chs))
	}
	ch := chs[0]
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n%s\n", ch.ID, ch.Title, ch.Desc)
	for _, s := range ch.Series {
		var pts []string
		for _, p := range s.Points {
			pts = append(pts, format.Size(p[0])+" "+format.Duration(time.Duration(p[1])))
		}
		fmt.Fprintf(&b, "  %s (floor %v): %s\n", s.Name, s.Floor, strings.Join(pts, ", "))
	}
	got := b.String()
	resultstest.Golden(t, "safesize-chart", []byte(got))
	for _, want := range []string{"  sonic: up to ~8MB (floor false): 8.00MB 10.0ms\n", "  budget 10.0ms (floor true): 1.00MB 10.0ms, 32.0MB 10.0ms\n", "  std: every size tried (floor false): 32.0MB 8.8ms\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("chart lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "jsoniter:") {
		t.Errorf("a codec over the budget at every size has a safe size marked:\n%s", got)
	}
	if _, err := ch.svg(); err != nil {
		t.Fatal(err)
	}
	p := plot.New()
	lo, hi := ch.minMaxX()
	ch.axes(p, 1)
	_, xlog := p.X.Scale.(plot.LogScale)
	_, ylog := p.Y.Scale.(plot.LogScale)
	if !xlog || !ylog || lo != 1e6 || hi != 32e6 {
		t.Errorf("axes log-log %v %v, x from %g to %g", xlog, ylog, lo, hi)
	}
	if chs := safeSizeCharts([]Source{{Run: resultstest.SizeRun()}}); len(chs) != 0 {
		t.Errorf("a sweep without stop records has %d safe-size charts", len(chs))
	}
}

// A run with several sweep points draws a safe-size chart per point, each
// titled with its point, as the by-size charts and the console head them.
func TestSafeSizeChartsNameTheirPoint(t *testing.T) {
	run := resultstest.SafeSizeRun()
	for _, r := range slices.Clone(run.Results) {
		r.GOGC = "400"
		run.Results = append(run.Results, r)
	}
	chs := safeSizeCharts([]Source{{Name: "sizes.json", Run: run}})
	if len(chs) != 2 {
		t.Fatalf("%d safe-size charts, want one per point", len(chs))
	}
	if a, b := chs[0].Title, chs[1].Title; a == b || !strings.Contains(b, "GOGC=400") {
		t.Errorf("titles %q and %q: want each to name its point", a, b)
	}
}
