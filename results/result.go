// Package results is pingpong's data model and its file operations: a
// run, its scenarios and results, the JSON results file, merging runs,
// summing up repeats, and the one table of figures (Metrics), each with
// its unit (package format spells it).
package results

import (
	"fmt"
	"strings"
	"time"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/pingpong-bench/pingpong/latency"
)

// Config is what a run was asked to do.
type Config struct {
	Codecs   []string      `json:"impls"`
	Levels   []Level       `json:"levels"`
	Duration time.Duration `json:"duration_ns"`
	// Warmup is the least warmup: a level's warms up until every pair has
	// also completed a few round trips (at most ten times Warmup).
	Warmup time.Duration `json:"warmup_ns"`
	// Slice is how long each turn of a codec is when the codecs of a level
	// take turns within its window; 0: each codec's window runs whole,
	// one after the other.
	Slice time.Duration `json:"slice_ns,omitempty"`
	// Until is the most window a codec of a closed-loop level may get
	// while the verdict cannot yet tell it from the references: a level
	// keeps taking turns past Duration, up to Until, for the codecs not
	// yet settled. 0 (or at most Duration): every level ends at Duration.
	Until time.Duration `json:"until_ns,omitempty"`
	Seed  int64         `json:"seed"`
	Count int           `json:"count,omitempty"` // repeats of every scenario; 0 means 1
	Mode  string        `json:"mode,omitempty"`  // RunEncdec (also ""), RunProbe or RunAll
	Probe time.Duration `json:"probe_ns"`        // the sleep probe's interval; 0: off
	// STW is the stop-the-world probe's interval (0: off); Stall what
	// counts as a stall, whose culprit a row names; Culprits runs the
	// flight recorder that names it; TraceDir keeps its snapshots.
	STW      time.Duration `json:"stw_ns,omitempty"`
	Stall    time.Duration `json:"stall_ns,omitempty"`
	Culprits bool          `json:"culprits,omitempty"`
	TraceDir string        `json:"trace_dir,omitempty"`
	// FrozenBar and LongStop are the verdict's practical bars (-frozen-bar,
	// -long-stop): the points of the window a codec must freeze the
	// program beyond the reference, and what counts as a long stop; 0: the
	// defaults (verdict.Bars).
	FrozenBar float64       `json:"frozen_bar,omitempty"`
	LongStop  time.Duration `json:"long_stop_ns,omitempty"`
	// Interval is the width of a closed-loop window's intervals over time
	// (Result.Intervals); 0: none. HlogDir keeps an HdrHistogram interval
	// log of each scenario there.
	Interval time.Duration `json:"interval_ns,omitempty"`
	HlogDir  string        `json:"hlog_dir,omitempty"`
	// Targets: TargetAny and/or TargetStruct; none means any.
	Targets []string `json:"targets,omitempty"`
	// Rate, when above 0, runs the encdec levels open loop (openloop.go):
	// round trips per second per pair, or in total across a level's pairs
	// with RateTotal.
	Rate      float64 `json:"rate,omitempty"`
	RateTotal bool    `json:"rate_total,omitempty"`
	// FreshMemory returns the heap to the OS between round trips (docs/cold.md#fresh-memory).
	FreshMemory bool `json:"fresh_memory,omitempty"`

	// Isolate runs each codec in a worker process of its own: started with
	// Worker (argv) and PINGPONG_WORKER=1 in its environment.
	Isolate bool     `json:"isolate"`
	Worker  []string `json:"-"`

	// Sweeps (sweep.go): every scenario runs once per GOMAXPROCS, GOGC and
	// GOMEMLIMIT value, each in workers started with it. Empty: no sweep.
	Procs    []int    `json:"procs,omitempty"`
	GOGC     []string `json:"gogc,omitempty"`
	MemLimit []string `json:"memlimit,omitempty"`
	// Batches are the -batch values: documents per message, each a
	// scenario of its own; empty: 1.
	Batches []int `json:"batches,omitempty"`
	// Builds, when set, are the pingpong binaries the run's codecs come
	// from (build.go): each codec runs once per build that has it, in that
	// build's worker processes.
	Builds []Build `json:"builds,omitempty"`
	// Budget is the freeze budget (-budget): the stop of the world a
	// program can afford, against which a size sweep's safe size is
	// judged (verdict.SafeSizes); 0 in files from before it, read as the
	// default.
	Budget time.Duration `json:"budget_ns,omitempty"`
}

