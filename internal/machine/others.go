package machine

import (
	"time"

	"github.com/pingpong-bench/pingpong/latency"
)

// Others measures what the machine's other work took over a window:
// others' CPU time and the hypervisor's steal (latency.NoiseMeter), and
// the time a cgroup's quota throttled the process (Throttle). It is what
// a probe's turn bounds the program's shortfall by
// (latency.STWProbe.Account) to say how much of the CPU its goroutines
// wanted the program got.
type Others struct {
	noise    *latency.NoiseMeter
	throttle *Throttle
}

// NewOthers prepares a meter; the exclude processes' CPU is not counted
// as others' (latency.NewNoiseMeter).
func NewOthers(exclude ...int) *Others {
	return &Others{noise: latency.NewNoiseMeter(exclude...), throttle: NewThrottle()}
}

// Start opens the window.
func (o *Others) Start() {
	o.noise.Start()
	if o.throttle != nil {
		o.throttle.Start()
	}
}

// Stop closes the window: what others took (nil where the system does
// not say), its ThrottledCores filled in, and the machine's time over the
// window, in CPU time, that Account takes.
func (o *Others) Stop() (*latency.Noise, time.Duration) {
	n := o.noise.Stop()
	if n == nil {
		return nil, 0
	}
	if o.throttle != nil && n.Window > 0 {
		n.ThrottledCores = o.throttle.Stop().Seconds() / n.Window.Seconds()
	}
	return n, time.Duration((n.OthersCores + n.StealCores + n.ThrottledCores) * float64(n.Window))
}
