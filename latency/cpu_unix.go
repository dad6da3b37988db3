//go:build unix

package latency

import (
	"syscall"
	"time"
)

// processCPU is the whole process's user and system CPU time so far.
func processCPU() (user, sys time.Duration) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0 // reported as no CPU time rather than failing a run
	}
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano())
}