// A closed-loop level's warmup lasts at least Config.Warmup and until
// every pair has completed WarmRounds round trips, so that no window opens
// on a cold codec and heap; it lasts at most WarmupBound times
// Config.Warmup.
const (
	WarmRounds  = 2
	WarmupBound = 10
)

// InputInfo identifies the document a scenario ran on.
type InputInfo struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Path   string `json:"path,omitempty"`
	Bytes  int    `json:"bytes"`
	SHA256 string `json:"sha256"`
	Seed   int64  `json:"seed,omitempty"`
	// Targets are the decode targets that ran on it; StructType names the
	// struct; TargetNote says why struct fell back to any, if it did.
	Targets    []string `json:"targets,omitempty"`
	StructType string   `json:"struct_type,omitempty"`
	TargetNote string   `json:"target_note,omitempty"`
	// Scenarios is how many scenarios the run planned on it.
	Scenarios int `json:"scenarios,omitempty"`
	// Shape and AskedSize: a parametric document (-input SHAPE:SIZE), its
	// shape and the size asked for (0 when it takes none); Bytes is the
	// real size.
	Shape     string `json:"shape,omitempty"`
	AskedSize int    `json:"asked_size,omitempty"`
}

// SizeName is how a size of a document is headed: as it was asked, "16MB"
// of "long-string:16MB" or of a grown "grow:orders:16MB"; a name without
// a size stays whole.
func SizeName(input string) string {
	if i := strings.LastIndexByte(input, ':'); i >= 0 {
		return input[i+1:]
	}
	return input
}

// CodecInfo is a codec as it ran on one input: its version and the outcome
// of the correctness check.
type CodecInfo struct {
	Name    string `json:"name"`
	Build   string `json:"build,omitempty"` // the build it came from, in a run across builds
	Desc    string `json:"desc"`
	Version string `json:"version"`
	// Env is the process settings the codec ran with: variables its
	// library reads once at start-up.
	Env []string `json:"env,omitempty"`
	// Notes are what the codec said of itself in that build on that
	// machine ("native JIT"), from the codec registry.
	Notes    []string `json:"notes,omitempty"`
	Input    string   `json:"input"`
	Mismatch string   `json:"mismatch,omitempty"` // first difference from encoding/json's reading
	Err      string   `json:"error,omitempty"`    // the codec could not handle the input at all
	// The struct target's own check, and the codec's compilation of the
	// struct type before measuring (the registry Entry's Warm), which users pay at start-up.
	StructMismatch string        `json:"struct_mismatch,omitempty"`
	StructErr      string        `json:"struct_error,omitempty"`
	Compile        time.Duration `json:"compile_ns,omitempty"`
	// Testbed: the machine it ran on, in a file merged from several.
	Testbed string `json:"testbed,omitempty"`
}

// Scenario names one measurement: one codec, one input, one level.
type Scenario struct {
	Input string `json:"input"`
	Codec string `json:"impl"`
	// Build is the build of pingpong the codec came from, in a run across
	// builds (Config.Builds); "" otherwise.
	Build string `json:"build,omitempty"`
	Mode  string `json:"mode"` // ModeEncdec, ModeDecode, ModeEncode, ModeIdle
	Pairs int    `json:"pairs"`
	Procs int    `json:"procs"` // GOMAXPROCS it ran with
	// Target is what each decode fills: TargetAny, or TargetStruct.
	Target string `json:"target,omitempty"`
	// Repeat is which of the Config.Count repeats this is, from 0.
	Repeat int `json:"repeat"`
	// GOGC and MemLimit are the GOGC and GOMEMLIMIT a sweep ran it with;
	// empty: the environment's.
	GOGC     string `json:"gogc,omitempty"`
	MemLimit string `json:"memlimit,omitempty"`
	// Batch is how many documents each message carries, as newline-
	// delimited JSON (-batch); 0 or 1: one document.
	Batch int `json:"batch,omitempty"`
	// Testbed names the machine the row ran on, in a file merged from
	// several testbeds (Run.Testbeds); "" otherwise.
	Testbed string `json:"testbed,omitempty"`
}

