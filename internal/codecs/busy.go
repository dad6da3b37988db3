package codecs

import "time"

// Busy is control's loop as one call of about d on this machine: as busy
// as a function's call that lasted d, and as preemptible as control, so
// that a stop of the world beside it waits only for the machine. It is
// the reference for a first call that has no document to make control
// from (pingpongtest's first-call guard of a function). The iterations
// are fixed here, from the rate measured once per process, as control's
// are: a thread descheduled midway does not shorten the call.
func Busy(d time.Duration) func() {
	n := max(1, uint64(float64(d)*loopRate()))
	return func() { spin(n) }
}
