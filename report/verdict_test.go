package report

import (
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
	"github.com/pingpong-bench/pingpong/verdict"
)

// runVerdictText is the verdict of every level of rs, as the console prints
// it after the comparison.
func runVerdictText(cfg results.Config, rs []results.Result, verbose bool) string {
	var rows []results.Result
	var repeats map[results.Key][]results.Result
	if cfg.Repeats() > 1 {
		run := &results.Run{Config: cfg, Results: rs}
		for _, g := range results.GroupRepeats(run) {
			rows = append(rows, g.Median)
		}
		repeats, _ = results.GroupByKey(rs)
	} else {
		rows = rs
	}
	var b strings.Builder
	for _, v := range verdict.Levels(cfg, rows, repeats) {
		b.WriteString(verdictText(v, verbose))
	}
	return b.String()
}

func TestVerdictGolden(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	cfg := results.Config{Codecs: []string{"std", "sonic", "goccy", "baseline"}, Stall: 10 * ms}
	var out strings.Builder

	single := oneRun()
	out.WriteString("== one run\n")
	out.WriteString(runVerdictText(cfg, single, false))
	out.WriteString("\n== one run, -v\n")
	out.WriteString(runVerdictText(cfg, single, true))

	// Three repeats, pooled: every stop of every repeat counts, so three
	// repeats can tell as well as one.
	cfg.Count = 3
	var three []results.Result
	for rep := range 3 {
		seed := uint64(100 * (rep + 1))
		three = append(three,
			resultstest.Stopping("std", 2, rep, win, resultstest.StopsAround(seed+1, 200, 100*us)),
			resultstest.Stopping("sonic", 2, rep, win, append(resultstest.StopsAround(seed+2, 160, 100*us), resultstest.StopsAround(seed+3, 40, 15*ms)...)),
			resultstest.Stopping("baseline", 2, rep, win, resultstest.StopsAround(seed+4, 200, 100*us)))
	}
	out.WriteString("\n== three repeats\n")
	out.WriteString(runVerdictText(cfg, three, false))

	// No baseline at the level: nothing to judge against.
	out.WriteString("\n== no baseline\n")
	out.WriteString(runVerdictText(results.Config{Codecs: []string{"std"}}, []results.Result{resultstest.Stopping("std", 1, 0, win, resultstest.StopsAround(1, 200, 100*us))}, false))

	// The kernel split each stop's wait: the table is of the holds, with
	// the machine's share in a column of its own; std's stops waited as
	// long as sonic's, but the machine held them, and only sonic stands out.
	out.WriteString("\n== split\n")
	waits := append(resultstest.StopsAround(2, 160, 3*ms), resultstest.StopsAround(3, 40, 15*ms)...)
	held := func(_ int, d time.Duration) time.Duration {
		if d > 10*ms {
			return d / 2
		}
		return 30 * us
	}
	machine := func(int, time.Duration) time.Duration { return 30 * us }
	out.WriteString(runVerdictText(results.Config{Codecs: []string{"std", "sonic", "control"}}, []results.Result{
		resultstest.Split(resultstest.Stopping("std", 2, 0, win, waits), machine, 5*ms),
		resultstest.Split(resultstest.Stopping("sonic", 2, 0, win, waits), held, 5*ms),
		resultstest.Split(resultstest.Stopping("control", 2, 0, win, resultstest.StopsAround(1, 200, 3*ms)), machine, 5*ms),
	}, false))

	got := out.String()
	resultstest.Golden(t, "verdict", []byte(got))
	wantContains(t, got,
		"no codec stands out from baseline at 1x encdec (",
		"stands out from baseline: sonic (froze the program ",
		"\n  sonic froze the program ",
		"; culprit github.com/bytedance/sonic/internal/decoder/jitdec.Decode (non-preemptible) held a 58.7ms stop\n",
		"goccy cannot be told: it froze the program ",
		"cannot tell at 2x encdec: goccy (+",
		"std does not: it froze the program ",
		"mmu(10ms)",
		"NOISY",
		"no verdict at 1x encdec: neither baseline nor control ran",
		"responsiveness, 2x encdec (the stops' holds, the machine's share apart, against control):",
		"   machine   vs control ",
		"stands out from control: sonic (")
	// The default console has no sentence for a codec that does not stand
	// out: those are -v's.
	if plain := runVerdictText(cfg, single, false); strings.Contains(plain, "does not: it") || strings.Contains(plain, "mmu(") {
		t.Errorf("the default verdict has -v's sentences:\n%s", plain)
	}
}

