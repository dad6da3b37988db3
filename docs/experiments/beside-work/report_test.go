package besidework

import (
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/pingpong"
)

// TestReport runs pingpong.Run on the freezer as the guard does and prints
// the figures the guard judges.
func TestReport(t *testing.T) {
	fn := clocked(freezer(envInt("K", 86)))
	c := pingpong.Codec{Name: "freezer", Marshal: func(any) ([]byte, error) { return []byte("null"), nil },
		Unmarshal: func([]byte, any) error { fn(); return nil }}
	spins.Store(0)
	spinNS.Store(0)
	calls.Store(0)
	overlaps.Store(0)
	callCPU.Store(0)
	callWait.Store(0)
	callWall.Store(0)
	var ru0, ru1 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	t0 := time.Now()
	rep, err := pingpong.Run(t.Context(), []byte("null"), []pingpong.Codec{c},
		pingpong.Options{Duration: time.Second, Warmup: 250 * time.Millisecond, Deadline: 30 * time.Second, Levels: levels()})
	if err != nil {
		t.Fatal(err)
	}
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(syscall.TimevalToNsec(ru1.Utime)-syscall.TimevalToNsec(ru0.Utime)) +
		time.Duration(syscall.TimevalToNsec(ru1.Stime)-syscall.TimevalToNsec(ru0.Stime))
	fmt.Fprintf(os.Stderr, "run %v wall, %v CPU (%.2f cores), %d freezer calls\n", time.Since(t0).Round(time.Millisecond), cpu.Round(time.Millisecond), cpu.Seconds()/time.Since(t0).Seconds(), calls.Load())
	fmt.Fprintf(os.Stderr, "spins %d, %v each on average, %d begun beside another\n", spins.Load(), time.Duration(spinNS.Load()/max(1, spins.Load())), overlaps.Load())
	fmt.Fprintf(os.Stderr, "calls: cpu %v wait %v wall %v: ran %.2f\n", time.Duration(callCPU.Load()), time.Duration(callWait.Load()), time.Duration(callWall.Load()), float64(callCPU.Load())/float64(callCPU.Load()+callWait.Load()))
	for _, name := range []string{"freezer", "control"} {
		r, _ := rep.Codec(name)
		fmt.Fprintf(os.Stderr, "%s answer=%s effect=%+.1f (%.1f to %.1f) frozen=%.1f%% ref=%.1f%% machine=%.1f%% ran=%.0f%% throttled=%.2f unprio=%v window=%v stops=%d waiting=%.1f%% late=%.1f%% rt=%d rt/s=%.1f\n",
			name, r.Answer, 100*r.Effect.Est, 100*r.Effect.Lo, 100*r.Effect.Hi, 100*r.Frozen, 100*r.RefFrozen, 100*r.Machine, 100*r.Ran, r.Throttled, r.Unprioritized, r.Window, r.Stops, 100*r.Waiting, 100*r.Late, r.RoundTrips, float64(r.RoundTrips)/r.Window.Seconds())
	}
}

// levels is LEVEL's pairs, or the default (GOMAXPROCS) when unset.
func levels() []int {
	if n := envInt("LEVEL", 0); n > 0 {
		return []int{int(n)}
	}
	return nil
}
