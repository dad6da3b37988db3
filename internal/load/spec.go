package load

import (
	"encoding/json"
	"path/filepath"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// Spec is what the load takes of a run's configuration: the window and
// what watches it (the Watch each scenario's starts from, WatchOf), what
// its codecs decode into and the schedule of an open loop. A run's planner
// makes it once, with the values it settled (the stall threshold), and
// hands it to every runner, in a worker process too.
//
// It is a narrower reading of results.Config: each of its settings has
// the JSON name of the config's, and SpecOf reads them by those names, as
// a worker process reads the spec it is sent (a test holds every name to
// the config's).
type Spec struct {
	Watch
	TraceDir string `json:"trace_dir,omitempty"` // keeps each window's flight-recorder snapshot
	HlogDir  string `json:"hlog_dir,omitempty"`  // keeps each scenario's interval log
	// Targets are the asked decode targets (results.Config.AskedTargets).
	Targets []string `json:"targets,omitempty"`
	// Rate and RateTotal run the encdec levels open loop (results.Config).
	Rate      float64 `json:"rate,omitempty"`
	RateTotal bool    `json:"rate_total,omitempty"`
	// Repeats: the run repeats its scenarios, whose files are then named
	// by their repeat too. The config says it in its own words (Count),
	// so SpecOf sets it.
	Repeats bool `json:"repeats,omitempty"`
}

// SpecOf is what the load takes of cfg, with the stall threshold stall:
// the settings Spec shares with results.Config, by their JSON names.
func SpecOf(cfg results.Config, stall time.Duration) Spec {
	cfg.Stall, cfg.Targets = stall, cfg.AskedTargets()
	var sp Spec
	b, err := json.Marshal(cfg)
	if err == nil {
		err = json.Unmarshal(b, &sp)
	}
	if err != nil { // a Config holds nothing JSON cannot say
		panic("load: reading the spec of a config: " + err.Error())
	}
	sp.Repeats = cfg.Repeats() > 1
	return sp
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

// WatchOf is the Watch sp asks for, for scenario s: its own, keeping the
// files it asks for, and measuring noise.
func (sp Spec) WatchOf(s results.Scenario) Watch {
	w := sp.Watch
	w.KeepTrace, w.IntervalHists, w.Noise = sp.TraceDir != "", sp.HlogDir != "", true
	return w
}
