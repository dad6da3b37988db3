package latency

import (
	"slices"
	"testing"

	"golang.org/x/sys/unix"
)

// A reading holds the thread that takes it even when the runtime's count
// of threads says nothing changed since the list was made: a probe's
// thread ends with its turn and the next turn's is new, and the count can
// come back to where it was between two readings. Left out, the asking
// thread's wait is not subtracted from its stop and its CPU can read as
// another's hold (issue 51's ninth look: 15-25% of a starved probe's
// stops over 1ms).
func TestThreadsReadFindsTheCallingThread(t *testing.T) {
	th, self := lockedThreads(t)
	o := &th.os
	i, found := slices.BinarySearch(o.tids, self)
	if !found {
		t.Fatalf("thread %d not in the list just made: %v", self, o.tids)
	}
	// the list as a scan made before this thread began, at the same count
	if fd := o.stats[i]; fd >= 0 {
		unix.Close(fd)
	}
	o.tids, o.stats = slices.Delete(o.tids, i, i+1), slices.Delete(o.stats, i, i+1)
	if o.changed() {
		o.seen = o.count[0].Value.Uint64()
	}
	var r ThreadTimes
	if err := th.ReadFor(&r, self); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(r.TIDs, self) {
		t.Errorf("the reading left out the thread that took it (%d): %v", self, r.TIDs)
	}
}
