//go:build !amd64

package spin

import (
	"os"
	"strings"
)

// NonPreemptible says whether SpinN holds its P against preemption in
// this process. Outside amd64 the loop is Go, which asynchronous
// preemption interrupts unless GODEBUG=asyncpreemptoff=1 is set; tests
// that need a non-preemptible stretch should skip when this is false.
func NonPreemptible() bool {
	off := false
	for _, kv := range strings.Split(os.Getenv("GODEBUG"), ",") {
		if v, ok := strings.CutPrefix(kv, "asyncpreemptoff="); ok {
			off = v == "1" // the last setting wins, as in the runtime
		}
	}
	return off
}

var sink uint64

// spinN is a call-free Go loop: the compiler inserts no preemption check
// into loops, so only an asynchronous preemption signal can stop it. The
// store to sink keeps the loop from being optimised away.
func spinN(n uint64) {
	x := n
	for i := n; i > 0; i-- {
		x ^= i
	}
	sink = x
}
