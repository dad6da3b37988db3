//go:build !linux

package machine

// Elsewhere no quota is read: the recommendation names the CPU count.
func cgroupCPUQuota() float64 { return 0 }
