package compare

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/latency"
)

func flagged(qs []float64) []int {
	var out []int
	for i, q := range qs {
		if q <= alpha {
			out = append(out, i)
		}
	}
	return out
}

func uniformPs(r *rand.Rand, n int) []float64 {
	ps := make([]float64, n)
	for i := range ps {
		ps[i] = r.Float64()
	}
	return ps
}

// All null: each set of 54 p-values (six scenarios of nine figures) is
// uniform, as when nothing changed. Uncorrected, most sets flag something;
// corrected, about alpha of them do.
func TestCorrectionFlagsNothingWhenAllIsNull(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const sets = 2000
	anyRaw, anyCorrected := 0, 0
	for range sets {
		ps := uniformPs(r, 54)
		if len(flagged(ps)) > 0 {
			anyRaw++
		}
		if len(flagged(adjustBH(ps))) > 0 {
			anyCorrected++
		}
	}
	if rate := float64(anyCorrected) / sets; rate > 0.065 {
		t.Errorf("corrected: %d of %d all-null sets flagged something (%.1f%%), want about %v", anyCorrected, sets, 100*rate, alpha)
	}
	if anyRaw < sets*9/10 {
		t.Errorf("uncorrected, only %d of %d sets flagged something: the sets are not the hard case", anyRaw, sets)
	}
}

// One strong effect among many nulls is flagged every time, and a null
// beside it seldom (BH holds the share of false claims among the claims
// to alpha).
func TestCorrectionFlagsOneStrongEffectAmongNulls(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const sets = 1000
	falseShare := 0.0
	for set := range sets {
		ps := uniformPs(r, 54)
		ps[17] = 1e-5
		got := flagged(adjustBH(ps))
		if !slices.Contains(got, 17) {
			t.Fatalf("set %d: flagged %v, want 17 among them", set, got)
		}
		falseShare += float64(len(got)-1) / float64(len(got))
	}
	if fdr := falseShare / sets; fdr > 0.06 {
		t.Errorf("nulls were %.1f%% of the claims, want at most about alpha", 100*fdr)
	}
}

func TestAdjustBH(t *testing.T) {
	// By hand: m=4, sorted 0.01 0.02 0.03 0.5 give 0.04 0.04 0.04 0.5.
	got := adjustBH([]float64{0.5, 0.03, 0.01, 0.02})
	want := []float64{0.5, 0.04, 0.04, 0.04}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("adjustBH = %v, want %v", got, want)
		}
	}
	if len(adjustBH(nil)) != 0 {
		t.Error("adjustBH(nil) is not empty")
	}
}

// noisyRepeats are n repeats of a figure around median, lognormal with
// the spread sigma.
func noisyRepeats(r *rand.Rand, n int, median, sigma float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = median * math.Exp(sigma*r.NormFloat64())
	}
	return out
}

// spread is about how much a figure moves between repeats on the shared
// 2-core machine: throughput and medians a few percent, a codec's tail
// more, the machine's own stops and wake-ups most.
var spread = map[string]float64{"n": 0.03, "p50": 0.03, "rt/s": 0.03, "MB/s": 0.03, "p99": 0.15, "max": 0.15, "probe.p99": 0.4, "stw.p99": 0.4, "sched.p99": 0.4}

// aaScenarios are six codec scenarios and a baseline, every figure drawn
// alike on both sides but for the codecs in slower, whose figures (all of
// them, as a slower codec moves them all) get worse by factor.
func aaScenarios(r *rand.Rand, slower map[string]float64) []GateScenario {
	var out []GateScenario
	for _, codec := range []string{"std", "goccy", "jsoniter", "baseline"} {
		for _, pairs := range []int{1, 2} {
			s := GateScenario{Name: fmt.Sprintf("%s %dx", codec, pairs), Old: map[string][]float64{}, New: map[string][]float64{}, Harness: IsHarness(codec)}
			f := slower[codec]
			if f == 0 {
				f = 1
			}
			for _, m := range []string{"n", "p50", "p99", "max", "rt/s", "MB/s", "probe.p99", "stw.p99", "sched.p99"} {
				s.Old[m] = noisyRepeats(r, 5, 100, spread[m])
				worse := f
				if m == "n" || m == "rt/s" || m == "MB/s" {
					worse = 1 / f
				}
				if m == "probe.p99" || m == "stw.p99" || m == "sched.p99" {
					worse = 1 // the machine's figures, not the codec's
				}
				s.New[m] = noisyRepeats(r, 5, 100*worse, spread[m])
			}
			out = append(out, s)
		}
	}
	return out
}

// issueGate is the gate the A/A acceptance runs.
func issueGate(t *testing.T) Gate {
	t.Helper()
	g, err := ParseGate("p99>+10%,rt/s<-5%,stw.p99>+50%")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The gate on simulated A/A comparisons at -count 5: one binary as two
// builds fails about alpha of them, where testing each figure at alpha
// failed far more.
func TestGateFalseAlarmRateOnSimulatedAA(t *testing.T) {
	g := issueGate(t)
	r := rand.New(rand.NewPCG(5, 6))
	const runs = 400
	failed, rawFailed := 0, 0
	for range runs {
		scs := aaScenarios(r, nil)
		if g.Evaluate(scs).Failed() {
			failed++
		}
		if uncorrectedGateFails(g, scs) {
			rawFailed++
		}
	}
	if rate := float64(failed) / runs; rate > 0.06 {
		t.Errorf("the gate failed %d of %d simulated A/A comparisons (%.1f%%), want at most about %v", failed, runs, 100*rate, alpha)
	}
	if rawFailed < 2*failed+runs/20 {
		t.Errorf("uncorrected, the gate failed only %d of %d: the simulation is not the hard case", rawFailed, runs)
	}
}

// uncorrectedGateFails is the gate's old rule: each check at alpha alone.
func uncorrectedGateFails(g Gate, scs []GateScenario) bool {
	for _, s := range scs {
		if s.Harness {
			continue
		}
		for _, rule := range g {
			old, new := s.Old[rule.Metric], s.New[rule.Metric]
			if rule.beyond(deltaPct(latency.Median(old), latency.Median(new))) && uTest(old, new).P <= alpha {
				return true
			}
		}
	}
	return false
}

// A codec made 2x slower, among nulls, fails the gate in every simulated
// run; another codec fails beside it seldom (once something changed, BH
// lets about alpha of the claims be noise); baseline made 2x slower is
// never judged.
func TestGateFindsOneSlowerCodecAmongNulls(t *testing.T) {
	g := issueGate(t)
	r := rand.New(rand.NewPCG(7, 8))
	const runs = 100
	others := 0
	for run := range runs {
		rep := g.Evaluate(aaScenarios(r, map[string]float64{"std": 2}))
		if !rep.Failed() {
			t.Fatalf("run %d: a 2x slower std passed the gate", run)
		}
		for _, v := range rep.Scenarios {
			if v.Regressed() && !strings.HasPrefix(v.Name, "std") {
				others++
			}
		}
	}
	if others > runs/10 {
		t.Errorf("%d other scenarios regressed in %d runs, only std was made slower", others, runs)
	}
	for run := range 50 {
		rep := g.Evaluate(aaScenarios(r, map[string]float64{"baseline": 2}))
		for _, v := range rep.Scenarios {
			if v.Harness && (len(v.Checks) > 0 || v.Regressed()) {
				t.Fatalf("run %d: baseline was judged: %+v", run, v)
			}
		}
	}
}
