package verdict

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// decide applies the rule (gomaxprocs.go) to rec.Values and words it.
func (rec *Procs) decide(cfg results.Config, env results.Environment) {
	vs := rec.Values
	slices.SortFunc(vs, func(a, b ProcsValue) int { return a.Procs - b.Procs })
	rec.Remarks = spareRemarks(cfg, vs, rec.Level)
	if len(vs) < 2 {
		rec.Line = "no recommendation: one GOMAXPROCS measured"
		return
	}
	var busy []string
	for _, v := range vs {
		if v.OthersCores > busyCores {
			busy = append(busy, fmt.Sprintf("%.2f cores at GOMAXPROCS=%d", v.OthersCores, v.Procs))
		}
	}
	if len(busy) > 0 {
		rec.Line = fmt.Sprintf("no recommendation, the differences are inside the noise: other processes took %s while level %s ran "+
			"(more than %.2f of the %d cores; the values ran one after the other, so that noise did not fall on each alike)",
			strings.Join(busy, ", "), rec.Level, busyCores, env.Cores)
		return
	}
	st := standing{hasProbe: !slices.ContainsFunc(vs, func(v ProcsValue) bool { return !v.HasProbe }), contends: map[int]bool{}}
	st.top = slices.MaxFunc(vs, func(a, b ProcsValue) int { return cmp.Compare(a.Rate, b.Rate) })
	var contenders []ProcsValue
	for _, v := range vs {
		if v.Rate >= st.top.Rate*(1-rec.RateMargin) {
			contenders = append(contenders, v)
			st.contends[v.Procs] = true
		}
	}
	if rec.allEqual(vs, st.hasProbe) {
		rec.Line = fmt.Sprintf("no recommendation, the differences are inside the noise: throughput within %s and p99%s within %s of each other at every GOMAXPROCS",
			format.Percent(rec.RateMargin), map[bool]string{true: " and probe.p99"}[st.hasProbe], format.Percent(rec.LatencyMargin))
		return
	}
	st.lowP = slices.MinFunc(contenders, func(a, b ProcsValue) int { return cmp.Compare(a.P99, b.P99) })
	st.lowQ = slices.MinFunc(contenders, func(a, b ProcsValue) int { return cmp.Compare(a.ProbeP99, b.ProbeP99) })
	var kept []ProcsValue
	for _, v := range contenders {
		if !worse(v.P99, st.lowP.P99, rec.LatencyMargin) && (!st.hasProbe || !worse(v.ProbeP99, st.lowQ.ProbeP99, rec.LatencyMargin)) {
			kept = append(kept, v)
		}
	}
	if len(kept) == 0 {
		rec.Line = "no recommendation: of the values with the most throughput, the one with the best p99 is not the one with the best probe.p99"
		return
	}
	best := kept[0] // the smallest: values are sorted
	rec.Best = best.Procs
	var why []string
	for _, v := range slices.Backward(vs) {
		if v.Procs != best.Procs {
			why = append(why, procsLabel(v.Procs, env)+" "+rec.against(cfg, v, best, st))
		}
	}
	rec.Line = fmt.Sprintf("GOMAXPROCS=%s: %s", procsLabel(best.Procs, env), strings.Join(why, "; ")) + quotaSides(vs, env)
}

// allEqual says whether every value is within the margins of every other.
func (rec *Procs) allEqual(vs []ProcsValue, hasProbe bool) bool {
	rate := func(v ProcsValue) float64 { return v.Rate }
	p99 := func(v ProcsValue) float64 { return float64(v.P99) }
	probe := func(v ProcsValue) float64 { return float64(v.ProbeP99) }
	return lowest(vs, rate) >= highest(vs, rate)*(1-rec.RateMargin) &&
		highest(vs, p99) <= lowest(vs, p99)*(1+rec.LatencyMargin) &&
		(!hasProbe || highest(vs, probe) <= lowest(vs, probe)*(1+rec.LatencyMargin))
}

