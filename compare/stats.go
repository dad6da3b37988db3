package compare

import (
	"math"
	"strconv"
	"strings"

	"golang.org/x/perf/benchmath"
)

// deltaPct is the change from old to new in percent; infinite when old is
// 0.
func deltaPct(old, new float64) float64 {
	switch {
	case old == new:
		return 0
	case old == 0:
		return math.Inf(int(math.Copysign(1, new)))
	}
	return (new/old - 1) * 100
}

// uTest is compare's test: benchstat's default, a Mann-Whitney U test at
// its default alpha.
func uTest(old, new []float64) benchmath.Comparison {
	th := benchmath.DefaultThresholds
	return benchmath.AssumeNothing.Compare(benchmath.NewSample(old, &th), benchmath.NewSample(new, &th))
}

// Testable is the one rule of when a difference counts as tested, for
// compare and the gate alike: n1 against n2 repeats can ever be
// significant. The smallest p the test can give is that of two samples
// that do not overlap at all, so benchmath is asked for exactly that
// rather than a table kept here: 3 against 3 cannot (p >= 0.1), 4 against
// 4 or 3 against 5 can.
func Testable(n1, n2 int) bool {
	if n1 == 0 || n2 == 0 {
		return false
	}
	a, b := make([]float64, n1), make([]float64, n2)
	for i := range a {
		a[i] = float64(i)
	}
	for i := range b {
		b[i] = float64(n1 + i)
	}
	cmp := uTest(a, b)
	return cmp.P <= cmp.Alpha
}

// formatDelta is the change from old to new as compare's delta column
// prints it, benchmath's way: "+12.34%", "0.00%", "?" from 0. The P of a
// zero Comparison is not above its Alpha, so FormatDelta gives the change
// itself rather than "~": whether it is significant is the next column's.
func formatDelta(old, new float64) string { return benchmath.Comparison{}.FormatDelta(old, new) }

// minTestableRepeats is the fewest repeats a side, equal on both sides,
// with which the U test can reach alpha.
func minTestableRepeats() int {
	n := 1
	for !Testable(n, n) {
		n++
	}
	return n
}

// number prints a percentage with one decimal at most: "10", "2.5".
func number(v float64) string {
	return strings.TrimSuffix(strconv.FormatFloat(v, 'f', 1, 64), ".0")
}

func signed(v float64) string {
	if v >= 0 {
		return "+" + number(v)
	}
	return "-" + number(-v)
}
