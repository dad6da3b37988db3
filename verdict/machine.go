// What the machine did to a level, as its words read it: whether the
// stops' waits were split into the program's hold and the machine's
// (Split, the one place that decides it), and how busy other processes
// kept the cores (busiest).

package verdict

import (
	"fmt"
	"slices"
	"strings"
)

// Split says whether the level's stops had their waits split into the
// program's hold and the machine's: a codec's stops at least, and every
// codec's that has stops, the references' too. It is the one decision
// every reader of a level takes: the table's "machine" column, the
// section's head, the caveat of a busy machine.
func (v Level) Split() bool {
	all := v.all()
	return slices.ContainsFunc(all, func(cv Codec) bool { return cv.HasSTW }) &&
		!slices.ContainsFunc(all, func(cv Codec) bool { return cv.HasSTW && !cv.Stops.Split })
}

// busiest is the largest share of the cores others took in a window of
// the level.
func (v Level) busiest() float64 {
	busy := 0.0
	for _, cv := range v.all() {
		busy = max(busy, cv.Stops.Busy)
	}
	return busy
}

// RanShown is the share of the CPU its goroutines wanted that a program
// must have got before MachineNote says nothing of it: on the project's
// 2-core VM, quiet, a level's program got 95-100% of it.
const RanShown = 0.95

// Got says how much of the CPU its goroutines wanted a program got (a
// share, latency.RanShare), as every answer words it.
func Got(ran float64) string {
	return fmt.Sprintf("the program got %.0f%% of the CPU its goroutines wanted", 100*ran)
}

// MachineNote says, where the stops' waits were split, what the machine
// did to the level beyond the table's "machine" column: how much of the
// CPU its goroutines wanted the program got (the shares of the table are
// of the time it ran), what a cgroup's quota throttled, and whether
// the probe's thread lacked its priority; "" when there is nothing to
// say.
func (v Level) MachineNote() string {
	if !v.Split() {
		return ""
	}
	ran, throttled, unprioritized := 1.0, 0.0, false
	for _, cv := range v.all() {
		if cv.HasSTW {
			ran = min(ran, cv.Stops.RanShare())
			throttled = max(throttled, cv.Stops.Throttled)
			unprioritized = unprioritized || cv.Stops.Unprioritized
		}
	}
	var parts []string
	if ran < RanShown {
		parts = append(parts, fmt.Sprintf("the program got as little as %.0f%% of the CPU its goroutines wanted (other work had the rest); "+
			"each share is of the time it ran, so a freeze keeps its size", 100*ran))
	}
	if throttled >= 0.005 {
		parts = append(parts, fmt.Sprintf("the cgroup's CPU quota throttled it up to %.0f%% of a core (the machine's share, as others' work is)", 100*throttled))
	}
	if unprioritized {
		parts = append(parts, "the probe's thread had no priority (nice -20 takes root or CAP_SYS_NICE): the machine's share reads less sharply")
	}
	return strings.Join(parts, "; ")
}
