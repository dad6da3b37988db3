// Package besidework is issue 51's batch: the freeze guard in a module of
// its own, on freezers clocked by their threads' CPU time (README.md).
package besidework

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// spinCPU spins ns of the calling thread's CPU time in assembly, without a
// safe point: a freezer whose holds keep their length beside other work
// and on a host whose speed moves. The loops were calibrated in
// iterations a nanosecond before; on an Intel Xeon VM the same spin ran
// 10ms of CPU one time and 40ms ten minutes later (issue 51's ninth
// look), and the freezers' sizes moved with it.
//
//go:noescape
func spinCPU(ns int64)

// Spin spins d of CPU without a safe point, then yields.
//
//go:noinline
func Spin(d time.Duration) {
	spinCPU(int64(d))
	runtime.Gosched()
}

// threadCPU is the calling thread's CPU time; its goroutine is locked to
// it. A raw system call, which the runtime does not see: through
// syscall.Syscall a goroutine in the call is no longer running, and
// beside other work, where the kernel deschedules a thread inside its
// call, sysmon hands the P to another thread; the freezer's work then
// changed how many Ps the program wanted (the first try of the ninth
// look: the program's share beside four nice -5 hogs read 25-43%
// where it reads 14-19%).
func threadCPU() time.Duration {
	var ts unix.Timespec
	if _, _, e := unix.RawSyscall(unix.SYS_CLOCK_GETTIME, unix.CLOCK_THREAD_CPUTIME_ID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		panic(fmt.Sprintf("the thread's CPU clock: %v", e))
	}
	return time.Duration(ts.Nano())
}

var sink atomic.Int64

// Work is d of preemptible work (a loop of calls), in the calling
// thread's CPU time, read between chunks of a few tens of microseconds.
func Work(d time.Duration) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for end := threadCPU() + d; threadCPU() < end; {
		work(workChunk)
	}
}

// workChunk is how many steps Work takes between two readings of the CPU
// clock: 20-50us.
const workChunk = 1 << 15

// work adds up in a local and stores once: goroutines that wrote one
// shared variable each step bounced its cache line between the CPUs,
// and a call cost 1.8 times the CPU when the pairs ran side by side (a
// quiet machine) as when they took turns (beside other work), which made
// the duty cycle depend on the machine (docs/notes-verdict.md, issue 51).
//
//go:noinline
func work(n int) {
	s := 0
	for i := 0; i < n; i++ {
		s += step(i)
	}
	sink.Add(int64(s))
}

//go:noinline
func step(i int) int { return i & 3 }
