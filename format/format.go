// Package format is the one spelling of each kind of figure: durations,
// rates, throughput, sizes and percentages print through it wherever they
// print (the console, the page, compare, the verdict's words, the guard's
// messages), and a figure of the table of metrics prints by its Unit.
//
// Every figure is rounded to what it prints before its unit is chosen, so
// that a value just below a unit's step prints in the next unit up, as
// "1.0ms" rather than "1000us".
package format

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// Duration prints a latency as the Erlang original does: "32.4ms" from 1ms
// up, "850us" from 1us; below that "420ns", a resolution the original never
// needed but the baseline codec does.
func Duration(d time.Duration) string {
	switch us := (d + time.Microsecond/2) / time.Microsecond; {
	case us >= 1000:
		return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond))
	case d >= time.Microsecond:
		return fmt.Sprintf("%dus", us)
	default:
		return fmt.Sprintf("%dns", int64(d))
	}
}

// Rate prints round trips per second: whole numbers up to "9999/s", then
// three significant figures, "12.3k/s", "1.23M/s"; below 1/s with a
// decimal, "0.5/s".
func Rate(perSec float64) string {
	switch {
	case perSec == 0:
		return "0/s"
	case Rounded(perSec, 1) < 1:
		return fmt.Sprintf("%.1f/s", perSec)
	case Rounded(perSec, 0) < 1e4:
		return fmt.Sprintf("%.0f/s", perSec)
	}
	if k := roundedSig3(perSec / 1e3); k < 1000 {
		return Sig3(k) + "k/s"
	}
	return Sig3(roundedSig3(perSec/1e6)) + "M/s"
}

// Throughput prints MB/s (1 MB = 1e6 bytes): "370MB/s", "9.5MB/s".
func Throughput(mbps float64) string {
	if Rounded(mbps, 1) >= 10 {
		return fmt.Sprintf("%.0fMB/s", mbps)
	}
	return fmt.Sprintf("%.1fMB/s", mbps)
}

// Size prints a byte count in decimal units, three significant
// figures and no space, so a column stays one word: "0B", "512B",
// "12.3kB", "1.76MB", "25.8GB".
func Size(n float64) string {
	if roundedSig3(n) < 1000 {
		return fmt.Sprintf("%.0fB", n)
	}
	units := []string{"kB", "MB", "GB", "TB"}
	i := 0
	for n /= 1e3; i < len(units)-1 && roundedSig3(n) >= 1000; i++ {
		n /= 1e3
	}
	return Sig3(n) + units[i]
}

// Percent prints a fraction as a percentage with one decimal:
// 0.123 is "12.3%".
func Percent(frac float64) string { return fmt.Sprintf("%.1f%%", 100*frac) }

// Points is a share in points, as a flag that takes points reads it
// (-frozen-bar): 0.07 is "7", not the float's 7.000000000000001.
func Points(share float64) string { return strconv.FormatFloat(100*share, 'g', 10, 64) }

// Age prints how long something has lasted: in seconds from 1s
// ("2.3s"), below as Duration does.
func Age(d time.Duration) string {
	if Rounded(float64(d)/float64(time.Millisecond), 1) >= 1000 {
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return Duration(d)
}

// Rounded is x as it prints with prec decimals.
func Rounded(x float64, prec int) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', prec, 64), 64)
	return v
}

// roundedSig3 is x rounded to three significant figures.
func roundedSig3(x float64) float64 { return roundedSig(x, 3) }

// roundedSig is x rounded to n significant figures.
func roundedSig(x float64, n int) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', n, 64), 64)
	return v
}

// ApproxSize is an estimated size, to two significant figures: "5.4MB",
// "13MB", "540kB".
func ApproxSize(bytes float64) string {
	units := []string{"B", "kB", "MB", "GB"}
	i := 0
	for ; i < len(units)-1 && roundedSig(bytes, 2) >= 1000; i++ {
		bytes /= 1000
	}
	return strconv.FormatFloat(roundedSig(bytes, 2), 'f', -1, 64) + units[i]
}

// Sig3 prints x (at least 1) with three significant figures and no
// exponent: 1.23, 12.3, 123; 9.996 as 10.0, 99.96 as 100.
func Sig3(x float64) string {
	switch x = roundedSig3(x); {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	default:
		return fmt.Sprintf("%.2f", x)
	}
}

// Unit is what a figure counts, which says how each output spells it.
type Unit int

const (
	Nanoseconds Unit = iota + 1
	Count
	CountPerOp // per round trip, or per operation in a probe pass
	Bytes
	BytesPerOp
	PerSecond
	MBPerSecond
	Fraction
)

// Format prints v, a figure in unit u, as the console does.
func (u Unit) Format(v float64) string {
	switch u {
	case Nanoseconds:
		return Duration(time.Duration(math.Round(v)))
	case Bytes, BytesPerOp:
		return Size(v)
	case PerSecond:
		return Rate(v)
	case MBPerSecond:
		return Throughput(v)
	case Fraction:
		return Percent(v)
	}
	return fmt.Sprintf("%.0f", v)
}
