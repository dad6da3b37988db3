// Package report turns runs into what people and tools read: the console
// report, the result files (JSON, Go benchmark format, CSV, .hgrm), the
// HTML page and its charts, and the comparison of two runs. It never
// measures anything.
package report

import (
	"fmt"
	"strconv"
	"time"
)

// Every figure is rounded to what it prints before its unit is chosen, so
// that a value just below a unit's step prints in the next unit up, as
// "1.0ms" rather than "1000us".

// fmtDuration prints a latency as the Erlang original does: "32.4ms" from 1ms
// up, "850us" from 1us; below that "420ns", a resolution the original never
// needed but the baseline codec does.
func fmtDuration(d time.Duration) string {
	switch us := (d + time.Microsecond/2) / time.Microsecond; {
	case us >= 1000:
		return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond))
	case d >= time.Microsecond:
		return fmt.Sprintf("%dus", us)
	default:
		return fmt.Sprintf("%dns", int64(d))
	}
}

// fmtRate prints round trips per second: whole numbers up to "9999/s", then
// three significant figures, "12.3k/s", "1.23M/s"; below 1/s with a
// decimal, "0.5/s".
func fmtRate(perSec float64) string {
	switch {
	case perSec == 0:
		return "0/s"
	case rounded(perSec, 1) < 1:
		return fmt.Sprintf("%.1f/s", perSec)
	case rounded(perSec, 0) < 1e4:
		return fmt.Sprintf("%.0f/s", perSec)
	}
	if k := roundedSig3(perSec / 1e3); k < 1000 {
		return sig3(k) + "k/s"
	}
	return sig3(roundedSig3(perSec/1e6)) + "M/s"
}

// fmtThroughput prints MB/s (1 MB = 1e6 bytes): "370MB/s", "9.5MB/s".
func fmtThroughput(mbps float64) string {
	if rounded(mbps, 1) >= 10 {
		return fmt.Sprintf("%.0fMB/s", mbps)
	}
	return fmt.Sprintf("%.1fMB/s", mbps)
}

// Size prints a byte count in decimal units, as file sizes are quoted:
// "1.73 MB", "55.5 kB", "512 B".
func Size(n int) string {
	return inUnits(float64(n), []unit{{1, 0, " B"}, {1e3, 1, " kB"}, {1e6, 2, " MB"}})
}

// compactSize prints a byte count with no space, so a column stays one
// word: "0B", "512B", "12.3kB", "45.2MB", "1.20GB".
func compactSize(n float64) string {
	return inUnits(n, []unit{{1, 0, "B"}, {1e3, 1, "kB"}, {1e6, 1, "MB"}, {1e9, 2, "GB"}})
}

// unit is one step of a scale: values in it print as x/div with prec
// decimals.
type unit struct {
	div    float64
	prec   int
	suffix string
}

// inUnits prints x in the first of us (smallest first) in which it prints
// below the next unit's step.
func inUnits(x float64, us []unit) string {
	for i, u := range us {
		v := rounded(x/u.div, u.prec)
		if i == len(us)-1 || v < us[i+1].div/u.div {
			return strconv.FormatFloat(v, 'f', u.prec, 64) + u.suffix
		}
	}
	return "" // not reached: the last unit always prints
}

// rounded is x as it prints with prec decimals.
func rounded(x float64, prec int) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', prec, 64), 64)
	return v
}

// roundedSig3 is x rounded to three significant figures.
func roundedSig3(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 3, 64), 64)
	return v
}

// sig3 prints x (at least 1) with three significant figures and no
// exponent: 1.23, 12.3, 123; 9.996 as 10.0, 99.96 as 100.
func sig3(x float64) string {
	switch x = roundedSig3(x); {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	default:
		return fmt.Sprintf("%.2f", x)
	}
}
