package besidework

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

// callCPU and callWait add up, over the freezer's calls, the calling
// thread's CPU time and run-queue wait (its schedstat, read around each
// call with the goroutine locked to its thread): the codec's own share of
// a CPU while it ran, for issue 51's normalizer.
var callCPU, callWait, callWall atomic.Int64

func schedstat() (cpu, wait int64) {
	b, err := os.ReadFile("/proc/thread-self/schedstat")
	if err != nil {
		return 0, 0
	}
	f := strings.Fields(string(b))
	wait, _ = strconv.ParseInt(f[1], 10, 64)
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0) // CLOCK_THREAD_CPUTIME_ID
	return ts.Nano(), wait
}

func clocked(fn func()) func() {
	return func() {
		runtime.LockOSThread()
		c0, w0 := schedstat()
		t0 := time.Now()
		fn()
		t1 := time.Now()
		c1, w1 := schedstat()
		runtime.UnlockOSThread()
		callCPU.Add(c1 - c0)
		callWait.Add(w1 - w0)
		callWall.Add(int64(t1.Sub(t0)))
	}
}
