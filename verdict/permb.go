package verdict

import (
	"math"
	"time"
)

// PerMBOf is stop per MB (1e6 bytes) of a document of bytes: the stop
// wait per MB on one document. 0 when bytes is not above 0.
func PerMBOf(stop time.Duration, bytes int) time.Duration {
	if bytes <= 0 {
		return 0
	}
	return time.Duration(math.Round(float64(stop) / (float64(bytes) / 1e6)))
}
