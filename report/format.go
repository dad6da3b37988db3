// Package report turns runs into what people and tools read: the console
// report, and the files later issues add. It never measures anything.
package report

import (
	"fmt"
	"time"
)

// Duration prints a latency as the Erlang original does: "32.4ms" from 1ms
// up, "850us" from 1us; below that "420ns", a resolution the original never
// needed but the baseline codec does.
func Duration(d time.Duration) string {
	switch {
	case d >= time.Millisecond:
		return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond))
	case d >= time.Microsecond:
		return fmt.Sprintf("%dus", (d+time.Microsecond/2)/time.Microsecond)
	default:
		return fmt.Sprintf("%dns", int64(d))
	}
}

// Rate prints round trips per second with three significant figures where
// it grows large: "54/s", "1234/s", "12.3k/s", "1.23M/s".
func Rate(perSec float64) string {
	switch {
	case perSec >= 1e6:
		return sig3(perSec/1e6) + "M/s"
	case perSec >= 1e4:
		return sig3(perSec/1e3) + "k/s"
	default:
		return fmt.Sprintf("%.0f/s", perSec)
	}
}

// Throughput prints MB/s (1 MB = 1e6 bytes).
func Throughput(mbps float64) string {
	if mbps >= 10 {
		return fmt.Sprintf("%.0fMB/s", mbps)
	}
	return fmt.Sprintf("%.1fMB/s", mbps)
}

// Size prints a byte count in decimal units, as file sizes are quoted.
func Size(n int) string {
	switch {
	case n >= 1e6:
		return fmt.Sprintf("%.2f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	default:
		return fmt.Sprintf("%d B", n)
	}
}

// sig3 prints x (at least 1) with three significant figures and no
// exponent: 1.23, 12.3, 123.
func sig3(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	default:
		return fmt.Sprintf("%.2f", x)
	}
}
