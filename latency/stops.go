package latency

import (
	"encoding/json"
	"fmt"
	"time"
)

// Stop is one stop of the world as the rest of the program lived it: asked
// for At, every goroutine stopped Begin later, the world started again Last
// after that. At is on the watcher's own clock: the probe's turns laid end
// to end (STWProbe.Turns), so that a codec's stops over a window cut into
// turns read as one stretch of time.
type Stop struct {
	At    time.Duration
	Begin time.Duration
	Last  time.Duration
}

// End is when the world started again.
func (s Stop) End() time.Duration { return s.At + s.Begin + s.Last }

// MarshalJSON writes a stop as [at, begin, last] in nanoseconds: a row
// holds a couple of hundred, and the field names would triple their size.
func (s Stop) MarshalJSON() ([]byte, error) {
	return json.Marshal([3]int64{int64(s.At), int64(s.Begin), int64(s.Last)})
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (s *Stop) UnmarshalJSON(b []byte) error {
	var v [3]int64
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("a stop is [at, begin, last] in ns: %w", err)
	}
	s.At, s.Begin, s.Last = time.Duration(v[0]), time.Duration(v[1]), time.Duration(v[2])
	return nil
}

// Turn is one stretch the probe watched (a codec's turn in its level's
// window): how long it lasted and how many of the stops it holds, in
// order, so that the stops of turn i follow those of turns 0..i-1.
type Turn struct {
	Window time.Duration `json:"window_ns"`
	Stops  int           `json:"stops"`
}

// TailShares cuts turns into stretches of about length (a turn shorter
// than 1.5 lengths stays whole) and returns, for each stretch that holds a
// stop, the share of its stops that waited over tail to begin, each stop
// counted in the stretch it was asked for in and, like
// Recorder.RecordCorrected, with the stops a stuck one kept a probe asking
// every interval from asking. A stretch without a stop says nothing (the
// probe could not run) and is left out.
//
// These are the verdict's samples. A stretch of a slice's length is long
// against one freeze (a document's non-preemptible decode), so neighbouring
// stretches are close to independent where neighbouring stops are not;
// and a count of long waits is not swayed, as a sum of them is, by the one
// stop that the machine's other processes held up for tens of
// milliseconds.
func TailShares(turns []Turn, stops []Stop, length, interval, tail time.Duration) []float64 {
	var out []float64
	var from time.Duration // the turn's start on the stops' clock
	i := 0
	for _, t := range turns {
		k := 1
		if length > 0 {
			k = max(1, int((t.Window+length/2)/length))
		}
		n, over := make([]int64, k), make([]int64, k)
		for end := i + t.Stops; i < end && i < len(stops); i++ {
			j := 0
			if t.Window > 0 {
				j = min(k-1, max(0, int(int64(stops[i].At-from)*int64(k)/int64(t.Window))))
			}
			c := int64(1)
			if interval > 0 {
				c = max(1, int64(stops[i].Begin/interval)) // as hdrhistogram's RecordCorrectedValue fills in
			}
			n[j] += c
			if stops[i].Begin > tail {
				over[j] += c
			}
		}
		for j := range k {
			if n[j] > 0 {
				out = append(out, float64(over[j])/float64(n[j]))
			}
		}
		from += t.Window
	}
	return out
}
