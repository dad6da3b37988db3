package spin

import (
	"testing"
	"time"
)

// Spin must last about as long as asked. Only a loose lower bound is
// checked: a shared machine stretches it, never shortens it, but the CPU's
// clock may run faster than during calibration.
func TestSpinLastsAboutAsAsked(t *testing.T) {
	SpinN(0) // nothing to do, and must not hang
	Spin(0)
	const d = 10 * time.Millisecond
	t0 := time.Now()
	Spin(d)
	if el := time.Since(t0); el < d/2 {
		t.Errorf("Spin(%v) took %v", d, el)
	}
	if n := Iterations(d); n == 0 || Iterations(2*d) < n {
		t.Errorf("Iterations(%v) = %d, Iterations(%v) = %d", d, n, 2*d, Iterations(2*d))
	}
}
