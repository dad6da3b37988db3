package machine

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCgroupLimit(t *testing.T) {
	write := func(t *testing.T, path, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name  string
		self  string
		files map[string]string
		want  uint64
	}{
		{"v2 own limit", "0::/a/b\n", map[string]string{"a/b/memory.max": "1073741824\n", "a/memory.max": "max\n"}, 1 << 30},
		{"v2 parent lower", "0::/a/b\n", map[string]string{"a/b/memory.max": "max\n", "a/memory.max": "536870912\n"}, 1 << 29},
		{"v2 none", "0::/a\n", map[string]string{"a/memory.max": "max\n"}, 0},
		{"v1", "4:memory:/x\n0::/\n", map[string]string{"memory/x/memory.limit_in_bytes": "2147483648\n"}, 2 << 30},
		{"v1 unlimited", "4:memory:/x\n", map[string]string{"memory/x/memory.limit_in_bytes": "9223372036854771712\n"}, 0},
		{"no cgroup file", "", nil, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			self := filepath.Join(root, "self")
			if c.self != "" {
				write(t, self, c.self)
			}
			for p, s := range c.files {
				write(t, filepath.Join(root, "fs", p), s)
			}
			if got := cgroupLimitAt(self, filepath.Join(root, "fs")); got != c.want {
				t.Errorf("limit %d, want %d", got, c.want)
			}
		})
	}
}
