package spin

// NonPreemptible says whether SpinN holds its P against preemption in
// this process: always on amd64, where the loop is assembly.
func NonPreemptible() bool { return true }

// spinN is a loop of n iterations in assembly (spin_amd64.s): no calls, no
// stack check, no safe point. n must be > 0.
//
//go:noescape
func spinN(n uint64)
