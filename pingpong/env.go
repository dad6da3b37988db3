package pingpong

import (
	"runtime"
	"runtime/debug"
	"strconv"
)

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
	GOGC        string `json:"gogc"`
	GOMEMLIMIT  string `json:"gomemlimit"`
	SonicNative bool   `json:"sonic_native"`
}

// ReadEnvironment describes this process and machine. procsSource says
// where GOMAXPROCS came from; only the caller that set it knows.
func ReadEnvironment(procsSource string) Environment {
	return Environment{
		GoVersion:   runtime.Version(),
		GOOS:        runtime.GOOS,
		GOARCH:      runtime.GOARCH,
		CPU:         cpuModel(),
		Cores:       runtime.NumCPU(),
		MemoryBytes: MachineMemory(),
		GOMAXPROCS:  runtime.GOMAXPROCS(0),
		ProcsSource: procsSource,
		GOGC:        gogc(),
		GOMEMLIMIT:  memLimit(),
		SonicNative: SonicNative,
	}
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

// MachineMemory is the machine's total memory in bytes, 0 where unknown.
func MachineMemory() uint64 { return totalMemory() }
