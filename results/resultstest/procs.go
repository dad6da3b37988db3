package resultstest

import (
	"math"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// ProcsFigures are one codec's figures at one GOMAXPROCS and pair count of
// a hand-made sweep; Others is the CPU, in cores, other processes took.
type ProcsFigures struct {
	Rate                  float64
	P99, ProbeP99, STWP99 time.Duration
	Others                float64
}

// ProcsSweep is a hand-made -procs run on citm-catalog, levels 1, N and
// 2N, each value's levels as the run resolves them (at GOMAXPROCS=1, 1
// and N are one scenario). fig gives each codec's figures; a zero Rate is
// a row that failed.
func ProcsSweep(procs []int, codecs []string, fig func(codec string, procs, pairs int) ProcsFigures) *results.Run {
	run := SampleRun()
	run.Config.Codecs = codecs
	run.Config.Procs = procs
	run.Config.Levels = []results.Level{{Spec: "1", Pairs: 1}, {Spec: "N", Pairs: 2}, {Spec: "2N", Pairs: 4}}
	run.Config.Probe, run.Config.STW = time.Millisecond, 10*time.Millisecond
	run.Env.ProcsSource = "cpu count; swept by -procs"
	sample := SampleRun() // each codec's notes
	run.Codecs = nil
	for _, im := range codecs {
		info, _ := sample.Codec(results.Scenario{Codec: im, Input: "citm-catalog"})
		run.Codecs = append(run.Codecs, results.CodecInfo{Name: im, Version: "v1.0.0", Input: "citm-catalog", Notes: info.Notes})
	}
	run.Results = nil
	window := 10 * time.Second // long enough that n rounds off no figure
	for _, p := range procs {
		for _, lv := range run.Config.LevelsAt(p) {
			for _, im := range codecs {
				f := fig(im, p, lv.Pairs)
				n := int64(math.Round(f.Rate * window.Seconds()))
				r := results.Result{
					Scenario: results.Scenario{Input: "citm-catalog", Codec: im, Mode: results.ModeEncdec, Pairs: lv.Pairs, Procs: p},
					N:        n, Window: window,
					Latency: latency.Summary{N: n, P50: f.P99 / 3, P95: f.P99 * 3 / 4, P99: f.P99, Max: f.P99 * 3 / 2},
				}
				if n == 0 {
					r.Err = "echo decode: boom"
				}
				r.Probe = &latency.Summary{N: 500, P50: f.ProbeP99 / 4, P99: f.ProbeP99, Max: f.ProbeP99 * 2}
				r.STW = &latency.Summary{N: 100, P50: f.STWP99 / 4, P99: f.STWP99, Max: f.STWP99 * 2}
				r.Noise = &latency.Noise{Window: window, OthersCores: f.Others, Cores: 2}
				run.Results = append(run.Results, r)
			}
		}
	}
	return run
}

// TwoCores are a quiet 2-core machine's figures, as docs/gomaxprocs.md
// measured them: level N doubles from 1 to 2 Ps and gains nothing at 4,
// where p99 doubles; at 1 P a sleeper waits for the one busy P.
func TwoCores(codec string, procs, pairs int) ProcsFigures {
	ms := time.Millisecond
	speed := map[string]float64{"std": 12, "sonic": 23, "goccy": 28, "baseline": 1e6}[codec]
	cores := float64(min(procs, pairs, 2))
	f := ProcsFigures{Rate: speed * cores, P99: 58 * ms, ProbeP99: 12 * ms, STWP99: 300 * time.Microsecond, Others: 0.03}
	switch procs {
	case 1:
		f.ProbeP99 = 40 * ms
	case 4:
		f.Rate *= 1.02
		f.P99 = 106 * ms
	}
	return f
}
