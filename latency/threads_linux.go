//go:build linux

package latency

import (
	"errors"
	"fmt"
	"os"
	"runtime/metrics"
	"slices"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// threadsOS holds an open schedstat file per thread (its descriptor, -1
// for a thread gone before it was opened), found under /proc/self/task,
// and the runtime's thread count they were found at.
type threadsOS struct {
	tids  []int
	stats []int
	count []metrics.Sample // /sched/threads/total:threads: a change means a rescan
	seen  uint64
	buf   [128]byte
}

const threadsTotal = "/sched/threads/total:threads"

// NewThreads is a reader of this process's threads, or nil where the
// kernel's accounting cannot be read.
func NewThreads() *Threads {
	t := &Threads{os: threadsOS{count: []metrics.Sample{{Name: threadsTotal}}}}
	if err := t.os.scan(); err != nil {
		return nil
	}
	var r ThreadTimes
	if err := t.Read(&r); err != nil || len(r.TIDs) == 0 {
		return nil
	}
	return t
}

// scan opens the schedstat file of every thread there is now.
func (o *threadsOS) scan() error {
	for _, fd := range o.stats {
		if fd >= 0 {
			unix.Close(fd)
		}
	}
	o.tids, o.stats = o.tids[:0], o.stats[:0]
	metrics.Read(o.count)
	if o.count[0].Value.Kind() == metrics.KindUint64 {
		o.seen = o.count[0].Value.Uint64()
	}
	d, err := os.Open("/proc/self/task")
	if err != nil {
		return err
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	if err != nil {
		return err
	}
	for _, n := range names {
		if tid, err := strconv.Atoi(n); err == nil {
			o.tids = append(o.tids, tid)
		}
	}
	slices.Sort(o.tids)
	for _, tid := range o.tids {
		fd, err := unix.Open("/proc/self/task/"+strconv.Itoa(tid)+"/schedstat", unix.O_RDONLY|unix.O_CLOEXEC, 0)
		if err != nil {
			fd = -1 // gone since the listing: its reads fail and it is left out
		}
		o.stats = append(o.stats, fd)
	}
	return nil
}

// changed says whether the runtime has made or ended a thread since the
// scan. Its count alone can miss one: a probe's thread ends with its turn
// and the next turn's is a new one, and between two readings the count
// can come back to where it was; so a reading also rescans when the
// thread it is taken for (self) is not in the list.
func (o *threadsOS) changed() bool {
	metrics.Read(o.count)
	v := o.count[0].Value
	return v.Kind() == metrics.KindUint64 && v.Uint64() != o.seen
}

var errThreadGone = errors.New("thread gone")

func (o *threadsOS) read(r *ThreadTimes, self int) error {
	if _, found := slices.BinarySearch(o.tids, self); (self != 0 && !found) || o.changed() {
		if err := o.scan(); err != nil {
			return fmt.Errorf("list this process's threads: %w", err)
		}
	}
	r.TIDs, r.CPU, r.Wait, r.At = r.TIDs[:0], r.CPU[:0], r.Wait[:0], r.At[:0]
	for i, tid := range o.tids {
		at := since()
		cpu, err := threadCPU(tid)
		if err != nil {
			continue // ended: not in this reading
		}
		wait, err := o.wait(i)
		if err != nil {
			continue
		}
		r.TIDs = append(r.TIDs, tid)
		r.CPU = append(r.CPU, cpu)
		r.Wait = append(r.Wait, wait)
		r.At = append(r.At, at)
	}
	return nil
}

// The kernel's clock ids of a thread's CPU time (include/linux/
// posix-timers.h): MAKE_THREAD_CPUCLOCK(tid, clock) is ~tid << 3 with the
// clock's kind and the per-thread bit in the low three bits.
const (
	cpuClockSched     = 2 // CPUCLOCK_SCHED: the scheduler's exact runtime, not ticks
	cpuClockPerThread = 4 // CPUCLOCK_PERTHREAD_MASK: tid names a thread, not a process
)

// threadCPU is thread tid's CPU clock: MAKE_THREAD_CPUCLOCK(tid,
// CPUCLOCK_SCHED).
func threadCPU(tid int) (time.Duration, error) {
	clock := int32(^uint32(tid)<<3) | cpuClockPerThread | cpuClockSched
	var ts unix.Timespec
	if err := unix.ClockGettime(clock, &ts); err != nil {
		return 0, err
	}
	return time.Duration(ts.Nano()), nil
}

// wait is the second field of thread i's schedstat: ns spent waiting on a
// run queue. It takes one pread: the file is a line of three numbers,
// which the kernel gives whole to the first read (os.File.ReadAt would
// read again to see the end of the file, a second syscall a thread).
func (o *threadsOS) wait(i int) (time.Duration, error) {
	fd := o.stats[i]
	if fd < 0 {
		return 0, errThreadGone
	}
	n, err := unix.Pread(fd, o.buf[:], 0)
	if err != nil || n <= 0 {
		if err == nil {
			err = errThreadGone
		}
		return 0, err
	}
	b := o.buf[:n]
	// "run_ns wait_ns slices\n"
	start := 0
	for start < len(b) && b[start] != ' ' {
		start++
	}
	start++
	end := start
	for end < len(b) && b[end] >= '0' && b[end] <= '9' {
		end++
	}
	if start >= end {
		return 0, fmt.Errorf("schedstat of thread %d: %q", o.tids[i], b)
	}
	var v int64
	for _, c := range b[start:end] {
		v = v*10 + int64(c-'0')
	}
	return time.Duration(v), nil
}

func gettid() int { return unix.Gettid() }

// prioritize asks the kernel to run thread tid before the process's
// others and the machine's (nice -20), which takes CAP_SYS_NICE; without
// it, it stays as it was.
func prioritize(tid int) bool {
	return unix.Setpriority(unix.PRIO_PROCESS, tid, -20) == nil
}

// raise gives thread tid the kernel's priority (nice -20) for a while,
// which takes CAP_SYS_NICE, and says what its nice value was, for lower.
func raise(tid int) (was int, ok bool) {
	prio, err := unix.Getpriority(unix.PRIO_PROCESS, tid) // the kernel's 20 - nice
	if err != nil || !prioritize(tid) {
		return 0, false
	}
	return 20 - prio, true
}

// lower gives thread tid back the nice value raise found.
func lower(tid, was int) { _ = unix.Setpriority(unix.PRIO_PROCESS, tid, was) }