// verdict.Of is the console's verdict as data: the same table, conclusion
// and sentences, level by level.
func TestVerdictsAreTheConsoles(t *testing.T) {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	cfg := results.Config{Codecs: []string{"std", "sonic", "baseline"}, Stall: 10 * ms, Count: 2}
	var rs []results.Result
	for rep := range 2 {
		seed := uint64(10 * (rep + 1))
		for _, pairs := range []int{1, 2} {
			rs = append(rs,
				resultstest.Stopping("std", pairs, rep, win, resultstest.StopsAround(seed+1, 200, 100*us)),
				resultstest.Stopping("sonic", pairs, rep, win, append(resultstest.StopsAround(seed+2, 160, 100*us), resultstest.StopsAround(seed+3, pairs*20, 15*ms)...)),
				resultstest.Stopping("baseline", pairs, rep, win, resultstest.StopsAround(seed+4, 200, 100*us)))
		}
	}
	vs := verdict.Of(&results.Run{Config: cfg, Results: rs})
	if len(vs) != 2 {
		t.Fatalf("%d verdicts, want one per level: %+v", len(vs), vs)
	}
	text := runVerdictText(cfg, rs, true)
	for _, v := range vs {
		if v.Input != "citm-catalog" || len(v.Table()) != 4 || v.Table()[0][0] != "codec" || v.Table()[3][0] != "baseline" {
			t.Errorf("%s: input %q, table %q: want citm-catalog, a head and std, sonic, baseline", v.Label, v.Input, v.Table())
		}
		for _, line := range append(append([]string{v.Conclusion()}, v.Sentences()...), v.Reasons()...) {
			if !strings.Contains(text, "  "+line+"\n") {
				t.Errorf("%s: %q is not the console's:\n%s", v.Label, line, text)
			}
		}
	}
	if !strings.HasPrefix(vs[1].Conclusion(), "stands out from baseline: sonic") {
		t.Errorf("2x: %q, want sonic to stand out", vs[1].Conclusion())
	}
}

// oneRun is one run of std, sonic, goccy and baseline at 1x and 2x. At 2x a
// fifth of sonic's stops wait 15ms, the rest as baseline's; one in seven
// of goccy's waits 1.5ms, longer than baseline's but by too little to
// matter; std's are like baseline's. At 1x nothing stands out.
func oneRun() []results.Result {
	us, ms, win := time.Microsecond, time.Millisecond, 2*time.Second
	sonic := resultstest.Stopping("sonic", 2, 0, win, append(resultstest.StopsAround(2, 160, 100*us), resultstest.StopsAround(3, 40, 15*ms)...))
	sonic.Culprit = &latency.Culprit{Stall: 58700 * us, Kind: latency.KindNonPreemptible, What: "stop-the-world (read mem stats)",
		Goroutine: 23, Frame: "github.com/bytedance/sonic/internal/decoder/jitdec.Decode"}
	sonic.Noise = &latency.Noise{Window: win, OthersCores: 0.4, Cores: 2}
	single := []results.Result{
		resultstest.Stopping("std", 1, 0, win, resultstest.StopsAround(11, 200, 100*us)),
		resultstest.Stopping("sonic", 1, 0, win, resultstest.StopsAround(12, 200, 100*us)),
		resultstest.Stopping("goccy", 1, 0, win, resultstest.StopsAround(13, 200, 100*us)),
		resultstest.Stopping("baseline", 1, 0, win, resultstest.StopsAround(14, 200, 100*us)),
		resultstest.Stopping("std", 2, 0, win, resultstest.StopsAround(4, 200, 100*us)),
		sonic,
		resultstest.Stopping("goccy", 2, 0, win, append(resultstest.StopsAround(5, 170, 100*us), resultstest.StopsAround(6, 30, 1500*us)...)),
		resultstest.Stopping("baseline", 2, 0, win, resultstest.StopsAround(1, 200, 100*us)),
	}
	return single
}
