package machine

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCPUQuota(t *testing.T) {
	for _, c := range []struct {
		name  string
		self  string
		files map[string]string
		want  float64
	}{
		{"v2 fractional", "0::/a/b\n", map[string]string{"a/b/cpu.max": "150000 100000\n", "a/cpu.max": "max 100000\n"}, 1.5},
		{"v2 parent lower", "0::/a/b\n", map[string]string{"a/b/cpu.max": "max 100000\n", "a/cpu.max": "200000 100000\n"}, 2},
		{"v2 none", "0::/a\n", map[string]string{"a/cpu.max": "max 100000\n"}, 0},
		{"v1", "2:cpu,cpuacct:/x\n0::/\n", map[string]string{"cpu,cpuacct/x/cpu.cfs_quota_us": "50000\n", "cpu,cpuacct/x/cpu.cfs_period_us": "100000\n"}, 0.5},
		{"v1 unlimited", "1:cpu:/\n", map[string]string{"cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"}, 0},
		{"no cgroup file", "", nil, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			self := filepath.Join(root, "self")
			files := map[string]string{}
			if c.self != "" {
				files[self] = c.self
			}
			for p, s := range c.files {
				files[filepath.Join(root, "fs", p)] = s
			}
			for path, s := range files {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := cpuQuotaAt(self, filepath.Join(root, "fs")); got != c.want {
				t.Errorf("quota %v, want %v", got, c.want)
			}
		})
	}
}
