package machine

import (
	"os"
	"syscall"
)

// cpuModel reads the model the kernel reports (cpuModelOf); empty where
// there is no /proc/cpuinfo (the report then prints the architecture alone).
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	return cpuModelOf(f)
}

func totalMemory() uint64 {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit)
}
