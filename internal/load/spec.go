package load

import (
	"path/filepath"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// Spec is what the load takes of a run's configuration: the window, what
// watches it, what its codecs decode into and the schedule of an open
// loop. A run's planner makes it once, with the values it settled (the
// stall threshold), and hands it to every runner, in a worker process too.
type Spec struct {
	Warmup   time.Duration `json:"warmup_ns"`
	Duration time.Duration `json:"duration_ns"`
	Probe    time.Duration `json:"probe_ns,omitempty"` // the sleep probe's interval; 0: off
	STW      time.Duration `json:"stw_ns,omitempty"`   // the stop-the-world probe's interval; 0: off
	// Stall is the settled stall threshold (results.Config.Stall, or the
	// default the idle pass gave); Culprits runs the flight recorder that
	// names a stall's culprit; TraceDir keeps its snapshots.
	Stall    time.Duration `json:"stall_ns,omitempty"`
	Culprits bool          `json:"culprits,omitempty"`
	TraceDir string        `json:"trace_dir,omitempty"`
	// Interval is the width of a closed-loop window's intervals; HlogDir
	// keeps their histograms there as an interval log per scenario.
	Interval time.Duration `json:"interval_ns,omitempty"`
	HlogDir  string        `json:"hlog_dir,omitempty"`
	// Targets are the asked decode targets (results.Config.AskedTargets).
	Targets []string `json:"targets,omitempty"`
	// Rate and RateTotal run the encdec levels open loop (results.Config).
	Rate      float64 `json:"rate,omitempty"`
	RateTotal bool    `json:"rate_total,omitempty"`
	// Repeats: the run repeats its scenarios, whose files are then named
	// by their repeat too.
	Repeats bool `json:"repeats,omitempty"`
	// Exclude are processes whose CPU is not counted as noise: a worker's
	// parent, which waits on it.
	Exclude []int `json:"-"`
}

// SpecOf is what the load takes of cfg, with the stall threshold stall.
func SpecOf(cfg results.Config, stall time.Duration) Spec {
	return Spec{Warmup: cfg.Warmup, Duration: cfg.Duration, Probe: cfg.Probe, STW: cfg.STW, Stall: stall, Culprits: cfg.Culprits,
		TraceDir: cfg.TraceDir, Interval: cfg.Interval, HlogDir: cfg.HlogDir, Targets: cfg.AskedTargets(), Rate: cfg.Rate,
		RateTotal: cfg.RateTotal, Repeats: cfg.Repeats() > 1}
}

// OpenLoop reports whether round trips follow a fixed schedule.
func (sp Spec) OpenLoop() bool { return sp.Rate > 0 }

// PairRate is the schedule of one pinger at a level of pairs pairs.
func (sp Spec) PairRate(pairs int) float64 {
	return results.Config{Rate: sp.Rate, RateTotal: sp.RateTotal}.PairRate(pairs)
}

// HlogPath is where scenario s keeps its interval log; "" for none.
func (sp Spec) HlogPath(s results.Scenario) string {
	if sp.HlogDir == "" {
		return ""
	}
	return filepath.Join(sp.HlogDir, s.FileName(sp.Repeats)+".hlog")
}

// TracePath is where scenario s keeps its flight-recorder snapshot; ""
// for none.
func (sp Spec) TracePath(s results.Scenario) string {
	if sp.TraceDir == "" {
		return ""
	}
	return filepath.Join(sp.TraceDir, s.FileName(sp.Repeats)+".trace")
}

// WatchOf is the Watch sp asks for, for scenario s.
func (sp Spec) WatchOf(s results.Scenario) Watch {
	return Watch{Warmup: sp.Warmup, Duration: sp.Duration, Probe: sp.Probe, STW: sp.STW,
		Culprits: sp.Culprits, Stall: sp.Stall, KeepTrace: sp.TraceDir != "", Noise: true,
		Interval: sp.Interval, IntervalHists: sp.HlogDir != "", Exclude: sp.Exclude}
}
