package results

import (
	"time"

	"github.com/pingpong-bench/pingpong/format"
)

// A round trip still in flight when the window closes is dropped, not
// recorded: a stall that crosses the window's end shows in no latency, and
// one longer than the window leaves n=0. Rows say so.

// minInFlight is the shortest in-flight age a row shows: below it the
// round trip was an ordinary one, cut by the window's end.
const minInFlight = 10 * time.Millisecond

// InFlightNote is a row's column when the round trip still in flight at the
// window's end had been so for longer than any recorded one took (and at
// least minInFlight): a stall that would otherwise vanish from every
// column, "in-flight=2.3s". Every pair has a round trip in flight at the
// end, so a shorter one says nothing. A row with no round trip says it in
// place of n instead.
func (r Result) InFlightNote() string {
	if r.N == 0 || r.InFlight < minInFlight || r.InFlight <= r.Latency.Max {
		return ""
	}
	return "in-flight=" + format.Age(r.InFlight)
}
