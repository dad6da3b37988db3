package page

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// consoleSweep reads the console's sweep summary of run back: per level,
// codec and GOMAXPROCS, the round trips/s and p99 cells as printed.
func consoleSweep(t *testing.T, run *results.Run) map[string]map[string]string {
	t.Helper()
	var b bytes.Buffer
	if err := report.WriteConsole(&b, run, report.ConsoleOptions{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	i := strings.Index(out, "\nsweep summary,")
	if i < 0 {
		t.Fatalf("no sweep summary:\n%s", out)
	}
	cells := map[string]map[string]string{} // "N std 2" -> figure -> cell
	level, codec := "", ""
	for _, line := range strings.Split(out[i+1:], "\n")[1:] {
		f := strings.Fields(line)
		switch {
		case len(f) == 0 || f[0] == "probe.p99:": // the table's end, or its footnote
			return cells
		case f[0] == "level":
			level = f[1]
			continue
		case !strings.HasPrefix(f[0], "GOMAXPROCS="):
			codec, f = f[0], f[1:]
		}
		cells[fmt.Sprintf("%s %s %s", level, codec, strings.TrimPrefix(f[0], "GOMAXPROCS="))] = map[string]string{"rate": f[2], "p99": f[3]}
	}
	return cells
}

// Every point of the charts against GOMAXPROCS is the console's summary
// cell of its level, codec and value, and every cell of the summary is a
// point: rates that differ per value and pair count tell a level grouped
// by pair count from one grouped as asked for.
func TestProcsChartsAgreeWithTheConsole(t *testing.T) {
	codecs := []string{"std", "sonic", "goccy", "baseline"}
	run := resultstest.ProcsSweep([]int{1, 2, 4}, codecs, func(codec string, procs, pairs int) resultstest.ProcsFigures {
		f := resultstest.TwoCores(codec, procs, pairs)
		f.Rate = float64(100*procs + 10*pairs + len(codec))
		f.P99 = time.Duration(procs*1000+pairs) * time.Microsecond
		return f
	})
	want := consoleSweep(t, run)
	charts := map[string]chartData{}
	for _, ch := range buildCharts([]Source{{Run: run}}) {
		charts[ch.ID] = ch
	}
	points := 0
	for _, c := range []struct{ id, level, figure string }{
		{"procs-citm-catalog-any-1", "1", "rate"},
		{"procs-citm-catalog-any-N", "N", "rate"},
		{"procs-citm-catalog-any-2N", "2N", "rate"},
		{"procs-p99-citm-catalog-any-N", "N", "p99"},
	} {
		ch, ok := charts[c.id]
		if !ok {
			t.Fatalf("no chart %s", c.id)
		}
		for _, s := range ch.Series {
			if s.Floor {
				continue
			}
			for _, p := range s.Points {
				key := fmt.Sprintf("%s %s %g", c.level, s.Name, p[0])
				got := format.Rate(p[1])
				if c.figure == "p99" {
					got = format.Duration(time.Duration(p[1]))
				}
				if cell, ok := want[key]; !ok || cell[c.figure] != got {
					t.Errorf("%s: %s is %s, the console says %q", c.id, key, got, cell[c.figure])
				}
				points++
			}
		}
	}
	// 3 rate charts and a p99 chart, each 3 codecs at 3 values: baseline
	// is the harness, left out of the charts.
	if points != 4*3*3 {
		t.Errorf("%d points, want %d: one per cell of the console's summary", points, 4*3*3)
	}
	if _, ok := charts["procs-citm-catalog-any-8"]; ok {
		t.Error("a chart of 8 pairs: levels are 1, N and 2N, whatever they ran as")
	}
}

// The charts of the judged level show the recommendation as a line at
// the value; the throughput chart's caption has it as the console words
// it.
func TestProcsChartShowsTheRecommendation(t *testing.T) {
	run := resultstest.ProcsSweep([]int{1, 2, 4}, []string{"std", "sonic", "goccy", "baseline"}, resultstest.TwoCores)
	var b bytes.Buffer
	if err := report.WriteConsole(&b, run, report.ConsoleOptions{}); err != nil {
		t.Fatal(err)
	}
	_, line, ok := strings.Cut(b.String(), "  recommended: ")
	if !ok {
		t.Fatalf("the console recommends nothing:\n%s", b.String())
	}
	line, _, _ = strings.Cut(line, "\n")
	for _, ch := range buildCharts([]Source{{Run: run}}) {
		if !strings.HasPrefix(ch.ID, "procs-") {
			continue
		}
		judged := strings.HasSuffix(ch.ID, "-N")
		worded := ch.ID == "procs-citm-catalog-any-N"
		if got := strings.Contains(ch.Desc, line); got != worded {
			t.Errorf("%s: caption has the console's recommendation %v, want %v: %s", ch.ID, got, worded, ch.Desc)
		}
		marked := false
		for _, s := range ch.Series {
			marked = marked || (s.Floor && s.Points[0][0] == 2 && s.Points[1][0] == 2)
		}
		if marked != judged {
			t.Errorf("%s: a line at GOMAXPROCS=2 %v, want %v", ch.ID, marked, judged)
		}
	}
}
