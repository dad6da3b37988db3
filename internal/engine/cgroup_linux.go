package engine

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
	cg := readCgroups(selfCgroup, "memory")
	var limit uint64
	lower := func(v uint64) { limit = lowestSet(limit, v) }
	for _, dir := range cg.v2Dirs() {
		lower(readLimit(filepath.Join(root, dir, "memory.max")))
	}
	if cg.hasV1 {
		lower(readLimit(filepath.Join(root, "memory", cg.v1, "memory.limit_in_bytes")))
		lower(readLimit(filepath.Join(root, "memory", "memory.limit_in_bytes")))
	}
	return limit
}

// cgroups is where /proc/self/cgroup puts this process: its cgroup v2
// path, and its path in the v1 hierarchy of one controller.
type cgroups struct {
	v2, v1       string
	hasV2, hasV1 bool
}

// readCgroups reads selfCgroup ("0::/path" in v2, "4:memory:/path" in
// v1) for controller's v1 line and the v2 line; none of either when the
// file cannot be read.
func readCgroups(selfCgroup, controller string) cgroups {
	var cg cgroups
	f, err := os.Open(selfCgroup)
	if err != nil {
		return cg
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			cg.v2, cg.hasV2 = parts[2], true
		case strings.Contains(","+parts[1]+",", ","+controller+","):
			cg.v1, cg.hasV1 = parts[2], true
		}
	}
	return cg
}

// v2Dirs are the process's v2 cgroup and each parent up to the root: a
// limit anywhere above applies too.
func (cg cgroups) v2Dirs() []string {
	if !cg.hasV2 {
		return nil
	}
	var out []string
	for dir := cg.v2; ; dir = filepath.Dir(dir) {
		out = append(out, dir)
		if dir == "/" || dir == "." {
			return out
		}
	}
}

// lowestSet is the lower of two limits where 0 means none: the tightest
// of a cgroup's and its parents' is the one that binds.
func lowestSet[T uint64 | float64](have, v T) T {
	if v > 0 && (have == 0 || v < have) {
		return v
	}
	return have
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
