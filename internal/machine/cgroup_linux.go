package machine

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// cgroupMemoryLimit is the memory limit of this process's cgroup, 0 when
// there is none or it cannot be read. A container's limit, not the host's
// RAM, is what an OOM kill answers to. It reads cgroup v2's memory.max of
// the process's own cgroup and of each parent up to the root (the lowest
// wins), or cgroup v1's memory.limit_in_bytes.
func cgroupMemoryLimit() uint64 {
	return cgroupLimitAt("/proc/self/cgroup", "/sys/fs/cgroup")
}

func cgroupLimitAt(selfCgroup, root string) uint64 {
	var limit lowestLimit[uint64]
	eachCgroup(selfCgroup, root, func(dir string) { limit.add(readLimit(filepath.Join(dir, "memory.max"))) },
		"memory", func(dir string) { limit.add(readLimit(filepath.Join(dir, "memory.limit_in_bytes"))) })
	return limit.v
}

// lowestLimit keeps the lowest limit it is given, 0 standing for none: of
// the limits on a cgroup and its parents, the lowest applies.
type lowestLimit[T uint64 | float64] struct{ v T }

func (l *lowestLimit[T]) add(v T) {
	if v > 0 && (l.v == 0 || v < l.v) {
		l.v = v
	}
}

// eachCgroup calls v2 with the directory of this process's cgroup v2 and
// of each of its parents up to the root, and v1 with the directories of
// its cgroup v1 of controller and of that hierarchy's root: a limit set
// on any of them applies. A file it cannot read calls neither.
func eachCgroup(selfCgroup, root string, v2 func(dir string), controller string, v1 func(dir string)) {
	f, err := os.Open(selfCgroup)
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// "0::/path" in v2, "4:memory:/path" or "2:cpu,cpuacct:/path" in v1
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			for dir := parts[2]; ; dir = filepath.Dir(dir) {
				v2(filepath.Join(root, dir))
				if dir == "/" || dir == "." {
					break
				}
			}
		case strings.Contains(","+parts[1]+",", ","+controller+","):
			// mounted as "cpu,cpuacct" or as the controller's own name
			mount := filepath.Join(root, parts[1])
			if _, err := os.Stat(mount); err != nil {
				mount = filepath.Join(root, controller)
			}
			v1(filepath.Join(mount, parts[2]))
			v1(mount)
		}
	}
}

// readLimit reads a cgroup limit file: a byte count, or "max" (none: 0).
// v1 writes "no limit" as a huge number near 2^63, which is no limit either.
func readLimit(path string) uint64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	v, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || v >= 1<<62 {
		return 0
	}
	return v
}
