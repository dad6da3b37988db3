// What the machine did to a level, as its words read it: whether the
// stops' waits were split into the program's hold and the machine's
// (Split, the one place that decides it), and how busy other processes
// kept the cores (busiest).

package verdict

import "slices"

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
