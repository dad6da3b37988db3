package load

import (
	"strings"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/internal/machine"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/latency/flight"
	"github.com/pingpong-bench/pingpong/results"
)

// Watch is a window's timing and what watches it besides its load. A
// Spec holds the one its scenarios' start from, read from the run's
// configuration by the JSON names of its settings (SpecOf).
type Watch struct {
	Warmup   time.Duration `json:"warmup_ns"`
	Duration time.Duration `json:"duration_ns"`
	// Until is the most window a codec of a level may get while the
	// verdict cannot tell it (results.Config.Until): the probe's records
	// are sized for it, so that no turn allocates.
	Until time.Duration `json:"until_ns,omitempty"`
	Probe time.Duration `json:"probe_ns,omitempty"` // the sleep probe's interval; 0: off
	STW   time.Duration `json:"stw_ns,omitempty"`   // the stop-the-world probe's interval; 0: off
	// Culprits runs the flight recorder through the window and names, for
	// the worst stop of the world it holds, what the stop waited on.
	Culprits bool `json:"culprits,omitempty"`
	// Stall is how long a stop must take to begin before its culprit is
	// named; 0 names the worst stop whatever its length.
	Stall time.Duration `json:"stall_ns,omitempty"`
	// KeepTrace keeps the flight recorder's snapshot of the worst stop
	// (watched.Snapshot), which its runner writes as a file `go tool
	// trace` opens.
	KeepTrace bool `json:"-"`
	// Interval is the width of a closed-loop window's intervals over time
	// (timeline); 0: none. IntervalHists keeps each interval's histograms,
	// which the level then returns as its interval log (LevelResult.Log).
	Interval      time.Duration `json:"interval_ns,omitempty"`
	IntervalHists bool          `json:"-"`
	// Noise measures the CPU other processes took during the window
	// (latency.NoiseMeter), not counting the processes in Exclude: a
	// worker's parent, which waits on it.
	Noise   bool  `json:"-"`
	Exclude []int `json:"-"`
	// FreshMemory has each pinger return the heap to the OS
	// (debug.FreeOSMemory) after each round trip, untimed, so that the
	// next one's big copies land in pages faulted in afresh, as in a
	// service whose idle heap the runtime gave back (docs/cold.md).
	FreshMemory bool `json:"fresh_memory,omitempty"`
}

// instruments watch a measured window from outside the load. All are
// built before the window opens, so that their allocations are not charged
// to the codec.
type instruments struct {
	meter *latency.RuntimeMeter
	probe *latency.Probe    // nil when the sleep probe is off
	stw   *latency.STWProbe // nil when the stop-the-world probe is off
	// others reads the machine's other work (CPU, steal, a cgroup quota's
	// throttling); nil when noise is not measured.
	others *machine.Others
	flight *flight.Recorder // nil when culprits are off, or it could not start
	err    error            // the flight recorder's, when it could not start
}

func newInstruments(w Watch) *instruments {
	ins := &instruments{meter: latency.NewRuntimeMeter()}
	if w.Probe > 0 {
		ins.probe = latency.NewProbe(w.Probe)
	}
	if w.STW > 0 {
		ins.stw = latency.NewSTWProbe(w.STW, max(w.Duration, w.Until))
	}
	if w.Noise {
		ins.others = machine.NewOthers(w.Exclude...)
	}
	if w.Culprits {
		ins.flight, ins.err = flight.Start(flight.Config{})
	}
	return ins
}

func (ins *instruments) start() {
	if ins.others != nil {
		ins.others.Start()
	}
	ins.meter.Start()
	if ins.probe != nil {
		ins.probe.Start()
	}
	if ins.stw != nil {
		ins.stw.Start()
	}
}

func (ins *instruments) stop(out *watched) {
	if ins.stw != nil {
		out.STW, out.STWWall, out.STWWaited = ins.stw.Stop(), ins.stw.Wall(), ins.stw.Waited()
		out.STWStops = ins.stw.Stops()
		prioritized := ins.stw.Prioritized()
		out.STWPrioritized = &prioritized
	}
	if ins.probe != nil {
		out.Probe = ins.probe.Stop()
	}
	rt := ins.meter.Stop()
	out.Runtime = &rt
	if ins.others != nil {
		n, took := ins.others.Stop()
		if n != nil && ins.stw != nil {
			ins.stw.Account(took) // the turn the probe just ended ran as long as the window
		}
		out.Noise = out.Noise.Add(n)
	}
	if ins.stw != nil {
		out.STWTurns = ins.stw.Turns() // with the last turn's Ran, once Account gave it
	}
}

// close stops the flight recorder, once no window needs it any more.
func (ins *instruments) close() {
	if ins.flight != nil {
		ins.flight.Stop()
	}
}

// explain runs after a window or slice, when the load has parked or
// stopped: it snapshots the flight recorder, names the culprit of the
// worst stop in it (the one nearest the probe's worst, when the probe ran)
// and keeps the snapshot when asked to (the last one taken is the worst's). A culprit already named for a
// longer stall, in an earlier slice, stays.
func (ins *instruments) explain(out *watched, w Watch) {
	if ins.flight == nil {
		if ins.err != nil {
			out.CulpritErr = ins.err.Error()
		}
		return
	}
	if out.Runtime == nil {
		return // the window never opened
	}
	tr, err := ins.flight.Snapshot()
	if err != nil {
		out.CulpritErr = err.Error()
		return
	}
	if w.KeepTrace {
		out.Snapshot = tr
	}
	var opts flight.Options
	if out.STW != nil && out.STW.TotalCount() > 0 {
		opts.Stall = time.Duration(out.STW.Max())
	}
	c, err := flight.Analyze(tr, opts)
	if err != nil {
		if out.CulpritErr == "" {
			out.CulpritErr = err.Error()
		}
		return
	}
	switch {
	case c.Stall >= w.Stall && (out.Culprit == nil || c.Stall > out.Culprit.Stall):
		out.Culprit = &c
		if strings.HasPrefix(out.CulpritErr, results.UnderStallPrefix) {
			out.CulpritErr = ""
		}
	case out.Culprit == nil && (out.CulpritErr == "" || strings.HasPrefix(out.CulpritErr, results.UnderStallPrefix)):
		out.CulpritErr = results.UnderStall(c.Stall, w.Stall) // -json says why, as -v does
	}
}

// watched is what the instruments saw over one window.
type watched struct {
	Window  time.Duration // the measured window: duration, or less if cut short
	Partial bool          // cut short by cancellation
	Runtime *latency.Runtime
	Probe   *hdrhistogram.Histogram // nil when the probe was off or the window never opened
	// STW is how long each forced stop took to begin; STWWall its call's
	// wall time. nil when the probe was off.
	STW, STWWall *hdrhistogram.Histogram
	STWWaited    time.Duration // the stops' time to begin, added up
	// STWStops is every forced stop, on the clock of the turns (STWTurns)
	// laid end to end, so that the verdict can pair a codec's turns with
	// baseline's and the MMU can be read from them.
	STWStops []latency.Stop
	STWTurns []latency.Turn
	// STWPrioritized: the stop-the-world probe's thread got the kernel's
	// priority (latency.STWProbe.Prioritized); nil when the probe was off.
	STWPrioritized *bool
	Noise          *latency.Noise   // nil where it cannot be measured
	Culprit        *latency.Culprit // the worst stall's, when it reached Watch.Stall
	CulpritErr     string           // why there is no culprit, when the recorder failed
	// Snapshot is the flight recorder's last snapshot, taken for the
	// worst stop, when Watch.KeepTrace asked for it (nil otherwise).
	Snapshot []byte
}