// Docs is how many documents one message of s carries.
func (s Scenario) Docs() int { return max(s.Batch, 1) }

// Result is what one scenario measured.
type Result struct {
	Scenario
	N       int64         `json:"n"`
	Bytes   int64         `json:"bytes"` // JSON decoded plus encoded by the recorded round trips
	Window  time.Duration `json:"window_ns"`
	Partial bool          `json:"partial,omitempty"`
	// Warmup is how long a closed-loop level's warmup really took;
	// Slices how many turns its window ran in.
	Warmup time.Duration `json:"warmup_ns,omitempty"`
	Slices int           `json:"slices,omitempty"`
	// Intervals is the window over time, every Config.Interval (interval.go);
	// none when -interval is 0 or the row is not a closed-loop level.
	Intervals []Interval `json:"intervals,omitempty"`
	// Hlog is the interval log written for the row (-hlog).
	Hlog string `json:"hlog,omitempty"`
	// InFlight is the age, when the window closed, of the oldest round
	// trip still in flight then: a stall that crosses the window's end,
	// which no other figure holds. 0 when none was.
	InFlight time.Duration   `json:"in_flight_ns,omitempty"`
	Latency  latency.Summary `json:"latency"`
	Mismatch string          `json:"mismatch,omitempty"`
	Err      string          `json:"error,omitempty"`
	// Ops is a probe pass's worker decodes or encodes; its N is the probe's samples.
	Ops int64 `json:"ops,omitempty"`
	Responsiveness
	OpenLoopResult

	Hist *hdrhistogram.Histogram `json:"-"`
}

// Label is the row label, as the Erlang original prints it: "4x encdec",
// then the target and the batch size when not the defaults: "1x encdec
// struct batch=10". The batch shows whenever the run asked for batches,
// batch=1 included, so that a -batch 1,10,100 block reads single against
// bulk.
func (r Result) Label() string {
	if r.Mode == ModeIdle {
		return ModeIdle
	}
	k := r.Key()
	return fmt.Sprintf("%dx %s", k.Pairs, k.Mode) + r.Variant()
}

// Variant is how s's labels end with its decode target and batch size:
// " struct batch=10", nothing for the defaults. The batch shows whenever
// the run asked for batches.
func (s Scenario) Variant() string { return variant(s.Key().Target, s.Batch) }

// RoundTripsPerSec is n over the exact measured window.
func (r Result) RoundTripsPerSec() float64 {
	if r.Window <= 0 {
		return 0
	}
	return float64(r.N) / r.Window.Seconds()
}

// MBPerSec is JSON bytes decoded plus encoded per second (1 MB = 1e6 bytes).
func (r Result) MBPerSec() float64 {
	if r.Window <= 0 {
		return 0
	}
	return float64(r.Bytes) / 1e6 / r.Window.Seconds()
}

// DocsPerSec is documents round-tripped per second: round trips times the
// documents each message carries.
func (r Result) DocsPerSec() float64 { return r.RoundTripsPerSec() * float64(r.Docs()) }