// standing is what the rule compared each value with: the most
// throughput, and among the values within its margin (the contenders) the
// lowest p99 and probe.p99.
type standing struct {
	top, lowP, lowQ ProcsValue
	contends        map[int]bool // by GOMAXPROCS
	hasProbe        bool
}

// against says why v lost to best, every figure it was worse in past its
// margin: "bought no throughput (+2%) and doubled p99 (58.0ms -> 106.0ms)".
// A figure within the margin of best's that the rule still turned down,
// since margins do not chain (20/s is within 10% of 21/s, which is within
// 10% of 23/s), is set against the value the rule compared it with.
func (rec *Procs) against(cfg results.Config, v, best ProcsValue, st standing) string {
	var parts []string
	contends := st.contends[v.Procs]
	switch change := v.Rate/best.Rate - 1; {
	case !contends && v.Rate < best.Rate*(1-rec.RateMargin):
		parts = append(parts, fmt.Sprintf("%s (%s -> %s)", lessWords(v.Rate/best.Rate, "throughput"), format.Rate(best.Rate), format.Rate(v.Rate)))
	case !contends:
		parts = append(parts, fmt.Sprintf("fell %.0f%% short of %d's throughput (%s -> %s)", 100*(1-v.Rate/st.top.Rate), st.top.Procs, format.Rate(st.top.Rate), format.Rate(v.Rate)))
	case v.Procs > best.Procs:
		parts = append(parts, fmt.Sprintf("bought no throughput (%+.0f%%)", 100*change))
	default:
		parts = append(parts, fmt.Sprintf("kept the throughput (%+.0f%%)", 100*change))
	}
	switch {
	case worse(v.P99, best.P99, rec.LatencyMargin):
		parts = append(parts, fmt.Sprintf("%s (%s -> %s)", moreWords(float64(v.P99)/float64(best.P99), "p99"), format.Duration(best.P99), format.Duration(v.P99)))
	case contends && worse(v.P99, st.lowP.P99, rec.LatencyMargin):
		parts = append(parts, fmt.Sprintf("had %.0f%% more p99 than %d (%s -> %s)", 100*(float64(v.P99)/float64(st.lowP.P99)-1), st.lowP.Procs, format.Duration(st.lowP.P99), format.Duration(v.P99)))
	}
	switch {
	case !st.hasProbe:
	case worse(v.ProbeP99, best.ProbeP99, rec.LatencyMargin):
		parts = append(parts, fmt.Sprintf("made a %s sleeper wake %s late (against %s)", sleeper(cfg), format.Duration(v.ProbeP99), format.Duration(best.ProbeP99)))
	case contends && worse(v.ProbeP99, st.lowQ.ProbeP99, rec.LatencyMargin):
		parts = append(parts, fmt.Sprintf("made a %s sleeper wake %s late (against %s at %d)", sleeper(cfg), format.Duration(v.ProbeP99), format.Duration(st.lowQ.ProbeP99), st.lowQ.Procs))
	}
	if len(parts) == 1 && contends {
		parts = append(parts, "was no more responsive (a tie goes to fewer Ps)")
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// worse says whether latency a is past b by more than margin.
func worse(a, b time.Duration, margin float64) bool { return float64(a) > float64(b)*(1+margin) }

// lessWords and moreWords word a ratio: "halved throughput", "cost 30% of
// the throughput"; "doubled p99", "raised p99 by 60%", "made p99 3.1x".
func lessWords(ratio float64, what string) string {
	if ratio >= 0.4 && ratio <= 0.6 {
		return "halved " + what
	}
	return fmt.Sprintf("cost %.0f%% of the %s", 100*(1-ratio), what)
}

func moreWords(ratio float64, what string) string {
	switch {
	case ratio >= 1.8 && ratio <= 2.25:
		return "doubled " + what
	case ratio > 2.25:
		return fmt.Sprintf("made %s %.1fx", what, ratio)
	}
	return fmt.Sprintf("raised %s by %.0f%%", what, 100*(ratio-1))
}

// procsLabel names a value and where it stands to the machine: the CPU
// quota or count, or, for a fractional quota, which of its two readings.
func procsLabel(p int, env results.Environment) string {
	note := ""
	down, up := quotaReadings(env.CPUQuota)
	switch q := env.CPUQuota; {
	case q > 0 && q == math.Trunc(q) && p == int(q):
		note = "the CPU quota"
	case p > 0 && p == down:
		note = fmt.Sprintf("automaxprocs' choice for the %g-CPU quota", q)
	case p > 0 && p == up:
		note = fmt.Sprintf("Go's default for the %g-CPU quota", q)
	case q == 0 && p == env.Cores:
		note = "the CPU count"
	}
	if note == "" {
		return fmt.Sprint(p)
	}
	return fmt.Sprintf("%d (%s)", p, note)
}

// quotaReadings are the two GOMAXPROCS a fractional quota q leads to:
// automaxprocs rounds it down (to at least 1), Go since 1.25 rounds it up
// (to at least 2). 0, 0 for a whole quota or none.
func quotaReadings(q float64) (down, up int) {
	if q <= 0 || q == math.Trunc(q) {
		return 0, 0
	}
	return max(int(math.Floor(q)), 1), max(int(math.Ceil(q)), 2)
}

// quotaSides asks, for a fractional quota, for either of its two readings
// that the sweep lacks: those two are the question such a container has.
func quotaSides(vs []ProcsValue, env results.Environment) string {
	down, up := quotaReadings(env.CPUQuota)
	if down == 0 {
		return ""
	}
	var lack []string
	for _, p := range []int{down, up} {
		if !slices.ContainsFunc(vs, func(v ProcsValue) bool { return v.Procs == p }) {
			lack = append(lack, fmt.Sprint(p))
		}
	}
	if len(lack) == 0 {
		return ""
	}
	return fmt.Sprintf(" (the %g-CPU quota is %d to automaxprocs and %d to Go: add %s to -procs)", env.CPUQuota, down, up, strings.Join(lack, " and "))
}

// spareRemarks point out, at GOMAXPROCS=1, a sleeper that woke late while
// no stop of the world stood out: the one P was busy, which the verdict
// on stops cannot see.
func spareRemarks(cfg results.Config, vs []ProcsValue, level string) []string {
	var out []string
	for _, v := range vs {
		if v.Procs != 1 || !v.HasProbe || v.StandsOut || v.ProbeP99 < 2*time.Millisecond {
			continue
		}
		stw := ""
		if v.HasSTW {
			stw = " (stw.p99 " + format.Duration(v.STWP99) + ")"
		}
		out = append(out, fmt.Sprintf("GOMAXPROCS=1: no stop of the world stood out%s, yet a %s sleeper woke %s late at level %s: "+
			"no spare P, the codec held the only one and every other goroutine waited its turn", stw, sleeper(cfg), format.Duration(v.ProbeP99), level))
	}
	return out
}

// sleeper is the probe's sleep as a person says it: "1ms".
func sleeper(cfg results.Config) string {
	d := cfg.Probe
	if d > 0 && d%time.Millisecond == 0 {
		return fmt.Sprintf("%dms", d/time.Millisecond)
	}
	return format.Duration(d)
}

func lowest(vs []ProcsValue, f func(ProcsValue) float64) float64 {
	return f(slices.MinFunc(vs, func(a, b ProcsValue) int { return cmp.Compare(f(a), f(b)) }))
}

func highest(vs []ProcsValue, f func(ProcsValue) float64) float64 {
	return f(slices.MaxFunc(vs, func(a, b ProcsValue) int { return cmp.Compare(f(a), f(b)) }))
}
