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
	f, err := os.Open(selfCgroup)
	if err != nil {
		return 0
	}
	defer f.Close()
	var limit uint64
	lower := func(v uint64) {
		if v > 0 && (limit == 0 || v < limit) {
			limit = v
		}
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// "0::/path" in v2, "4:memory:/path" in v1
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			for dir := parts[2]; ; dir = filepath.Dir(dir) {
				lower(readLimit(filepath.Join(root, dir, "memory.max")))
				if dir == "/" || dir == "." {
					break
				}
			}
		case strings.Contains(","+parts[1]+",", ",memory,"):
			lower(readLimit(filepath.Join(root, "memory", parts[2], "memory.limit_in_bytes")))
			lower(readLimit(filepath.Join(root, "memory", "memory.limit_in_bytes")))
		}
	}
	return limit
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