// Run is everything a run produced, in the order it ran.
type Run struct {
	Env     Environment `json:"env"`
	Config  Config      `json:"config"`
	Inputs  []InputInfo `json:"inputs"`
	Codecs  []CodecInfo `json:"impls"`
	Results []Result    `json:"results"`
	Idle    *Result     `json:"idle,omitempty"` // the probe's floor, measured with no load before the first scenario
	// Calibration is the harness floor Execute measures before the first scenario.
	Calibration *Calibration `json:"calibration,omitempty"`
	// Testbeds are the machines of a file merged from runs of several
	// (testbed.go); each row and codec names its own. Empty in a run of
	// one testbed, whose Env says which.
	Testbeds []TestbedRun `json:"testbeds,omitempty"`
	// Verdict is what the verdict said of each level when the file was
	// written, for scripts; reading the file judges its rows again.
	Verdict []VerdictLevel `json:"verdict,omitempty"`
	// SafeSizes are the safe sizes of a run over sizes of a shape when the
	// file was written, for scripts, as Verdict is.
	SafeSizes []SafeSizeRecord `json:"safe_sizes,omitempty"`
}

// Responsiveness is how a scenario treated the rest of the program: how
// late the sleep probe woke, and what the runtime saw over the window.
type Responsiveness struct {
	Probe *latency.Summary `json:"probe,omitempty"` // sleep overshoot; nil when the probe is off
	// STW is how long each stop of the world that the stop-the-world probe
	// forced took to begin (the runtime's stopping latency); STWWall is
	// each forcing call's wall time, which also waits out a GC's own
	// stops. nil when that probe is off.
	// STW is corrected for the stops a stuck one kept the probe from
	// asking for (latency.STWProbe); STWWaited is the plain sum of the
	// stops' time to begin, the share of the window the program waited.
	STW       *latency.Summary `json:"stw,omitempty"`
	STWWall   *latency.Summary `json:"stw_wall,omitempty"`
	STWWaited time.Duration    `json:"stw_waited_ns,omitempty"`
	// STWStops and STWTurns are the probe's stops one by one and the turns
	// it watched them in (stops.go); MMU is read from them. Files written
	// before them have none.
	STWStops []latency.Stop `json:"stw_stops,omitempty"`
	STWTurns []latency.Turn `json:"stw_turns,omitempty"`
	// STWPrioritized says whether the probe's thread got the kernel's
	// priority (nice -20, which takes CAP_SYS_NICE): without it the split
	// of each stop's wait reads the machine's share less sharply. nil in
	// files written before it was recorded, and where the probe was off.
	STWPrioritized *bool            `json:"stw_prioritized,omitempty"`
	MMU            []MMUPoint       `json:"mmu,omitempty"`
	Runtime        *latency.Runtime `json:"runtime,omitempty"`
	// Culprit is what the worst stall of the window waited on, when the
	// flight recorder ran and that stall reached -stall; CulpritErr says
	// why there is none when the recorder failed; Trace is its snapshot.
	Culprit    *latency.Culprit `json:"culprit,omitempty"`
	CulpritErr string           `json:"culprit_error,omitempty"`
	Trace      string           `json:"trace,omitempty"`
	// Noise is the CPU other processes took during the window; nil where
	// it cannot be measured.
	Noise *latency.Noise `json:"noise,omitempty"`
	// Split is where an encdec row's round trips went; nil when not split.
	Split *Split `json:"split,omitempty"`
	// Per round trip (encdec) or per decode or encode (probe passes).
	AllocBytesPerOp float64 `json:"alloc_bytes_per_op"`
	AllocsPerOp     float64 `json:"allocs_per_op"`

	ProbeHist *hdrhistogram.Histogram `json:"-"`
	STWHist   *hdrhistogram.Histogram `json:"-"`
}

// Split is where a ping-pong row's round trips went: the echo's decode,
// its encode, and the rest (both channel hops and every wait for a P). At
// 2N pairs the rest is mostly queueing.
type Split struct {
	Decode latency.Summary `json:"decode"`
	Encode latency.Summary `json:"encode"`
	Rest   latency.Summary `json:"rest"`

	DecodeHist, EncodeHist, RestHist *hdrhistogram.Histogram `json:"-"`
}

// OpsPerSec is a probe pass's worker throughput over the exact window.
func (r Result) OpsPerSec() float64 {
	if r.Window <= 0 {
		return 0
	}
	return float64(r.Ops) / r.Window.Seconds()
}
