//go:build !unix

package latency

import "time"

// processCPU has no portable source outside unix; the figures read as zero.
func processCPU() (user, sys time.Duration) { return 0, 0 }
