package machine

import (
	"slices"
	"time"

	"github.com/pingpong-bench/pingpong/results"
)

// FreshPagesMB is the size of the copy FreshPages times: 32 MB, the big
// string of the issue that found the cost (a 32 MiB copy into fresh pages
// took 16-94 ms on the project's VM, into touched pages about 2 ms), and
// large enough that the copy's own start-up is lost in it.
const FreshPagesMB = 32

// freshTries is how many copies of each kind are timed; the median is
// told.
const freshTries = 5

// FreshPages measures the machine's cost of faulting in fresh memory: the
// same copy of mb MB into pages just mapped from the OS (each one a page
// fault and the kernel's zeroing) and into pages already touched, per MB,
// the median of a few tries. The runtime's memmove of a big string into a
// heap the OS took back pays the first figure, and cannot be preempted
// while it does.
func FreshPages(mb int) results.FreshPages {
	fp := results.FreshPages{MB: mb, Tries: freshTries}
	if mb <= 0 {
		fp.Err = "no size"
		return fp
	}
	size := mb << 20
	src := make([]byte, size)
	for i := range src {
		src[i] = byte(i)
	}
	touched := make([]byte, size)
	copy(touched, src) // faults its pages in
	var fresh, warm []time.Duration
	for range freshTries {
		d, err := copyIntoFresh(src)
		if err != nil {
			fp.Err = err.Error()
			return fp
		}
		fresh = append(fresh, d)
		start := time.Now()
		copy(touched, src)
		warm = append(warm, time.Since(start))
	}
	fp.Samples = slices.Clone(fresh)
	slices.Sort(fresh)
	slices.Sort(warm)
	fp.Fresh = fresh[len(fresh)/2] / time.Duration(mb)
	fp.Touched = warm[len(warm)/2] / time.Duration(mb)
	fp.Note = hugePagesNote()
	return fp
}
