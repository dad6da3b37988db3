package engine

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// cgroupCPUQuota is the cores this process's cgroup (container) may use,
// its CPU quota over its period; 0 when there is none or it cannot be
// read. A quota makes a machine another testbed: 4 cores capped at 1.5 run
// a codec like no 4-core machine does. It reads cgroup v2's cpu.max of the
// process's own cgroup and of each parent (the lowest wins), or cgroup
// v1's cpu.cfs_quota_us over cpu.cfs_period_us.
func cgroupCPUQuota() float64 {
	return cgroupCPUQuotaAt("/proc/self/cgroup", "/sys/fs/cgroup")
}

func cgroupCPUQuotaAt(selfCgroup, root string) float64 {
	cg := readCgroups(selfCgroup, "cpu")
	var quota float64
	lower := func(q float64) { quota = lowestSet(quota, q) }
	for _, dir := range cg.v2Dirs() {
		lower(cpuMax(filepath.Join(root, dir, "cpu.max")))
	}
	if cg.hasV1 {
		for _, mount := range []string{"cpu,cpuacct", "cpu"} {
			dir := filepath.Join(root, mount, cg.v1)
			lower(ratio(readInt(filepath.Join(dir, "cpu.cfs_quota_us")), readInt(filepath.Join(dir, "cpu.cfs_period_us"))))
		}
	}
	return quota
}

// cpuMax reads cgroup v2's "QUOTA PERIOD" ("max 100000": none).
func cpuMax(path string) float64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	q, p, ok := strings.Cut(strings.TrimSpace(string(b)), " ")
	if !ok || q == "max" {
		return 0
	}
	qn, err1 := strconv.ParseInt(q, 10, 64)
	pn, err2 := strconv.ParseInt(p, 10, 64)
	if err1 != nil || err2 != nil {
		return 0
	}
	return ratio(qn, pn)
}

// ratio is quota over period in cores; v1 writes "none" as a quota of -1.
func ratio(quota, period int64) float64 {
	if quota <= 0 || period <= 0 {
		return 0
	}
	return float64(quota) / float64(period)
}

func readInt(path string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return 0
	}
	return n
}
