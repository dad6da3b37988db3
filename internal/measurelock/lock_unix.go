//go:build unix

package measurelock

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes f's lock if it is free: ok is false when another holds it.
func tryLock(f *os.File) (ok bool, err error) {
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}

// lock waits for f's lock.
func lock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// unlock gives the lock back: closing the file releases it.
func unlock(f *os.File) { f.Close() }
