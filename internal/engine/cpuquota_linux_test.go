package engine

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCgroupCPUQuota(t *testing.T) {
	for _, c := range []struct {
		name  string
		self  string
		files map[string]string
		want  float64
	}{
		{"v2 own quota", "0::/a/b\n", map[string]string{"a/b/cpu.max": "150000 100000\n", "a/cpu.max": "max 100000\n"}, 1.5},
		{"v2 parent lower", "0::/a/b\n", map[string]string{"a/b/cpu.max": "max 100000\n", "a/cpu.max": "50000 100000\n"}, 0.5},
		{"v2 none", "0::/a\n", map[string]string{"a/cpu.max": "max 100000\n"}, 0},
		{"v1", "3:cpu,cpuacct:/x\n", map[string]string{"cpu,cpuacct/x/cpu.cfs_quota_us": "200000\n", "cpu,cpuacct/x/cpu.cfs_period_us": "100000\n"}, 2},
		{"v1 none", "3:cpu,cpuacct:/x\n", map[string]string{"cpu,cpuacct/x/cpu.cfs_quota_us": "-1\n", "cpu,cpuacct/x/cpu.cfs_period_us": "100000\n"}, 0},
		{"no cgroup file", "", nil, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			self := filepath.Join(root, "self")
			files := map[string]string{}
			for p, s := range c.files {
				files[filepath.Join("fs", p)] = s
			}
			if c.self != "" {
				files["self"] = c.self
			}
			for p, s := range files {
				path := filepath.Join(root, p)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := cgroupCPUQuotaAt(self, filepath.Join(root, "fs")); got != c.want {
				t.Errorf("quota %v, want %v", got, c.want)
			}
		})
	}
}
