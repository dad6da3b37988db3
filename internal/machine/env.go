// Package machine describes the machine and process a run measures on:
// its environment (CPU, cores, memory, GOMAXPROCS, GOGC, GOMEMLIMIT), the
// cgroup's (container's) CPU quota and memory limit, and whether a level's
// pairs fit in that memory.
package machine

import (
	"runtime"
	"runtime/debug"
	"strconv"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// ReadEnvironment describes this process and machine. procsSource says
// where GOMAXPROCS came from; only the caller that set it knows.
func ReadEnvironment(procsSource string) results.Environment {
	env := results.Environment{
		GoVersion:   runtime.Version(),
		GOOS:        runtime.GOOS,
		GOARCH:      runtime.GOARCH,
		CPU:         cpuModel(),
		Cores:       runtime.NumCPU(),
		MemoryBytes: Memory(),
		GOMAXPROCS:  runtime.GOMAXPROCS(0),
		ProcsSource: procsSource,
		CPUQuota:    cgroupCPUQuota(),
		GOGC:        GOGC(),
		GOMEMLIMIT:  memLimit(),
		Fallbacks:   codecs.Fallbacks(),
	}
	if one, five, fifteen, ok := latency.LoadAverage(); ok {
		env.LoadAverage = &[3]float64{one, five, fifteen}
	}
	if latency.NewThreads() != nil {
		env.ProbePriority = "none"
		if latency.CanPrioritize() {
			env.ProbePriority = "nice -20"
		}
	}
	return env
}

// GOGC is this process's GOGC setting: a percentage, or "off".
func GOGC() string {
	pct := debug.SetGCPercent(100)
	debug.SetGCPercent(pct)
	if pct < 0 {
		return "off"
	}
	return strconv.Itoa(pct)
}

func memLimit() string {
	lim := debug.SetMemoryLimit(-1) // a negative value reads without changing
	if lim == 1<<63-1 {
		return "off"
	}
	return strconv.FormatInt(lim, 10)
}

// Memory is the memory this process may use, in bytes: the
// machine's total, or its cgroup's (container's) limit when that is lower;
// 0 where unknown.
func Memory() uint64 {
	total := totalMemory()
	if lim := cgroupMemoryLimit(); lim > 0 && (total == 0 || lim < total) {
		return lim
	}
	return total
}
