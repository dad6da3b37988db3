package report

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
	"github.com/pingpong-bench/pingpong/verdict"
)

func TestSafeSizeGolden(t *testing.T) {
	run := resultstest.SafeSizeRun()
	got := bySizeOf(run).safeSizeText(run.Config, nil)
	resultstest.Golden(t, "safesize", []byte(got))
	wantContains(t, got,
		"\nsafe size, long-string, budget 10.0ms on wait.p99 (the largest size within it, and the sizes that bound it):\n",
		"  wait.p99: the table's stw.p99 with its late time counted as stops that waited that long, ",
		"each rests on 200 to 500 stops; [lo, hi]: its 95% interval, from resampling the level's stretches",
		"  2x encdec\n",
		"    jsoniter   none of the sizes tried (1MB over, 99% sure; wait.p99 12.0ms [12.0ms, 12.0ms] at 1MB; ",
		// the bracket is the claim, with how sure it is, and the ~ size a reading marked as one
		"    sonic      up to ~8MB (4MB within, 16MB over: 86% sure it lies between; ~8MB interpolated between them, not measured; wait.p99 5.0ms [5.0ms, 5.0ms] at 4MB,\n",
		"                 20.0ms [20.0ms, 20.0ms] at 16MB; a longer -duration would make it surer; slope ~1.2ms per MB over all sizes)\n",
		"    goccy      undecided from 16MB up (wait.p99 12.0ms [371us, 12.0ms] at 4MB undecided, 6.0ms [299us, 6.0ms] at 16MB, 20.0ms [419us, 20.0ms] at 32MB undecided;\n",
		// 200 stops at each size, none of them reaching the budget: 1-0.99^200
		"    std        every size tried (up to 32MB, 86% sure; wait.p99 8.8ms [8.8ms, 8.8ms] at 32MB; a longer -duration would make it surer; slope ~250us per MB over\n",
	)
	if strings.Contains(got, "goccy      every size") {
		t.Errorf("every size, with a size undecided:\n%s", got)
	}
	// The console prints them after the by-size summary.
	var b strings.Builder
	if err := WriteConsole(&b, run, ConsoleOptions{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if i, j := strings.Index(out, "\nby size, long-string"), strings.Index(out, "\nsafe size, long-string"); i < 0 || j < i {
		t.Errorf("safe sizes not after the by-size summary (at %d, %d):\n%s", i, j, out)
	}
}

// Neither the safe-size line nor the answer says "every size" with a
// size undecided, wherever it lies: each names it, and what settles it.
func TestNoEverySizeWithASizeUndecided(t *testing.T) {
	ms := time.Millisecond
	at := func(mb int, stop time.Duration, side string) verdict.SizePoint {
		return verdict.SizePoint{Input: fmt.Sprintf("attachment:%dMB", mb), Bytes: mb * 1e6, Stop: stop, Lo: stop / 10, Hi: stop, Resampled: true,
			Within: side == "within", Undecided: side == "undecided"}
	}
	for _, tc := range []struct {
		points       []verdict.SizePoint
		line, answer string
	}{
		{[]verdict.SizePoint{at(1, 2*ms, "within"), at(4, 5*ms, "within"), at(16, 12*ms, "undecided")},
			"undecided from 4MB up (wait.p99 5.0ms [500us, 5.0ms] at 4MB, 12.0ms [1.2ms, 12.0ms] at 16MB undecided; a longer -duration would settle it;",
			"undecided from 4MB up (16MB undecided: a longer -duration would settle it)"},
		{[]verdict.SizePoint{at(1, 30*ms, "undecided"), at(4, 5*ms, "within"), at(16, 6*ms, "within")},
			"up to 16MB (wait.p99 30.0ms [3.0ms, 30.0ms] at 1MB undecided, 6.0ms [600us, 6.0ms] at 16MB; a longer -duration would settle it;",
			"up to 16MB (1MB undecided: a longer -duration would settle it)"},
		{[]verdict.SizePoint{at(1, 2*ms, "within"), at(4, 11*ms, "undecided"), at(16, 20*ms, "over")},
			"undecided between 1MB and 16MB (wait.p99 2.0ms [200us, 2.0ms] at 1MB, 11.0ms [1.1ms, 11.0ms] at 4MB undecided, 20.0ms [2.0ms, 20.0ms] at 16MB;",
			"undecided between 1MB and 16MB (4MB undecided: a longer -duration would settle it)"},
	} {
		s := verdict.SafeSize{Codec: "sonic", Points: tc.points, Budget: 10 * ms}
		line, answer := safeSizeLine(s), safeRange(s)
		if !strings.HasPrefix(line, tc.line) || answer != tc.answer || strings.Contains(line+answer, "every size") {
			t.Errorf("line %q\nwant %q...\nanswer %q\nwant %q", line, tc.line, answer, tc.answer)
		}
	}
}

// A codec that ran at a size without a stop measured says so; a size it
// never ran at (a search settled it before) goes unsaid.
func TestSafeSizeLineNamesSizesWithoutStops(t *testing.T) {
	ms := time.Millisecond
	s := verdict.SafeSize{Codec: "std", Budget: 10 * ms, Points: []verdict.SizePoint{
		{Input: "long-string:1MB", Bytes: 1e6, Stop: ms, Within: true},
		{Input: "long-string:32MB", Bytes: 32e6, Stop: 2 * ms, Within: true},
	}}
	if got := safeSizeLine(s); strings.Contains(got, "no stops") {
		t.Errorf("a codec measured at every size it ran at: %q", got)
	}
	s.NoStops = []string{"long-string:4MB"}
	if got := safeSizeLine(s); !strings.Contains(got, "; no stops measured at 4MB)") {
		t.Errorf("a codec that ran at 4MB without stops: %q", got)
	}
}

// The search's last section: each step with the codecs and references it
// ran, the windows in all, and where it left each codec.
func TestSearchText(t *testing.T) {
	ms := time.Millisecond
	point := func(mb float64, stop time.Duration) verdict.SizePoint {
		return verdict.SizePoint{Bytes: int(mb * 1e6), Stop: stop, Within: stop < 10*ms}
	}
	res := verdict.SearchResult{
		Steps: []verdict.SearchStep{
			{Round: 0, Sizes: []int{1e6}, Codecs: []string{"std", "sonic", "control", "baseline"}},
			{Round: 0, Sizes: []int{32e6}, Codecs: []string{"std", "sonic", "control"}},
			{Round: 1, Sizes: []int{5e6, 7.4e6}, Codecs: []string{"sonic", "control"}},
		},
		Lines: []verdict.SearchLine{
			{Codec: "sonic", Level: "2x encdec", Settled: true, Safe: verdict.SafeSize{Points: []verdict.SizePoint{point(1, 2*ms), point(5, 8*ms), point(7.4, 12*ms), point(32, 50*ms)}}},
			{Codec: "std", Level: "2x encdec", Settled: true, Safe: verdict.SafeSize{Points: []verdict.SizePoint{point(1, ms), point(32, 2*ms)}}},
		},
	}
	got := SearchText("long-string", 1e6, 32e6, 10*ms, res)
	wantContains(t, got,
		"\nsearch, long-string 1.00MB..32.0MB, budget 10.0ms:\n  the ends first: ",
		"(-until is off: nothing measures it longer)",
		"and the rounds narrow the",
		"  step 1, the ends: 1.00MB (std, sonic, control, baseline)\n",
		"  step 2, the ends: 32.0MB (std, sonic, control)\n",
		"  step 3, round 1: 5.00MB, 7.40MB (sonic, control)\n",
		"  11 windows in 3 steps (",
		"    sonic   between 5.00MB (within) and 7.40MB (over)\n",
		"    std     within the budget at every size, up to 32.0MB\n",
	)
	if strings.Contains(got, "stopped there") {
		t.Errorf("a search that was not cut says it stopped:\n%s", got)
	}
	// One that did not settle says after how many rounds it was left.
	res.Lines[0].Settled = false
	if got := SearchText("long-string", 1e6, 32e6, 10*ms, res); !strings.Contains(got, "(over): not within 1.5x after 1 round; list sizes") {
		t.Errorf("an unsettled codec after one round:\n%s", got)
	}
	// One with a size undecided inside its bracket says so, and what
	// would settle it, rather than a bracket.
	undecided := res
	undecided.Lines = slices.Clone(res.Lines)
	undecided.Lines[0].Safe.Points = slices.Clone(undecided.Lines[0].Safe.Points)
	undecided.Lines[0].Safe.Points[2].Undecided = true
	if got := SearchText("long-string", 1e6, 32e6, 10*ms, undecided); !strings.Contains(got, "    sonic   undecided between 5.00MB (within) and 32.0MB (over): 7.40MB undecided; a longer -duration would settle it\n") {
		t.Errorf("a codec undecided at 7.4MB:\n%s", got)
	}
	// A longer look says so, and so does the note.
	longer := res
	longer.Longer = true
	longer.Steps = append(slices.Clone(res.Steps), verdict.SearchStep{Round: 1, Sizes: []int{7.4e6}, Codecs: []string{"sonic", "control"}, Longer: true})
	wantContains(t, SearchText("long-string", 1e6, 32e6, 10*ms, longer),
		"a size left undecided is measured again, longer",
		"  step 4, round 1, longer where undecided: 7.40MB (sonic, control)\n")
	// A codec within the budget up to the largest size, but undecided
	// at a smaller one, is not within it "at every size".
	under := res
	under.Lines = slices.Clone(res.Lines)
	under.Lines[1].Safe.Points = []verdict.SizePoint{{Bytes: 1e6, Stop: 12 * ms, Undecided: true}, point(32, 2*ms)}
	if got := SearchText("long-string", 1e6, 32e6, 10*ms, under); !strings.Contains(got, "    std     within the budget up to 32.0MB, none over; 1.00MB undecided\n") || strings.Contains(got, "std     within the budget at every size") {
		t.Errorf("std undecided at 1MB, within at 32MB:\n%s", got)
	}
	res.Cut = true
	if got := SearchText("long-string", 1e6, 32e6, 10*ms, res); !strings.Contains(got, "  11 windows in 3 steps (a window: one codec or reference at one size, at each level); stopped there: another step would have run more windows than a list of 4 sizes\n") {
		t.Errorf("a cut search does not say where it stopped:\n%s", got)
	}
}

// -json keeps the safe sizes for scripts: each codec's head, its bracket
// and each size's interval and side, as the console says them.
func TestSafeSizesInJSON(t *testing.T) {
	var b strings.Builder
	if err := WriteJSON(&b, resultstest.SafeSizeRun()); err != nil {
		t.Fatal(err)
	}
	var back struct {
		SafeSizes []results.SafeSizeRecord `json:"safe_sizes"`
	}
	if err := json.Unmarshal([]byte(b.String()), &back); err != nil {
		t.Fatal(err)
	}
	heads := map[string]results.SafeSizeRecord{}
	for _, r := range back.SafeSizes {
		heads[r.Codec] = r
	}
	sonic, goccy := heads["sonic"], heads["goccy"]
	if len(back.SafeSizes) != 4 || sonic.Head != "up to ~8MB" || sonic.LoBytes != 4e6 || sonic.HiBytes != 16e6 || sonic.Undecided ||
		len(sonic.Points) != 4 || !sonic.Points[0].Resampled || sonic.Points[0].Side != "within" || sonic.Points[2].Side != "over" {
		t.Errorf("sonic: %+v", sonic)
	}
	// the bracket is as sure as both its sides at once; one with a bound
	// below alone, as sure as that bound
	if lo, hi := sonic.Points[1].Sure, sonic.Points[2].Sure; lo <= 0 || hi <= 0 || math.Abs(sonic.Sure-(lo+hi-1)) > 1e-9 {
		t.Errorf("how sure: sonic %v, its bounds %v and %v", sonic.Sure, lo, hi)
	}
	if i := slices.IndexFunc(goccy.Points, func(p results.SafeSizePoint) bool { return p.Bytes == goccy.LoBytes }); i < 0 || goccy.Sure != goccy.Points[i].Sure {
		t.Errorf("how sure: goccy %v, its bound below at %d bytes: %+v", goccy.Sure, goccy.LoBytes, goccy.Points)
	}
	if !goccy.Undecided || goccy.HiBytes != 0 || !strings.HasPrefix(goccy.Head, "undecided") || goccy.Points[3].Side != "undecided" {
		t.Errorf("goccy: %+v", goccy)
	}
}

// A search's longer look streams a size's rows again: the safe sizes pool
// both looks' stops, as the run's file does, and the size is one size.
// Its first look of 50 stops in 500ms is undecided, both looks' 250
// within.
func TestSafeSizesPoolALongerLook(t *testing.T) {
	ms, us := time.Millisecond, time.Microsecond
	cfg := results.Config{Codecs: []string{"sonic", results.Baseline}, Duration: 500 * ms, STW: 10 * ms, Slice: 100 * ms, Budget: 10 * ms}
	var b strings.Builder
	c := NewConsole(&b, results.Environment{}, cfg, ConsoleOptions{})
	look := func(window time.Duration, n int) {
		for _, size := range []int{1e6, 4e6} {
			name := fmt.Sprintf("attachment:%dMB", size/1e6)
			c.Input(results.InputInfo{Name: name, Kind: "shape", Bytes: size, Shape: "attachment", AskedSize: size}, nil)
			for _, codec := range cfg.Codecs {
				r := resultstest.Stopping(codec, 2, 0, window, resultstest.StopsAround(uint64(n), n, 200*us))
				r.Input, r.Target = name, results.TargetAny
				c.Result(r)
			}
		}
	}
	look(500*ms, 50)
	if got := c.sizes.safeSizeText(cfg, nil); !strings.Contains(got, "sonic   undecided at every size tried") {
		t.Errorf("first looks of 50 stops:\n%s", got)
	}
	look(2*time.Second, 200)
	got := c.sizes.safeSizeText(cfg, nil)
	if !strings.Contains(got, "sonic   every size tried (up to 4MB, 91% sure;") { // 250 stops: 1-0.99^250
		t.Errorf("both looks pooled:\n%s", got)
	}
	if len(c.sizes.inputs) != 2 || len(c.sizes.rows) != 4 {
		t.Errorf("%d sizes and %d rows, want 2 and 4 (the second look pooled, not added)", len(c.sizes.inputs), len(c.sizes.rows))
	}
}

// The safe-size line and the answer lead with the bracket, the sizes
// measured either side of the budget, say how sure it is, and mark the
// ~ size as a reading; under 95% the line says a longer -duration would
// make it surer. A size over only because the codec stands out there
// gives no figure and no ~ size. The search says its bracket as sure.
func TestSafeSizeSaysHowSure(t *testing.T) {
	ms := time.Millisecond
	at := func(mb int, stop time.Duration, waits, reached int) verdict.SizePoint {
		p := verdict.SizePoint{Input: fmt.Sprintf("attachment:%dMB", mb), Bytes: mb * 1e6, Stop: stop, Lo: stop / 2, Hi: stop, Resampled: true,
			Waits: waits, Reached: reached}
		p.Within = stop < 10*ms
		return p
	}
	for _, tc := range []struct {
		name         string
		points       []verdict.SizePoint
		line, answer string
		surer        bool
	}{
		// 200 stops none reached (86%), 8 of 200 (99.96%): 86% both
		{"a bracket", []verdict.SizePoint{at(4, 5*ms, 200, 0), at(16, 20*ms, 200, 8)},
			"up to ~8MB (4MB within, 16MB over: 86% sure it lies between; ~8MB interpolated between them, not measured; wait.p99 5.0ms [2.5ms, 5.0ms] at 4MB,",
			"up to ~8MB (4MB within, 16MB over: 86% sure it lies between; ~8MB interpolated)", true},
		{"a bracket on 400 stops", []verdict.SizePoint{at(4, 5*ms, 400, 0), at(16, 20*ms, 400, 16)},
			"up to ~8MB (4MB within, 16MB over: 98% sure it lies between; ~8MB interpolated between them, not measured;",
			"up to ~8MB (4MB within, 16MB over: 98% sure it lies between; ~8MB interpolated)", false},
		{"every size", []verdict.SizePoint{at(4, 2*ms, 300, 0), at(16, 5*ms, 300, 0)},
			"every size tried (up to 16MB, 95% sure; wait.p99",
			"every size tried (up to 16MB, 95% sure)", false},
		{"none", []verdict.SizePoint{at(4, 20*ms, 100, 4)},
			"none of the sizes tried (4MB over, 98% sure; wait.p99",
			"none of the sizes tried (4MB over, 98% sure)", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := verdict.SafeSize{Codec: "sonic", Points: tc.points, Budget: 10 * ms}
			line, answer := safeSizeLine(s), safeRange(s)
			if !strings.HasPrefix(line, tc.line) || answer != tc.answer || strings.Contains(line, "would make it surer") != tc.surer {
				t.Errorf("line %q\nwant %q... (surer %v)\nanswer %q\nwant %q", line, tc.line, tc.surer, answer, tc.answer)
			}
		})
	}
	// over at 16MB only because sonic stands out there: the bracket alone
	stands := verdict.SafeSize{Codec: "sonic", Budget: 10 * ms, Points: []verdict.SizePoint{at(4, 5*ms, 200, 0), at(16, 5*ms, 200, 0)}}
	stands.Points[1].Within, stands.Points[1].StandsOut = false, true
	if got := safeRange(stands); got != "up to 4MB (4MB within, 16MB over)" {
		t.Errorf("over as it stands out: %q", got)
	}
	// the search's line, from the same points
	res := verdict.SearchResult{Steps: []verdict.SearchStep{{Sizes: []int{4e6, 16e6}, Codecs: []string{"sonic", "baseline"}}},
		Lines: []verdict.SearchLine{{Codec: "sonic", Level: "2x encdec", Settled: true, Safe: verdict.SafeSize{Budget: 10 * ms,
			Points: []verdict.SizePoint{at(4, 5*ms, 200, 0), at(5, 20*ms, 200, 8)}}}}}
	if got := SearchText("attachment", 4e6, 16e6, 10*ms, res); !strings.Contains(got, "    sonic   between 4.00MB (within) and 5.00MB (over), 86% sure\n") {
		t.Errorf("the search's bracket without how sure it is:\n%s", got)
	}
}
