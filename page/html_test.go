package page

import (
	"bytes"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
	nethtml "golang.org/x/net/html"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/report"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// responsiveRun is sampleRun with histograms, the probe and runtime
// figures a run with -probe has, and its idle floor.
func responsiveRun() *results.Run {
	run := resultstest.WithHistograms(resultstest.SampleRun())
	run.Config.Probe = time.Millisecond
	for i := range run.Results {
		r := &run.Results[i]
		if r.N == 0 {
			continue
		}
		p := latency.Summary{N: 1000, P50: 80 * time.Microsecond, P99: time.Duration(r.Pairs) * 300 * time.Microsecond, Max: 2 * time.Millisecond}
		r.Probe = &p
		r.Runtime = &latency.Runtime{Window: r.Window, SchedLatency: latency.Distribution{Count: 100, P50: 5 * time.Microsecond, P99: time.Duration(r.Pairs) * 150 * time.Microsecond}}
	}
	idle := results.Result{Scenario: results.Scenario{Mode: results.ModeIdle, Procs: 2}, N: 1900, Window: 2 * time.Second,
		Latency: latency.Summary{N: 1900, P50: 60 * time.Microsecond, P99: 120 * time.Microsecond, Max: 400 * time.Microsecond}}
	idle.Probe = &idle.Latency
	idle.Runtime = &latency.Runtime{SchedLatency: latency.Distribution{P99: 20 * time.Microsecond}}
	run.Idle = &idle
	return run
}

// testConsole is the console report the command gives the page.
func testConsole(w io.Writer, run *results.Run) error {
	return report.WriteConsole(w, run, report.ConsoleOptions{Verbose: true})
}

func renderHTML(t *testing.T, srcs ...Source) []byte {
	t.Helper()
	page, err := pageOf(srcs...)
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// pageOf is the page of srcs, with testConsole's console.
func pageOf(srcs ...Source) ([]byte, error) {
	var b bytes.Buffer
	err := WriteHTML(&b, srcs, testConsole)
	return b.Bytes(), err
}

// chartsOf parses the page and returns, per chart figure, the text of its
// svg (where the legend's series names are) and how many SVGs it holds.
func chartsOf(t *testing.T, page []byte) (texts map[string][]string, svgs map[string]int, doc *nethtml.Node) {
	t.Helper()
	doc, err := nethtml.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatalf("the page does not parse as HTML: %v", err)
	}
	texts, svgs = map[string][]string{}, map[string]int{}
	var walk func(n *nethtml.Node, chart string)
	walk = func(n *nethtml.Node, chart string) {
		if n.Type == nethtml.ElementNode && n.Data == "figure" {
			chart = attr(n, "data-chart")
		}
		if chart != "" && n.Type == nethtml.ElementNode && n.Data == "svg" {
			svgs[chart]++
		}
		if chart != "" && n.Type == nethtml.ElementNode && n.Data == "text" && n.Parent != nil && n.FirstChild != nil {
			texts[chart] = append(texts[chart], n.FirstChild.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, chart)
		}
	}
	walk(doc, "")
	return texts, svgs, doc
}

func attr(n *nethtml.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func TestHTMLHasOneSVGPerChartWithItsSeries(t *testing.T) {
	page := renderHTML(t, Source{Run: responsiveRun()})
	texts, svgs, _ := chartsOf(t, page)
	base := "citm-catalog-any-procs2"
	want := map[string][]string{
		"chart-throughput-" + base:      {"std", "sonic", "goccy"}, // no baseline: it is no contender
		"chart-probe-" + base:           {"std", "sonic", "goccy", "baseline", "idle floor"},
		"chart-sched-" + base:           {"std", "sonic", "goccy", "baseline", "idle floor"},
		"chart-latency-" + base + "-1x": {"std", "sonic", "baseline"}, // goccy failed at 1x
		"chart-latency-" + base + "-2x": {"std", "sonic", "goccy", "baseline"},
	}
	if len(svgs) != len(want) {
		t.Errorf("charts %v, want %d: %v", svgs, len(want), want)
	}
	for id, series := range want {
		if svgs[id] != 1 {
			t.Errorf("%s: %d SVGs, want 1", id, svgs[id])
			continue
		}
		for _, s := range series {
			if !slices.Contains(texts[id], s) {
				t.Errorf("%s: no series %q in its legend %q", id, s, texts[id])
			}
		}
	}
	if slices.Contains(texts["chart-throughput-"+base], "baseline") {
		t.Errorf("the throughput chart plots the baseline: %q", texts["chart-throughput-"+base])
	}
	// The percentile axis runs as far as the codecs' round trips tell,
	// and no further: baseline's many more are cut there.
	var most int64
	for _, r := range responsiveRun().Results {
		if r.Pairs == 2 && !results.IsReference(r.Codec) {
			most = max(most, r.N)
		}
	}
	lat := texts["chart-latency-"+base+"-2x"]
	for _, pct := range percentileTicks {
		tick := strconv.FormatFloat(pct, 'f', -1, 64) + "%"
		if reached := 1/(1-pct/100) <= float64(most); reached != slices.Contains(lat, tick) {
			t.Errorf("latency chart of codecs of at most %d round trips: x tick %s shown %v, want %v: %q", most, tick, !reached, reached, lat)
		}
	}
}

func TestHTMLReferencesNothingOutside(t *testing.T) {
	page := renderHTML(t, Source{Name: "results.json", Run: responsiveRun()})
	_, _, doc := chartsOf(t, page)
	var walk func(n *nethtml.Node)
	walk = func(n *nethtml.Node) {
		if n.Type == nethtml.ElementNode {
			if n.Data == "script" || n.Data == "link" || n.Data == "iframe" {
				t.Errorf("the page has a <%s>", n.Data)
			}
			for _, a := range n.Attr {
				k := strings.ToLower(a.Key)
				if k != "src" && k != "href" && !strings.HasSuffix(k, ":href") && k != "srcset" && k != "action" {
					continue
				}
				v := strings.TrimSpace(strings.ToLower(a.Val))
				if strings.HasPrefix(v, "http:") || strings.HasPrefix(v, "https:") || strings.HasPrefix(v, "//") {
					t.Errorf("<%s %s=%q> points outside the page", n.Data, a.Key, a.Val)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	// CSS can fetch too (url(), @import); the only URL the page has is
	// its font, as data.
	for _, s := range []string{"http://", "https://", "@import"} {
		if bytes.Contains(page, []byte(s)) {
			i := bytes.Index(page, []byte(s))
			t.Errorf("the page contains %q: ...%s...", s, page[max(0, i-80):min(len(page), i+80)])
		}
	}
	if n, d := bytes.Count(page, []byte("url(")), bytes.Count(page, []byte("url(data:")); n != d {
		t.Errorf("%d url( in the page, %d of them data:", n, d)
	}
}

func TestHTMLHasEveryConsoleRowAndTheConfig(t *testing.T) {
	run := responsiveRun()
	_, _, doc := chartsOf(t, renderHTML(t, Source{Run: run}))
	var text strings.Builder // the page as a reader sees it
	var walk func(n *nethtml.Node)
	walk = func(n *nethtml.Node) {
		if n.Type == nethtml.TextNode {
			text.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	page := text.String()
	var console bytes.Buffer
	if err := testConsole(&console, run); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(console.String(), "\n") {
		if !strings.Contains(page, line) {
			t.Errorf("console line %q is not on the page", line)
		}
	}
	sonic2x := run.Results[3]
	for _, s := range []string{"Test CPU @ 2.0GHz, 2 cores", "2 (source: cpu count)", "v1.15.5", "2s after 500ms warmup", "disagrees at $.a: 1 vs 2",
		format.Duration(sonic2x.Latency.P999), "3.16x faster than std"} {
		if !strings.Contains(page, s) {
			t.Errorf("the page lacks %q", s)
		}
	}
}

// The page of a run is the page of its saved results: what the run writes
// at its end and what `pingpong report` renders from -json are the same.
func TestHTMLFromSavedJSONEqualsTheRuns(t *testing.T) {
	for name, run := range map[string]*results.Run{
		"one repeat": responsiveRun(),
		"intervals":  timedRun(),
		"repeats":    resultstest.WithHistograms(resultstest.Repeated(resultstest.SampleRun(), 3, 0.05)),
	} {
		t.Run(name, func(t *testing.T) {
			live := renderHTML(t, Source{Name: "r.json", Run: run})
			var saved bytes.Buffer
			if err := results.WriteJSON(&saved, run); err != nil {
				t.Fatal(err)
			}
			back, err := results.ReadJSON(&saved)
			if err != nil {
				t.Fatal(err)
			}
			again := renderHTML(t, Source{Name: "r.json", Run: back})
			if !bytes.Equal(live, again) {
				i := 0
				for i < min(len(live), len(again)) && live[i] == again[i] {
					i++
				}
				t.Fatalf("the page from saved JSON differs at byte %d:\nrun:   ...%s...\nsaved: ...%s...", i,
					live[max(0, i-60):min(len(live), i+60)], again[max(0, i-60):min(len(again), i+60)])
			}
		})
	}
}

// procsRun is sampleRun at another GOMAXPROCS: levels 1, N.
func procsRun(procs int) *results.Run {
	run := resultstest.SampleRun()
	run.Env.GOMAXPROCS = procs
	run.Config.Levels = []results.Level{{Spec: "1", Pairs: 1}, {Spec: "N", Pairs: procs}}
	for i := range run.Results {
		r := &run.Results[i]
		r.Procs = procs
		if r.Pairs == 2 {
			r.Pairs = procs
			r.N = r.N * int64(procs) / 2
		}
	}
	return resultstest.WithHistograms(run)
}

func TestHTMLSeveralGOMAXPROCS(t *testing.T) {
	page := renderHTML(t, Source{Name: "p2.json", Run: procsRun(2)}, Source{Name: "p4.json", Run: procsRun(4)})
	texts, svgs, _ := chartsOf(t, page)
	for _, id := range []string{"chart-procs-citm-catalog-any-1", "chart-procs-citm-catalog-any-N",
		"chart-throughput-citm-catalog-any-procs2", "chart-throughput-citm-catalog-any-procs4", "chart-latency-citm-catalog-any-procs4-4x"} {
		if svgs[id] != 1 {
			t.Errorf("%s: %d SVGs, want 1 (charts: %v)", id, svgs[id], svgs)
		}
	}
	// Each GOMAXPROCS has its own charts, so a codec is one line, not one
	// per file.
	for _, s := range []string{"std", "sonic", "goccy"} {
		if got := texts["chart-procs-citm-catalog-any-N"]; !slices.Contains(got, s) {
			t.Errorf("throughput against GOMAXPROCS lacks %q: %q", s, got)
		}
	}
	if got := texts["chart-procs-citm-catalog-any-N"]; slices.Contains(got, "std (p2)") {
		t.Errorf("series split by file where GOMAXPROCS tells them apart: %q", got)
	}
	if !bytes.Contains(page, []byte(`id="compare"`)) {
		t.Error("two runs but no comparison of them")
	}
}

func TestHTMLTwoVersionsNameTheirLines(t *testing.T) {
	old, new := responsiveRun(), responsiveRun()
	page := renderHTML(t, Source{Name: "dir/old.json", Run: old}, Source{Name: "new.json", Run: new})
	texts, _, _ := chartsOf(t, page)
	got := texts["chart-latency-citm-catalog-any-procs2-2x"]
	for _, s := range []string{"sonic (old)", "sonic (new)", "idle floor"} {
		if s == "idle floor" {
			got = texts["chart-probe-citm-catalog-any-procs2"]
			s = "idle floor (old)"
		}
		if !slices.Contains(got, s) {
			t.Errorf("no series %q: %q", s, got)
		}
	}
}

func TestPercentileCurve(t *testing.T) {
	run := resultstest.WithHistograms(resultstest.SampleRun())
	h := run.Results[0].Hist
	pts, marks := percentileCurve(h)
	last := pts[len(pts)-1]
	if last != [2]float64{float64(h.TotalCount()), float64(h.Max())} {
		t.Errorf("the curve ends at %v, want the max %d at x = n = %d", last, h.Max(), h.TotalCount())
	}
	q := func(p float64) float64 { return float64(latency.Quantiles(h, p)[0]) }
	if pts[0] != [2]float64{1, q(0)} {
		t.Errorf("the curve starts at %v, want the 0th percentile at x = 1", pts[0])
	}
	for i := 1; i < len(pts); i++ {
		if pts[i][0] <= pts[i-1][0] || pts[i][1] < pts[i-1][1] {
			t.Fatalf("the curve goes back at %d: %v then %v", i, pts[i-1], pts[i])
		}
	}
	// n=108: 50%, 90% and 99% can be told (x = 2, 10, 100 < 108), 99.9% not.
	want := [][2]float64{{2, q(0.5)}, {10, q(0.9)}, {100, q(0.99)}, last}
	if len(marks) != len(want) {
		t.Fatalf("marks %v, want %v", marks, want)
	}
	for i := range want {
		if abs := marks[i][0] - want[i][0]; abs > 1e-9 || abs < -1e-9 || marks[i][1] != want[i][1] {
			t.Errorf("mark %d = %v, want %v", i, marks[i], want[i])
		}
	}
}

// The references' lines end where the codecs' do: baseline's millions of
// round trips would stretch the axis to where no codec has a figure.
func TestPercentileChartCutsTheReferencesWhereTheCodecsEnd(t *testing.T) {
	hist := func(n int64) *hdrhistogram.Histogram {
		h := latency.NewHistogram()
		for v := int64(1); v <= n; v++ {
			if err := h.RecordValue(1000 + v%5000); err != nil {
				t.Fatal(err)
			}
		}
		return h
	}
	mk := func(codec string, n int64) cell {
		return cell{res: results.Result{Scenario: results.Scenario{Codec: codec, Pairs: 2}}, hist: hist(n)}
	}
	ch := percentileChart([]cell{mk("std", 300), mk("sonic", 500), mk(results.Control, 400), mk(results.Baseline, 200000)}, []string{""}, "id", "title")
	for _, s := range ch.Series {
		end := s.Points[len(s.Points)-1][0]
		want := 500.0
		switch s.Codec {
		case "std":
			want = 300
		case results.Control:
			want = 400 // fewer round trips than the codecs: its own maximum
		}
		if end != want {
			t.Errorf("%s ends at x = %v, want %v", s.Codec, end, want)
		}
		for _, m := range s.Marks {
			if m[0] > want {
				t.Errorf("%s has a mark at x = %v, past its end %v", s.Codec, m[0], want)
			}
		}
	}
}

func TestPNGDir(t *testing.T) {
	dir := t.TempDir()
	srcs := []Source{{Run: responsiveRun()}}
	names, err := WritePNGDir(dir, srcs)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != len(buildCharts(srcs)) || len(names) == 0 {
		t.Fatalf("%d files for %d charts", len(names), len(buildCharts(srcs)))
	}
	for _, n := range names {
		f, err := os.Open(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		if colours, ink := inkOf(img); colours < 4 || ink < 0.01 {
			t.Errorf("%s looks blank: %d colours, %.2f%% not white", n, colours, 100*ink)
		}
	}
}

// With the stop-the-world probe on, the page charts every codec's longest
// stop against pairs, the baseline and the idle floor included, and lists
// the culprits the flight recorder named.
func TestHTMLChartsStopsAndListsCulprits(t *testing.T) {
	run := responsiveRun()
	run.Config.STW = 10 * time.Millisecond
	for i := range run.Results {
		r := &run.Results[i]
		if r.N > 0 {
			r.STW = &latency.Summary{N: 200, P99: time.Millisecond, Max: time.Duration(r.Pairs) * 2 * time.Millisecond}
		}
	}
	sonic := &run.Results[3]
	sonic.STW.Max = 58700 * time.Microsecond
	sonic.Culprit = &latency.Culprit{Stall: 58700 * time.Microsecond, Stop: 59 * time.Millisecond, Kind: latency.KindNonPreemptible,
		What: "stop-the-world (read mem stats)", Goroutine: 23, Frame: "github.com/bytedance/sonic/internal/decoder/jitdec.Decode"}
	run.Idle.STW = &latency.Summary{N: 200, P99: 80 * time.Microsecond, Max: 150 * time.Microsecond}
	page := renderHTML(t, Source{Run: run})
	texts, svgs, _ := chartsOf(t, page)
	id := "chart-stw-citm-catalog-any-procs2"
	if svgs[id] != 1 {
		t.Fatalf("no stop-the-world chart %s among %v", id, svgs)
	}
	for _, s := range []string{"std", "sonic", "goccy", "baseline", "idle floor"} {
		if !slices.Contains(texts[id], s) {
			t.Errorf("%s: no series %q in its legend %q", id, s, texts[id])
		}
	}
	for _, s := range []string{"<h3>culprits</h3>", "goroutine 23 in <code>github.com/bytedance/sonic/internal/decoder/jitdec.Decode</code>", "<td>non-preemptible</td>", "<td class=\"num\">58.7ms</td>"} {
		if !bytes.Contains(page, []byte(s)) {
			t.Errorf("the page lacks %q", s)
		}
	}
}

// A result with no mode or target (a file from before they existed, or a
// hand-made one) is an encdec row into any on the page too.
func TestNoModeIsAnEncdecRow(t *testing.T) {
	run := resultstest.SampleRun()
	r := run.Results[0]
	old := r
	old.Mode, old.Target = "", ""
	if got, want := rowOf(run, old, "").Rate, format.Rate(r.RoundTripsPerSec()); got != want {
		t.Errorf("page row without a mode: rate %q, want %q", got, want)
	}
}

// timedRun is responsiveRun as a run with -stw and -interval has it, cut
// to std, sonic and baseline: every row's stops of the world, and its
// window over time, the codecs taking turns of 300ms in 100ms intervals.
// Sonic's stops are long at 2x, and one of its intervals there holds a
// 40ms freeze, which its culprit names.
func timedRun() *results.Run {
	run := responsiveRun()
	us, ms := time.Microsecond, time.Millisecond
	run.Config.Codecs = []string{"std", "sonic", "baseline"}
	run.Config.STW, run.Config.Interval, run.Config.Stall = 10*ms, 100*ms, 10*ms
	run.Results = slices.DeleteFunc(run.Results, func(r results.Result) bool { return r.Codec == "goccy" })
	// The long cells a real run has: a sha256, a culprit's frame, a noise
	// note, a mismatch's path and values.
	run.Inputs[0].SHA256 = strings.Repeat("0123456789abcdef", 4)
	sonic := &run.Results[3]
	sonic.Culprit = &latency.Culprit{Stall: 40 * ms, Stop: 41 * ms, Kind: latency.KindNonPreemptible, What: "stop-the-world (read mem stats)",
		Goroutine: 23, Frame: "github.com/bytedance/sonic/internal/decoder/jitdec.(*_Decoder).Decode"}
	sonic.Noise = &latency.Noise{Window: sonic.Window, OthersCores: 0.6, Cores: 2}
	sonic.Trace = "/tmp/pingpong-traces/citm-catalog_sonic_2x_procs2.trace"
	run.Results[1].Mismatch = "$.performances[12].seatCategories[3].areas[0].blockIds: " + strings.Repeat("[1, 2, 3, 4, 5, 6, 7, 8, 9] vs ", 8) + "[]"
	for i := range run.Results {
		r := &run.Results[i]
		typical := 100 * us
		if r.Codec == "sonic" && r.Pairs == 2 {
			typical = 400 * us
		}
		r.STWHist = latency.NewHistogram()
		for _, d := range resultstest.StopsAround(uint64(i+1), 200, typical) {
			_ = r.STWHist.RecordValue(int64(d))
			r.STWWaited += d
		}
		s := latency.Summarize(r.STWHist)
		r.STW = &s
		const turns, perTurn = 5, 3 // 15 intervals of 100ms: 1.5s of the window
		at := time.Duration(i%3) * perTurn * 100 * ms
		for turn := range turns {
			for k := range perTurn {
				iv := results.Interval{At: at + time.Duration(turn*9+k)*100*ms, Ran: 100 * ms, N: r.N / (turns * perTurn),
					RTMax: r.Latency.P99, STWMax: s.P99}
				if r.Codec == "sonic" && r.Pairs == 2 && turn == 2 && k == 1 {
					iv.RTMax, iv.STWMax = 40*ms, 40*ms
				}
				r.Intervals = append(r.Intervals, iv)
			}
		}
	}
	return run
}

// The page leads with the verdict, the console's, before any chart; each
// level has its charts over time.
func TestHTMLVerdictFirstAndTheWindowOverTime(t *testing.T) {
	page := renderHTML(t, Source{Run: timedRun()})
	verdict := bytes.Index(page, []byte("stands out from baseline: sonic (froze the program "))
	none := bytes.Index(page, []byte("no codec stands out from baseline at 1x encdec ("))
	chart := bytes.Index(page, []byte("<figure"))
	if verdict < 0 || none < 0 || chart < 0 || verdict > chart || none > chart {
		t.Errorf("sonic's verdict at byte %d, 1x's at %d, the first chart at %d: want both verdicts, before it", verdict, none, chart)
	}
	texts, svgs, _ := chartsOf(t, page)
	for _, id := range []string{"chart-time-rt-citm-catalog-any-procs2-1x", "chart-time-rt-citm-catalog-any-procs2-2x", "chart-time-stw-citm-catalog-any-procs2-2x"} {
		if svgs[id] != 1 {
			t.Errorf("no chart %s among %v", id, svgs)
			continue
		}
		for _, s := range []string{"std", "sonic", "baseline"} {
			if !slices.Contains(texts[id], s) {
				t.Errorf("%s: no series %q in %q", id, s, texts[id])
			}
		}
	}
}

// The page opens with the answer that closes the console: its lines, each
// whole, before the verdict and the charts.
func TestHTMLOpensWithTheAnswer(t *testing.T) {
	run := timedRun()
	page := string(renderHTML(t, Source{Run: run}))
	var console bytes.Buffer
	if err := testConsole(&console, run); err != nil {
		t.Fatal(err)
	}
	head, lines := answerOf(console.String())
	if !strings.HasPrefix(head, "answer: ") || len(lines) != 2 || !strings.HasPrefix(lines[1], "2x encdec: ") || !strings.Contains(lines[1], "sonic stands out") {
		t.Fatalf("the console's answer read as %q %q:\n%s", head, lines, console.String())
	}
	answer := strings.Index(page, "<li>2x encdec: ") // html/template spells the + of "+37.5 points" as &#43;
	verdict := strings.Index(page, "stands out from baseline: sonic (froze the program ")
	chart := strings.Index(page, "<figure")
	if answer < 0 || answer > verdict || answer > chart {
		t.Errorf("the answer at byte %d, the verdict at %d, the first chart at %d: want the answer first", answer, verdict, chart)
	}
}

// A codec's points over time are joined within its turns only.
func TestTimeChartBreaksBetweenTurns(t *testing.T) {
	srcs := []Source{{Run: timedRun()}}
	cs := filter(cellsOf(srcs), func(c cell) bool { return c.res.Pairs == 2 })
	chs := timeCharts(cs, sourceNames(srcs), "x", "2x")
	if len(chs) != 2 {
		t.Fatalf("%d charts, want the round trips' and the stops'", len(chs))
	}
	for _, s := range chs[0].Series {
		pieces := s.pieces()
		if len(pieces) != 5 {
			t.Errorf("%s: %d pieces, want one per turn (5)", s.Name, len(pieces))
		}
		for _, p := range pieces {
			if len(p) != 3 || p[2][0]-p[0][0] > 0.21 {
				t.Errorf("%s: a piece %v, want 3 intervals of one turn", s.Name, p)
			}
		}
	}
}

// A chart of one level draws a bar per codec, its value on it, and its
// x labels never run into each other.
func TestOneLevelIsBarsAndTicksDoNotCollide(t *testing.T) {
	run := timedRun()
	run.Results = slices.DeleteFunc(run.Results, func(r results.Result) bool { return r.Pairs == 1 })
	run.Config.Levels = run.Config.Levels[1:]
	texts, _, _ := chartsOf(t, renderHTML(t, Source{Run: run}))
	thr := texts["chart-throughput-citm-catalog-any-procs2"]
	sonic := run.Results[1]
	if sonic.Codec != "sonic" || !slices.Contains(thr, strings.TrimSuffix(format.Rate(sonic.RoundTripsPerSec()), "/s")) {
		t.Errorf("the throughput bars lack sonic's rate %s: %q", format.Rate(sonic.RoundTripsPerSec()), thr)
	}
	if !slices.Contains(thr, "codec, at pairs = 2") {
		t.Errorf("the one-level chart's x axis is not the codecs: %q", thr)
	}
	lat := texts["chart-latency-citm-catalog-any-procs2-2x"]
	labels := 0
	for _, s := range lat {
		if strings.HasSuffix(s, "%") {
			labels++
		}
	}
	// The baseline's 3M round trips run the axis to 99.99999%: seven
	// decades in under 300pt, which cannot hold every label.
	if labels == 0 || labels == len(percentileTicks) || !slices.Contains(lat, "50%") {
		t.Errorf("%d percentile labels of %d: %q; want 50%% kept and some dropped", labels, len(percentileTicks), lat)
	}
}
