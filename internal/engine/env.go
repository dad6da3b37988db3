package engine

import (
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
	"runtime"
	"runtime/debug"
	"strconv"
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
		MemoryBytes: MachineMemory(),
		GOMAXPROCS:  runtime.GOMAXPROCS(0),
		ProcsSource: procsSource,
		CPUQuota:    cgroupCPUQuota(),
		GOGC:        gogc(),
		GOMEMLIMIT:  memLimit(),
		Fallbacks:   Fallbacks(),
	}
	if one, five, fifteen, ok := latency.LoadAverage(); ok {
		env.LoadAverage = &[3]float64{one, five, fifteen}
	}
	return env
}

func gogc() string {
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

// MachineMemory is the memory this process may use, in bytes: the
// machine's total, or its cgroup's (container's) limit when that is lower;
// 0 where unknown.
func MachineMemory() uint64 {
	total := totalMemory()
	if lim := cgroupMemoryLimit(); lim > 0 && (total == 0 || lim < total) {
		return lim
	}
	return total
}
