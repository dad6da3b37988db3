package results

import (
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/latency"
)

// Calibration is the harness's floor on this machine, measured at start:
// what a round trip costs when no codec does any work. A codec's round trip
// can only be read against it; one close to it measures the harness.
type Calibration struct {
	// Channel is a bare round trip over the pair's two unbuffered
	// channels, timed as roundTrip times one: no codec call at all.
	Channel latency.Summary `json:"channel"`
	// Baseline is the baseline codec's full measured round trip at 1x:
	// the channel hops plus the harness's per-round-trip work.
	Baseline latency.Summary `json:"baseline"`
	Window   time.Duration   `json:"window_ns"` // each of the two measurements
	// OpenLoop is, in an open-loop run, the baseline codec on the run's
	// schedule at its largest level: the latency the harness's own pacing
	// adds to every row; nil in a closed-loop run.
	OpenLoop *OpenLoopFloor `json:"open_loop,omitempty"`
	// STWCost is what the stop-the-world probe costs the baseline codec:
	// 1 - round trips/s with the probe on over round trips/s with it off,
	// measured back to back at 1x; 0 when not measured.
	STWCost float64 `json:"stw_cost,omitempty"`
	Err     string  `json:"error,omitempty"`
}

// OpenLoopFloor is the baseline codec run open loop: corrected latency and
// send delay with no JSON work at all.
type OpenLoopFloor struct {
	Pairs     int             `json:"pairs"`
	Rate      float64         `json:"rate"` // round trips per second across the pairs
	Latency   latency.Summary `json:"latency"`
	SendDelay latency.Summary `json:"send_delay"`
}

// Multiples are a p50 as multiples of the floor: of the bare channel round
// trip and of the baseline codec's; 0 where that floor was not measured.
func (c Calibration) Multiples(p50 time.Duration) (ofChannel, ofBaseline float64) {
	if c.Channel.P50 > 0 {
		ofChannel = float64(p50) / float64(c.Channel.P50)
	}
	if c.Baseline.P50 > 0 {
		ofBaseline = float64(p50) / float64(c.Baseline.P50)
	}
	return ofChannel, ofBaseline
}

// Environment is what a reader needs to judge whether two runs compare.
type Environment struct {
	GoVersion   string `json:"go_version"`
	GOOS        string `json:"goos"`
	GOARCH      string `json:"goarch"`
	CPU         string `json:"cpu"`
	Cores       int    `json:"cores"`
	MemoryBytes uint64 `json:"memory_bytes"`
	GOMAXPROCS  int    `json:"gomaxprocs"`
	ProcsSource string `json:"gomaxprocs_source"`
	// CPUQuota is the container's CPU limit in CPUs (the cgroup's quota
	// over its period: 1.5 is one and a half CPUs); 0 when there is none.
	// A fractional quota is where GOMAXPROCS has two candidates: Go
	// rounds it up, automaxprocs down.
	CPUQuota   float64 `json:"cpu_quota,omitempty"`
	GOGC       string  `json:"gogc"`
	GOMEMLIMIT string  `json:"gomemlimit"`
	// Fallbacks are the native paths codecs fell back from in this build
	// on this machine, as the codec registry reports them; none when every
	// codec ran its own.
	Fallbacks []Fallback `json:"fallbacks,omitempty"`
	// LoadAverage is the machine's 1, 5 and 15 minute load average before
	// the run; nil where the system does not say.
	LoadAverage *[3]float64 `json:"load_average,omitempty"`
	// ProbePriority is whether the stop-the-world probe's thread can get
	// the kernel's priority here (latency.CanPrioritize): "nice -20", or
	// "none" without root or CAP_SYS_NICE, where the split of each stop's
	// wait reads the machine's share less sharply. "" where not asked (files
	// written before it, systems without per-thread accounting).
	ProbePriority string `json:"probe_priority,omitempty"`
}

// Fallback is a codec's native path (a JIT, assembly) that a build or
// platform lacks, so that the codec runs a fallback whose figures are
// another codec's.
type Fallback struct {
	// Codec names the codec, or the family of codecs that share the path,
	// as the testbed's name says it: "NAME-fallback".
	Codec string `json:"codec"`
	// Native is the path it fell back from, as Testbed.Differences says
	// it: "JIT".
	Native string `json:"native"`
	// Supported: the platform is one the native path is built for, so the
	// fallback is news (a build or release that lost it) which the
	// testbed's name carries; elsewhere its os/arch says it already.
	Supported bool `json:"supported,omitempty"`
}

// CPUName is the CPU's model name, or "unknown CPU".
func (e Environment) CPUName() string {
	if e.CPU == "" {
		return "unknown CPU"
	}
	return e.CPU
}

// Memory is the machine's memory as format.Size prints it, or "unknown".
func (e Environment) Memory() string {
	if e.MemoryBytes == 0 {
		return "unknown"
	}
	return format.Size(float64(e.MemoryBytes))
}
