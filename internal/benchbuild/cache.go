package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
)

// buildCacheEnv names a directory that keeps every build between runs:
// each build goes to a slot there first and is copied from it, and the go
// command does not link again a binary whose slot already holds that
// build (the same build ID), so a build nothing changed since the last
// run costs no link. Unset, nothing is kept.
const buildCacheEnv = "PINGPONG_BUILD_CACHE"

// slot is the directory of dir's build in the cache: one per module,
// go.mod, go.sum, generated codecs and environment, so that builds that
// differ do not take turns relinking into one file. Which binary a slot
// holds is never trusted to the key: the go command checks its build ID.
func (b *builder) slot(cache, dir string, env []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "root %s\nenv %q %q %q\n", b.root, env, os.Getenv("GOFLAGS"), os.Getenv("GOEXPERIMENT"))
	for _, f := range []string{"go.mod", "go.sum", generatedFile} {
		content, _ := os.ReadFile(filepath.Join(dir, f)) // a file missing is "", as good a key
		fmt.Fprintf(h, "%s %d\n%s", f, len(content), content)
	}
	return filepath.Join(cache, hex.EncodeToString(h.Sum(nil))[:16])
}

// cachedBuild runs build (go build -o TARGET) into dir's slot of cache,
// then copies the binary to bin. The slot is locked throughout: another
// run building into it meanwhile waits, and never a half-written binary
// is copied.
func (b *builder) cachedBuild(cache, dir string, env []string, bin string, build func(target string) error) error {
	cache, err := filepath.Abs(cache) // the build runs in dir
	if err != nil {
		return fmt.Errorf("%s: %w", buildCacheEnv, err)
	}
	slot := b.slot(cache, dir, env)
	if err := os.MkdirAll(slot, 0o755); err != nil {
		return fmt.Errorf("%s: %w", buildCacheEnv, err)
	}
	unlock, err := lock(slot + ".lock")
	if err != nil {
		return fmt.Errorf("%s: locking %s: %w", buildCacheEnv, slot, err)
	}
	defer unlock()
	target := filepath.Join(slot, "pingpong")
	if err := build(target); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		return err
	}
	if err := copyFile(target, bin); err != nil {
		return fmt.Errorf("copying the build from %s: %w", slot, err)
	}
	return nil
}
