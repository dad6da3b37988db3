// Why a window names no culprit when its worst stop was under a stall.

package results

import (
	"fmt"
	"time"

	"github.com/pingpong-bench/pingpong/format"
)

// UnderStall is why a window names no culprit when its worst stop,
// worst, was shorter than a stall (the flight recorder traces stops, not
// long round trips or late wakes); UnderStallPrefix begins it.
func UnderStall(worst, stall time.Duration) string {
	return fmt.Sprintf("%s%s, under the %s stall; only stops are traced to a culprit", UnderStallPrefix, format.Duration(worst), format.Duration(stall))
}

// UnderStallPrefix begins UnderStall's reason.
const UnderStallPrefix = "worst stop "
