// Package measurelock is the one machine-wide lock that every measuring
// test of this module, and every freeze guard, takes before it measures:
// go test ./... runs packages' test binaries side by side, and a test that
// measures a freeze beside another that measures one would measure both.
// It is a lock file in the OS's temporary directory, held with flock(2)
// where there is one, so it holds across processes and dies with its
// holder.
package measurelock

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// Name is the lock file's name in os.TempDir().
const Name = "pingpong-measure.lock"

// Take holds the lock until tb ends, waiting as long as another process
// (or test) holds it; the test's log says when it waited, and how long.
// A lock that cannot be taken at all (no writable temporary directory) is
// logged and not waited for: the test measures as it would have without.
func Take(tb testing.TB) {
	tb.Helper()
	release, waited, err := Acquire()
	if err != nil {
		tb.Logf("measurelock: measuring without the machine-wide lock: %v", err)
		return
	}
	if waited > 0 {
		tb.Logf("measurelock: waited %s for the machine-wide measuring lock (another test was measuring)", waited.Round(time.Millisecond))
	}
	tb.Cleanup(release)
}

// held counts the takers in this process: the first takes the file's
// lock, the last to give it back releases it, so that a measuring test
// that calls a guard (which takes it too) does not wait on itself. Tests
// that take it do not run in parallel (a guard refuses to).
var held struct {
	sync.Mutex
	n       int
	release func()
}

// Acquire takes the lock, waiting if another process holds it: waited is
// how long it waited (0: the lock was free, or this process held it
// already), release gives it back.
func Acquire() (release func(), waited time.Duration, err error) {
	held.Lock()
	defer held.Unlock()
	if held.n == 0 {
		held.release, waited, err = acquire()
		if err != nil {
			return nil, 0, err
		}
	}
	held.n++
	var once sync.Once
	return func() {
		once.Do(func() {
			held.Lock()
			defer held.Unlock()
			if held.n--; held.n == 0 {
				held.release()
			}
		})
	}, waited, nil
}

// acquire takes the file's lock.
func acquire() (release func(), waited time.Duration, err error) {
	path := filepath.Join(os.TempDir(), Name)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o666)
	if errors.Is(err, os.ErrPermission) {
		// another user made it (the umask leaves it theirs to write): a
		// lock needs no write, and flock takes a file open for reading
		f, err = os.Open(path)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("open the lock file: %w", err)
	}
	if ok, err := tryLock(f); err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("lock %s: %w", path, err)
	} else if ok {
		return func() { unlock(f) }, 0, nil
	}
	start := time.Now()
	if err := lock(f); err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("lock %s: %w", path, err)
	}
	return func() { unlock(f) }, max(time.Since(start), time.Nanosecond), nil
}
