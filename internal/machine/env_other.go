//go:build !linux

package machine

// Elsewhere the report prints the architecture alone and no memory size.
func cpuModel() string          { return "" }
func totalMemory() uint64       { return 0 }
func cgroupMemoryLimit() uint64 { return 0 }
