package results

import (
	"encoding/json"
	"io"
	"slices"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
)

// ColdSchema names the -json file of `pingpong cold`: a document of its
// own, beside pingpong/v1, which it leaves as it is.
const ColdSchema = "pingpong-cold/v1"

// A ColdRun is `pingpong cold`: each codec's first calls on one input and
// target, each sample in a fresh process of its own.
type ColdRun struct {
	Schema      string        `json:"schema"`
	Env         Environment   `json:"env"`
	Input       InputInfo     `json:"input"`
	Target      string        `json:"target"`                      // any, struct or a type of the build
	Type        string        `json:"type,omitempty"`              // the Go type of a typed target
	Processes   int           `json:"processes"`                   // fresh processes per codec (and per warm-up)
	Steady      int           `json:"steady"`                      // later calls whose median is the steady state
	STW         time.Duration `json:"stw_interval_ns"`             // the stop-the-world probe's interval
	Probe       time.Duration `json:"probe_interval_ns,omitempty"` // the sleep probe's
	FreshPages  *FreshPages   `json:"fresh_pages,omitempty"`
	Codecs      []ColdCodec   `json:"codecs"`
	Interrupted bool          `json:"interrupted,omitempty"`
}

// FreshPages is the machine's cost of memory the process has not touched
// yet: a copy into freshly mapped pages (each faulted in, zeroed by the
// kernel) against the same copy into pages already touched, per MB.
type FreshPages struct {
	MB      int             `json:"mb"`                         // the copy's size
	Fresh   time.Duration   `json:"fresh_per_mb_ns"`            // median of the tries, per MB
	Touched time.Duration   `json:"touched_per_mb_ns"`          // likewise
	Err     string          `json:"error,omitempty"`            // why it could not be measured
	Tries   int             `json:"tries,omitempty"`            // copies of each kind timed
	Note    string          `json:"note,omitempty"`             // e.g. transparent huge pages
	Samples []time.Duration `json:"fresh_samples_ns,omitempty"` // each try's fresh copy, whole
}

// ColdCodec is one codec's samples, as it starts cold and, where it has a
// warm-up (Pretouch), as it starts after it.
type ColdCodec struct {
	Name      string       `json:"impl"`
	Version   string       `json:"version,omitempty"`
	Reference bool         `json:"reference,omitempty"` // control: the stops of a preemptible call as long
	WarmUp    string       `json:"warm_up,omitempty"`   // the codec's warm-up API ("sonic.Pretouch"); "" none
	Samples   []ColdSample `json:"samples"`
	Warmed    []ColdSample `json:"warmed,omitempty"` // fresh processes that ran the warm-up first
}

// ColdSample is one fresh process: the first decode of the document into
// the target and the first encode of what it decoded, the second of each,
// and the median of the later ones. Times start just before the call: the
// process's own start-up is not in them.
type ColdSample struct {
	WarmUp       time.Duration `json:"warm_up_ns,omitempty"` // the warm-up's own time, when it ran
	Decode       ColdCall      `json:"decode"`
	Encode       ColdCall      `json:"encode"`
	Decode2      time.Duration `json:"decode2_ns"`
	Encode2      time.Duration `json:"encode2_ns"`
	SteadyDecode ColdCall      `json:"steady_decode"` // median time; the last call's bytes
	SteadyEncode ColdCall      `json:"steady_encode"`
	Err          string        `json:"error,omitempty"`
}

// ColdCall is one call: how long it took, what it allocated (the
// runtime's /gc/heap/allocs counters around it), and the stops of the
// world the probe forced beside it.
type ColdCall struct {
	Time   time.Duration `json:"ns"`
	Bytes  uint64        `json:"bytes"`
	Allocs uint64        `json:"allocs"`
	Stops  ColdStops     `json:"stops"`
	// Late is the sleep probe beside the call: its wakes, and how late
	// the latest was (a goroutine left waiting for a P, or the world).
	Late ColdLate `json:"late"`
	// Ran is the share of the CPU its goroutines wanted that the program
	// got over the call (latency.Turn.Ran): beside other work,
	// under 1. 0 where not measured (no probe, or no per-thread
	// accounting).
	Ran float64 `json:"ran,omitempty"`
}

