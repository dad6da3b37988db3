package page

import (
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/results/resultstest"

	"gonum.org/v1/plot"
)

// A size sweep gives, per level, a rate chart without the baseline and a
// stw.max chart with it, each line a codec at the sizes it measured, drawn
// on log-log axes ticked at the sizes.
func TestSizeCharts(t *testing.T) {
	chs := sizeCharts([]Source{{Name: "sizes.json", Run: resultstest.SizeRun()}})
	var got []string
	for _, ch := range chs {
		var lines []string
		for _, s := range ch.Series {
			lines = append(lines, s.Name+":"+strings.Repeat("*", len(s.Points)))
		}
		got = append(got, ch.ID+" "+strings.Join(lines, " "))
	}
	want := []string{
		"size-rate-long-string-1x-encdec-GOMAXPROCS_2 std:*** sonic:*** goccy:**",
		"size-stw-long-string-1x-encdec-GOMAXPROCS_2 std:*** sonic:*** goccy:** baseline:***",
		"size-rate-long-string-2x-encdec-GOMAXPROCS_2 std:*** sonic:*** goccy:**",
		"size-stw-long-string-2x-encdec-GOMAXPROCS_2 std:*** sonic:*** goccy:** baseline:***",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("size charts\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, ch := range chs {
		if !strings.HasSuffix(ch.Title, ": long-string, 1x encdec") && !strings.HasSuffix(ch.Title, ": long-string, 2x encdec") {
			t.Errorf("title %q: the page's section is what follows the colon", ch.Title)
		}
		if _, err := ch.svg(); err != nil {
			t.Errorf("%s: %v", ch.ID, err)
		}
		p := plot.New()
		lo, hi := ch.minMaxX()
		ch.sizeAxes(p, lo, hi)
		_, xlog := p.X.Scale.(plot.LogScale)
		_, ylog := p.Y.Scale.(plot.LogScale)
		if !xlog || !ylog {
			t.Errorf("%s: axes not log-log", ch.ID)
		}
		var ticks []string
		for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
			ticks = append(ticks, tk.Label)
		}
		if got := strings.Join(ticks, " "); got != "1.00MB 4.00MB 16.0MB" {
			t.Errorf("%s: x ticks %q, want the sizes", ch.ID, got)
		}
	}
	if chs := sizeCharts([]Source{{Run: resultstest.SampleRun()}}); len(chs) != 0 {
		t.Errorf("a run without a size sweep has %d size charts", len(chs))
	}
}
