// How the verdict spells its figures in words: points of the window
// ("+3.5 (2.1 to 4.9)"), bars ("3"), shares of the stops ("+7% (3 to
// 11)"), p-values ("p < 0.001") and seconds ("2.5s").

package verdict

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// points prints an effect on the frozen share in points, "+3.5 (2.1 to
// 4.9)", or its estimate alone when it has no interval.
func points(iv Interval, withInterval bool) string {
	if !withInterval {
		return Points(iv.Est)
	}
	return fmt.Sprintf("%s (%s)", Points(iv.Est), Range(iv))
}

// Points prints a share in points of the window (or percent) to one
// decimal, signed, never "-0.0": "+3.5", "+0.0", "-1.2".
func Points(share float64) string { return pts(share, 1, true) }

// Range prints an interval's bounds in points to one decimal: "2.1 to
// 4.9".
func Range(iv Interval) string { return pts(iv.Lo, 1, false) + " to " + pts(iv.Hi, 1, false) }

// Bar prints a bar in points (or percent), "3" or "2.5".
func Bar(share float64) string { return strings.TrimSuffix(pts(share, 1, false), ".0") }

// pts prints share x 100 with decimals places, signed when sign; a value
// that rounds to zero reads as zero, never as "-0".
func pts(share float64, decimals int, sign bool) string {
	f := "%." + strconv.Itoa(decimals) + "f"
	if sign {
		f = "%+." + strconv.Itoa(decimals) + "f"
	}
	out := fmt.Sprintf(f, 100*share)
	if strings.Trim(out, "+-0.") == "" { // a rounded zero
		out = fmt.Sprintf(f, 0.0)
	}
	return out
}

// PointsPercent prints an effect on a share of the stops, "+7% (3 to 11)".
func PointsPercent(iv Interval, withInterval bool) string {
	if !withInterval {
		return pts(iv.Est, 0, true) + "%"
	}
	return fmt.Sprintf("%s%% (%s to %s)", pts(iv.Est, 0, true), pts(iv.Lo, 0, false), pts(iv.Hi, 0, false))
}

// PValue prints a p-value as "p = 0.029", or "p < 0.001" below that.
func PValue(p float64) string {
	if p < 0.001 {
		return "p < 0.001"
	}
	return fmt.Sprintf("p = %.2g", p)
}

func fmtSeconds(d time.Duration) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.1f", d.Seconds()), "0"), ".") + "s"
}
