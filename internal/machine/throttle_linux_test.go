package machine

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A throttle window reads the most any of the process's cgroups was
// throttled over it: v2's throttled_usec in a parent, v1's throttled_time
// in nanoseconds; a hierarchy with no such file gives no reader.
func TestThrottle(t *testing.T) {
	root := t.TempDir()
	self := filepath.Join(root, "self")
	write := func(path, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(self, "0::/a/b\n")
	write(filepath.Join(root, "a/b/cpu.stat"), "usage_usec 10\nthrottled_usec 100\n")
	write(filepath.Join(root, "a/cpu.stat"), "usage_usec 10\nnr_throttled 1\nthrottled_usec 1000\n")
	th := throttleAt(self, root)
	if th == nil || len(th.files) != 2 {
		t.Fatalf("reader %+v: want the cgroup's cpu.stat and its parent's", th)
	}
	th.Start()
	write(filepath.Join(root, "a/b/cpu.stat"), "throttled_usec 300\n")
	write(filepath.Join(root, "a/cpu.stat"), "throttled_usec 6000\n")
	if got := th.Stop(); got != 5*time.Millisecond {
		t.Errorf("throttled %v, want 5ms (the parent's)", got)
	}

	v1 := t.TempDir()
	write(filepath.Join(v1, "self"), "1:cpu,cpuacct:/q\n")
	write(filepath.Join(v1, "cpu,cpuacct/q/cpu.stat"), "nr_periods 4\nthrottled_time 0\n")
	th = throttleAt(filepath.Join(v1, "self"), v1)
	if th == nil {
		t.Fatal("no reader of v1's throttled_time")
	}
	th.Start()
	write(filepath.Join(v1, "cpu,cpuacct/q/cpu.stat"), "nr_periods 9\nthrottled_time 2500000\n")
	if got := th.Stop(); got != 2500*time.Microsecond {
		t.Errorf("v1 throttled %v, want 2.5ms", got)
	}

	none := t.TempDir()
	write(filepath.Join(none, "self"), "0::/x\n")
	if th := throttleAt(filepath.Join(none, "self"), none); th != nil {
		t.Errorf("a reader %+v where no cpu.stat is", th)
	}
}
