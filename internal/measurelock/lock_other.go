//go:build !unix

package measurelock

import (
	"os"
	"sync"
)

// Without flock the lock holds within one process only: measuring tests
// of one test binary still take turns.
var mu sync.Mutex

func tryLock(*os.File) (bool, error) { return mu.TryLock(), nil }

func lock(*os.File) error { mu.Lock(); return nil }

func unlock(f *os.File) { f.Close(); mu.Unlock() }
