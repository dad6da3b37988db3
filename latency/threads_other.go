//go:build !linux

package latency

import "errors"

type threadsOS struct{}

// NewThreads is nil: only Linux says how long each thread ran and waited.
func NewThreads() *Threads { return nil }

func (threadsOS) read(*ThreadTimes, int) error {
	return errors.New("no per-thread accounting on this system")
}

func gettid() int { return 0 }

func prioritize(int) bool { return false }

func raise(int) (int, bool) { return 0, false }

func lower(int, int) {}
