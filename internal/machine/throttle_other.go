//go:build !linux

package machine

import "time"

// Throttle reads a cgroup's throttled time, on Linux only.
type Throttle struct{}

// NewThrottle is nil: no cgroup says.
func NewThrottle() *Throttle { return nil }

// Start does nothing.
func (t *Throttle) Start() {}

// Stop is 0.
func (t *Throttle) Stop() time.Duration { return 0 }
