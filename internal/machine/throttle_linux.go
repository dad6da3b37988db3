package machine

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// Throttle reads how long the CPU quota of this process's cgroup (a
// container's limit, cgroup v1's cpu.cfs_quota_us or v2's cpu.max) kept
// its threads from running: the throttled time of cpu.stat, v1's
// throttled_time (ns) or v2's throttled_usec, of the process's cgroup and
// of each parent, since a quota set on any of them applies. A throttled
// thread waits for the next period as if on a run queue: the time is the
// machine's, not the program's, as another process's turn is. nil where
// no cgroup says (not Linux, no cpu controller, no quota file).
type Throttle struct {
	files []string
	start []time.Duration
}

// NewThrottle finds the cpu.stat files of the process's cgroups.
func NewThrottle() *Throttle { return throttleAt("/proc/self/cgroup", "/sys/fs/cgroup") }

func throttleAt(selfCgroup, root string) *Throttle {
	t := &Throttle{}
	add := func(dir string) {
		path := filepath.Join(dir, "cpu.stat")
		if _, ok := throttledIn(path); ok {
			t.files = append(t.files, path)
		}
	}
	eachCgroup(selfCgroup, root, add, "cpu", add)
	if len(t.files) == 0 {
		return nil
	}
	t.start = make([]time.Duration, len(t.files))
	return t
}

// Start opens a window.
func (t *Throttle) Start() {
	for i, f := range t.files {
		t.start[i], _ = throttledIn(f)
	}
}

// Stop is how long the quota throttled the process's cgroup since Start:
// the most any of its cgroups was throttled (a parent's quota throttles
// its children with it). It is added up over the cgroup's CPUs, so a
// window of w on two throttled CPUs can hold 2w.
func (t *Throttle) Stop() time.Duration {
	var most time.Duration
	for i, f := range t.files {
		if d, ok := throttledIn(f); ok {
			most = max(most, d-t.start[i])
		}
	}
	return most
}

// throttledIn reads the throttled time of a cpu.stat file.
func throttledIn(path string) (time.Duration, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		name, value, ok := bytes.Cut(sc.Bytes(), []byte(" "))
		if !ok {
			continue
		}
		unit := time.Duration(0)
		switch string(name) {
		case "throttled_time": // v1
			unit = time.Nanosecond
		case "throttled_usec": // v2
			unit = time.Microsecond
		default:
			continue
		}
		v, err := strconv.ParseInt(string(value), 10, 64)
		if err != nil {
			return 0, false
		}
		return time.Duration(v) * unit, true
	}
	return 0, false
}
