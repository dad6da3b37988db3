package report

import (
	"strings"
	"testing"
	"time"

	"pingpong/latency"
	"pingpong/results"
)

// frozen is a hand-made encdec row with the verdict's three figures.
func frozen(impl string, pairs, repeat int, stwMax, probeP99, schedP99 time.Duration) results.Result {
	return results.Result{
		Scenario: results.Scenario{Input: "citm-catalog", Impl: impl, Mode: results.ModeEncdec, Pairs: pairs, Procs: 2, Repeat: repeat},
		N:        100, Window: 2 * time.Second,
		Latency: latency.Summary{N: 100, P50: time.Millisecond},
		Responsiveness: results.Responsiveness{
			STW:     &latency.Summary{N: 200, P99: stwMax / 2, Max: stwMax},
			Probe:   &latency.Summary{N: 2000, P99: probeP99},
			Runtime: &latency.Runtime{SchedLatency: latency.Distribution{P99: schedP99}},
		},
	}
}

// verdictText is the verdict of every level of rs, as the console prints
// it after the comparison.
func verdictText(cfg results.Config, rs []results.Result) string {
	var rows []results.Result
	var repeats map[results.Key][]results.Result
	if cfg.Repeats() > 1 {
		run := &results.Run{Config: cfg, Results: rs}
		for _, g := range groupRepeats(run) {
			rows = append(rows, g.Median)
		}
		repeats, _ = groupByKey(rs)
	} else {
		rows = rs
	}
	var b strings.Builder
	for _, v := range levelVerdicts(cfg, rows, repeats) {
		b.WriteString(v.text(cfg))
	}
	return b.String()
}

func TestVerdictGolden(t *testing.T) {
	ms, us := time.Millisecond, time.Microsecond
	cfg := results.Config{Impls: []string{"std", "sonic", "goccy", "baseline"}, Stall: 10 * ms}
	var out strings.Builder

	// One run. At 1x nothing stands out: goccy's stops are over 3x
	// baseline's but under the stall, std's within 3x. At 2x sonic's JIT
	// code and goccy's GC stand out, std does not.
	sonic := frozen("sonic", 2, 0, 58700*us, 1100*us, 400*us)
	sonic.Culprit = &latency.Culprit{Stall: 58700 * us, Kind: latency.KindNonPreemptible, What: "stop-the-world (read mem stats)",
		Goroutine: 23, Frame: "github.com/bytedance/sonic/internal/decoder/jitdec.Decode"}
	goccy := frozen("goccy", 2, 0, 31*ms, 2*ms, 900*us)
	goccy.Culprit = &latency.Culprit{Stall: 31 * ms, Kind: latency.KindGC, What: "stop-the-world (GC mark termination)"}
	single := []results.Result{
		frozen("std", 1, 0, 4*ms, 1100*us, 300*us),
		frozen("sonic", 1, 0, 2500*us, 1000*us, 250*us),
		frozen("goccy", 1, 0, 7500*us, 1000*us, 250*us),
		frozen("baseline", 1, 0, 2100*us, 1000*us, 200*us),
		frozen("std", 2, 0, 3100*us, 1100*us, 400*us),
		sonic, goccy,
		frozen("baseline", 2, 0, 2100*us, 1000*us, 200*us),
	}
	out.WriteString("== one run\n")
	out.WriteString(verdictText(cfg, single))

	// One run at 4x, as on a busy machine: std's stops are long, but
	// other processes took the CPU in its window, so they do not count;
	// baseline's sched.p99 is a few hundred ns, and a multiple of it that
	// large prints as a bound.
	noisy := frozen("std", 4, 0, 42*ms, 87*ms, 83900*us)
	noisy.Noise = &latency.Noise{Window: 2 * time.Second, OthersCores: 0.56, Cores: 2}
	out.WriteString("\n== a NOISY window\n")
	out.WriteString(verdictText(cfg, []results.Result{noisy, frozen("sonic", 4, 0, 16800*us, 78*ms, 41900*us), frozen("baseline", 4, 0, 6300*us, 19*ms, 768)}))

	// Five repeats at 2x: sonic's stops are long in every repeat; goccy's
	// median is long too, but two of its repeats are as short as
	// baseline's, so the U test finds no significant difference.
	cfg.Count = 5
	var rs []results.Result
	goccyMax := []time.Duration{2 * ms, 3 * ms, 30 * ms, 40 * ms, 50 * ms}
	for rep := 0; rep < 5; rep++ {
		d := time.Duration(rep) * 100 * us
		rs = append(rs,
			frozen("std", 2, rep, 3*ms+d, 1100*us, 400*us),
			frozen("sonic", 2, rep, 55*ms+d, 1200*us+d, 450*us),
			frozen("goccy", 2, rep, goccyMax[rep], 1000*us+d, 300*us),
			frozen("baseline", 2, rep, 2*ms+2*d, 1000*us+d, 200*us+d))
	}
	out.WriteString("\n== five repeats\n")
	out.WriteString(verdictText(cfg, rs))

	// Three repeats a side can never be significant at alpha 0.05: every
	// difference is marked and none stands out.
	cfg.Count = 3
	var three []results.Result
	for _, r := range rs {
		if r.Repeat < 3 {
			three = append(three, r)
		}
	}
	out.WriteString("\n== three repeats\n")
	out.WriteString(verdictText(cfg, three))

	got := out.String()
	golden(t, "verdict", []byte(got))
	wantContains(t, got,
		"no codec stands out from baseline beyond noise at 1x encdec (",
		"stands out from baseline: sonic (stw.max 58.7ms, 28.0x baseline's), goccy (stw.max 31.0ms, 14.8x baseline's)",
		"(stw.max within 3x of baseline's 6.3ms; std: longer, but in a NOISY window, -count 5 would tell)",
		"83.9ms (>1000x)")
}

// The codec that froze the program longest comes first, whatever order
// the rows ran in, and the baseline is the reference, never a row.
func TestVerdictOrderAndReference(t *testing.T) {
	ms := time.Millisecond
	rs := []results.Result{
		frozen("baseline", 2, 0, 2*ms, ms, ms),
		frozen("std", 2, 0, 3*ms, ms, ms),
		frozen("sonic", 2, 0, 50*ms, ms, ms),
	}
	vs := levelVerdicts(results.Config{Stall: 10 * ms}, rs, nil)
	if len(vs) != 1 {
		t.Fatalf("%d levels, want 1", len(vs))
	}
	var order []string
	for _, cv := range vs[0].Codecs {
		order = append(order, cv.Result.Impl)
	}
	if got := strings.Join(order, " "); got != "sonic std" {
		t.Errorf("order %q, want sonic std (baseline is the reference)", got)
	}
	if c := vs[0].Codecs[0]; !c.StandsOut || c.Cells[0].Multiple != 25 {
		t.Errorf("sonic: stands out %v, multiple %v; want true, 25", c.StandsOut, c.Cells[0].Multiple)
	}
}
