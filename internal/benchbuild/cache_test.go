package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A build goes through its slot: the same module, go.mod and environment
// find the same slot (where the go command finds the binary up to date),
// a changed go.mod another; the binary is copied out either way.
func TestCachedBuild(t *testing.T) {
	cache, work := t.TempDir(), t.TempDir()
	b := builder{request: request{root: "/src/pingpong"}}
	mod := func(dir, gomod string) string {
		writeFile(t, filepath.Join(dir, "go.mod"), gomod)
		return dir
	}
	var targets []string
	build := func(n int) func(string) error {
		return func(target string) error {
			targets = append(targets, target)
			return os.WriteFile(target, []byte{byte(n)}, 0o755)
		}
	}
	a := mod(filepath.Join(work, "a"), "module m\n")
	copyOfA := mod(filepath.Join(work, "copy"), "module m\n")
	other := mod(filepath.Join(work, "other"), "module m\n\nrequire x v1.0.0\n")
	for i, c := range []struct {
		dir string
		env []string
	}{{a, nil}, {copyOfA, nil}, {other, nil}, {a, []string{"GOEXPERIMENT=jsonv2"}}} {
		bin := filepath.Join(work, "bin", "pingpong")
		if err := b.cachedBuild(cache, c.dir, c.env, bin, build(i)); err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(bin); err != nil || len(got) != 1 || got[0] != byte(i) {
			t.Errorf("build %d: the binary copied out is %v, %v", i, got, err)
		}
	}
	if len(targets) != 4 || targets[0] != targets[1] || targets[2] == targets[0] || targets[3] == targets[0] || targets[3] == targets[2] {
		t.Errorf("slots %q: want the copy of a module in its slot, another go.mod or environment in another", targets)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
