package latency

import (
	"time"
)

// What held a stop of the world, as Culprit.Kind says it.
const (
	// A goroutine kept running, without reaching a safe point, well after
	// the stop was requested: assembly, JIT code, a huge memmove.
	KindNonPreemptible = "non-preemptible"
	// The stop was one of the garbage collector's own.
	KindGC = "gc"
	// The goroutine the stop waited on left its P by entering a system call.
	KindSyscall = "syscall"
	// Goroutines were waiting for a P when the stop began.
	KindCPU = "cpu"
	// Nothing in the trace explains the stop.
	KindNone = "none"
)

// Culprit says what one stop of the world waited on, as read from an
// execution trace (package latency/flight does the reading; this type stays
// free of the trace parser so that every user of latency need not link it).
type Culprit struct {
	// Stall is how long the stop took to begin: from its start until the
	// last goroutine that was running when it started left its P. With no
	// such goroutine it is the whole stop, an upper bound.
	Stall time.Duration `json:"stall_ns"`
	// Stop is the whole stop of the world: stopping, the work done with the
	// world stopped, and starting it again.
	Stop time.Duration `json:"stop_ns"`
	Kind string        `json:"kind"` // one of the Kind constants
	// What is the stop's name in the trace, for example
	// "stop-the-world (read mem stats)" or "stop-the-world (GC mark termination)".
	What string `json:"what"`
	// Goroutine is the one the stop waited on last, 0 if none.
	Goroutine uint64 `json:"goroutine,omitempty"`
	// Frame is the function where that goroutine finally stopped: the first
	// frame of its stack outside the runtime (which adds frames such as
	// runtime.asyncPreempt, runtime.Gosched or a morestack on the way).
	Frame string `json:"frame,omitempty"`
	// Stack is that goroutine's whole stack when it stopped, innermost
	// first, runtime frames included, as "function file:line".
	Stack []string `json:"stack,omitempty"`
	// At is when the stop began, from the start of the trace.
	At time.Duration `json:"at_ns"`
	// Wall is when the stop began by the wall clock; zero if the trace does
	// not say (traces before Go 1.25).
	Wall time.Time `json:"wall,omitzero"`
}