// ColdLate is the sleep probe's wakes while one call ran.
type ColdLate struct {
	Count   int64         `json:"n"`
	Longest time.Duration `json:"max_ns"`
}

// ColdStops are the probe's stops while one call ran: how many, the
// longest wait for one to begin, and the waits summed.
type ColdStops struct {
	Count   int           `json:"n"`
	Longest time.Duration `json:"max_ns"`
	Sum     time.Duration `json:"sum_ns"`
	// Held is the longest a thread of the program kept running through
	// one of the stops (code that would not stop), the rest of a wait
	// being the machine's (a thread waiting for a CPU); Split says the
	// kernel's accounting split the waits (Linux). Elsewhere Held is
	// Longest, the whole wait.
	Held  time.Duration `json:"held_max_ns,omitempty"`
	Split bool          `json:"split,omitempty"`
}

// ColdCalls are the calls a sample times, as the report names them.
var ColdCalls = []string{"decode", "encode"}

// First is the sample's first call of what (a ColdCalls name); Steady its
// steady state.
func (s ColdSample) First(what string) ColdCall {
	if what == "encode" {
		return s.Encode
	}
	return s.Decode
}

// Steady: see First.
func (s ColdSample) Steady(what string) ColdCall {
	if what == "encode" {
		return s.SteadyEncode
	}
	return s.SteadyDecode
}

// Second is the time of the sample's second call of what.
func (s ColdSample) Second(what string) time.Duration {
	if what == "encode" {
		return s.Encode2
	}
	return s.Decode2
}

// FirstTime and SteadyTime are the times of First and Steady, as
// SpreadOf takes them.
func FirstTime(what string) func(ColdSample) time.Duration {
	return func(s ColdSample) time.Duration { return s.First(what).Time }
}

// SteadyTime: see FirstTime.
func SteadyTime(what string) func(ColdSample) time.Duration {
	return func(s ColdSample) time.Duration { return s.Steady(what).Time }
}

// A Spread is a figure over samples: its median and its range.
type Spread struct {
	Median, Min, Max time.Duration
	N                int
}

// SpreadOf is f over the samples that did not fail.
func SpreadOf(samples []ColdSample, f func(ColdSample) time.Duration) Spread {
	var v []time.Duration
	for _, s := range samples {
		if s.Err == "" {
			v = append(v, f(s))
		}
	}
	if len(v) == 0 {
		return Spread{}
	}
	slices.Sort(v)
	m := v[len(v)/2]
	if len(v)%2 == 0 {
		m = (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	return Spread{Median: m, Min: v[0], Max: v[len(v)-1], N: len(v)}
}

// RanOf is the median share of the CPU their goroutines wanted that the
// programs of samples got over their first call what (ColdCall.Ran), of those that
// measured it and lasted over floor (0: none): a call no longer than the
// floor held no stop over it, however little the program ran.
func RanOf(samples []ColdSample, what string, floor time.Duration) float64 {
	var v []float64
	for _, s := range samples {
		if c := s.First(what); s.Err == "" && c.Ran > 0 && c.Time > floor {
			v = append(v, c.Ran)
		}
	}
	return latency.Median(v)
}

// FirstErr is the first failed sample's error, "" when none failed.
func FirstErr(samples []ColdSample) string {
	for _, s := range samples {
		if s.Err != "" {
			return s.Err
		}
	}
	return ""
}

// WriteColdJSON writes run as `pingpong cold -json` does.
func WriteColdJSON(w io.Writer, run *ColdRun) error {
	out := *run
	out.Schema = ColdSchema
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(&out)
}
