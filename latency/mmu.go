package latency

import (
	"slices"
	"sort"
	"time"
)

// MMUWindows are the window sizes the minimum mutator utilization is
// reported at: a frame of an interactive program, a request of a fast
// service, a slow request.
var MMUWindows = []time.Duration{time.Millisecond, 10 * time.Millisecond, 100 * time.Millisecond}

// MMUCurveWindows are the window sizes a row keeps its MMU at, MMUWindows
// among them: enough points, evenly spread on a log scale, for the curve
// of utilization against window size that Go's GC documentation draws.
var MMUCurveWindows = []time.Duration{time.Millisecond, 2 * time.Millisecond, 5 * time.Millisecond,
	10 * time.Millisecond, 20 * time.Millisecond, 50 * time.Millisecond,
	100 * time.Millisecond, 200 * time.Millisecond, 500 * time.Millisecond, time.Second}

// MMU is the minimum mutator utilization of a stretch of span with stops:
// over every window of length w inside it, the least share of the window
// in which the world was not stopped (from a stop's request to the world's
// restart: a goroutine that reaches its safe point early waits there for
// the slowest). 1 means no window lost anything; 0 that some window was
// stopped throughout. A window longer than span is span itself.
//
// Unlike go tool trace's MMU, which counts the GC's stops and assists, it
// counts every stop the probe forced, so a stop that a codec held up is in
// it whatever asked for it.
func MMU(stops []Stop, span, w time.Duration) float64 {
	if span <= 0 || w <= 0 {
		return 1
	}
	w = min(w, span)
	iv := stopped(stops, span)
	if len(iv) == 0 {
		return 1
	}
	// The most a window can lose is reached with one of its edges on an
	// edge of a stop: a window starting where a stop starts, or ending
	// where one ends.
	worst := time.Duration(0)
	for _, s := range iv {
		for _, from := range []time.Duration{s.from, s.to - w} {
			from = min(max(from, 0), span-w)
			worst = max(worst, lost(iv, from, from+w))
		}
	}
	return 1 - worst.Seconds()/w.Seconds()
}

// MMUCurve is MMU at each of windows.
func MMUCurve(stops []Stop, span time.Duration, windows []time.Duration) []float64 {
	out := make([]float64, len(windows))
	for i, w := range windows {
		out[i] = MMU(stops, span, w)
	}
	return out
}

type interval struct{ from, to, before time.Duration } // before: the stopped time of every earlier interval

// stopped is the stretches of [0, span] in which the world was stopped,
// sorted, merged where they touch.
func stopped(stops []Stop, span time.Duration) []interval {
	var iv []interval
	for _, s := range stops {
		from, to := max(s.At, 0), min(s.End(), span)
		if to > from {
			iv = append(iv, interval{from: from, to: to})
		}
	}
	slices.SortFunc(iv, func(a, b interval) int { return int(a.from - b.from) })
	merged := iv[:0]
	for _, s := range iv {
		if n := len(merged); n > 0 && s.from <= merged[n-1].to {
			merged[n-1].to = max(merged[n-1].to, s.to)
			continue
		}
		merged = append(merged, s)
	}
	var sum time.Duration
	for i := range merged {
		merged[i].before = sum
		sum += merged[i].to - merged[i].from
	}
	return merged
}

// lost is how much of [from, to) the sorted intervals iv cover.
func lost(iv []interval, from, to time.Duration) time.Duration {
	i := sort.Search(len(iv), func(i int) bool { return iv[i].to > from })  // the first that ends after from
	j := sort.Search(len(iv), func(i int) bool { return iv[i].from >= to }) // the first that starts at or after to
	if i >= j {
		return 0
	}
	total := iv[j-1].before + (iv[j-1].to - iv[j-1].from) - iv[i].before
	total -= max(0, from-iv[i].from) // the part of the first before the window
	total -= max(0, iv[j-1].to-to)   // the part of the last after it
	return total
}
