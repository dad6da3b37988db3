package machine

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// cgroupCPUQuota is this process's cgroup CPU limit in CPUs (quota over
// period: 1.5 is one and a half), 0 when there is none or it cannot be
// read: cgroup v2's cpu.max of the process's cgroup and each parent (the
// lowest wins), or cgroup v1's cpu.cfs_quota_us over cpu.cfs_period_us.
// The run records it because a fractional quota leaves GOMAXPROCS two
// candidates, the values on either side of it.
func cgroupCPUQuota() float64 {
	return cpuQuotaAt("/proc/self/cgroup", "/sys/fs/cgroup")
}

func cpuQuotaAt(selfCgroup, root string) float64 {
	var quota lowestLimit[float64]
	eachCgroup(selfCgroup, root, func(dir string) {
		if fs := strings.Fields(readString(filepath.Join(dir, "cpu.max"))); len(fs) == 2 {
			quota.add(ratio(fs[0], fs[1]))
		}
	}, "cpu", func(dir string) {
		quota.add(ratio(readString(filepath.Join(dir, "cpu.cfs_quota_us")), readString(filepath.Join(dir, "cpu.cfs_period_us"))))
	})
	return quota.v
}

// ratio is quota over period, 0 for "max", -1 (v1's none) or anything
// unreadable.
func ratio(quota, period string) float64 {
	q, err1 := strconv.ParseFloat(quota, 64)
	p, err2 := strconv.ParseFloat(period, 64)
	if err1 != nil || err2 != nil || q <= 0 || p <= 0 {
		return 0
	}
	return q / p
}

func readString(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}
