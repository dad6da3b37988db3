package load

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/retry"
	"github.com/pingpong-bench/pingpong/results"
)

// stalling sleeps on every every-th Unmarshal call and is otherwise
// instant. With one pair, calls alternate echo, pinger, echo, ...: the
// 100th, 200th, ... call is the pinger's own untimed decode, so each stall
// falls between two round trips, where a closed loop cannot see it.
type stalling struct {
	every int64
	stall time.Duration
	calls atomic.Int64
}

func (s *stalling) Unmarshal(_ []byte, v any) error {
	if n := s.calls.Add(1); n%s.every == 0 {
		time.Sleep(s.stall)
	}
	*(v.(*any)) = "x"
	return nil
}

func (s *stalling) Marshal(any) ([]byte, error) { return []byte(`"x"`), nil }

// At 2000 round trips/s (one due every 500us) a 2ms stall holds up the
// three or four round trips due during it. Timed from their intended start
// they show it; timed from their actual send they do not. A busy machine
// can lift a single uncorrected sample, so it gets three tries.
func TestOpenLoopCorrectsCoordinatedOmission(t *testing.T) {
	const stall = 2 * time.Millisecond
	var tries []string
	for try := 0; try < 3; try++ {
		c := &stalling{every: 100, stall: stall}
		lr, err := RunLevelOpen(context.Background(), c, []byte(`"x"`), nil, 1, 2000, Watch{Warmup: 50 * time.Millisecond, Duration: 500 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		corr := time.Duration(lr.Hist.ValueAtPercentile(99.9))
		uncorr := time.Duration(lr.Uncorrected.ValueAtPercentile(99.9))
		t.Logf("n=%d late=%d p99.9 corrected %v, uncorrected %v", lr.N, lr.Late, corr, uncorr)
		if lr.N < 500 || lr.Hist.TotalCount() != lr.N || lr.Uncorrected.TotalCount() != lr.N {
			t.Fatalf("n=%d, histograms %d and %d: want about 1000 round trips in both", lr.N, lr.Hist.TotalCount(), lr.Uncorrected.TotalCount())
		}
		if lr.Late == 0 {
			t.Fatalf("no round trip started late, yet the pinger stalled %v every 50 round trips", stall)
		}
		if corr >= stall*3/4 && uncorr <= corr/2 {
			return
		}
		tries = append(tries, fmt.Sprintf("corrected %v, uncorrected %v", corr, uncorr))
	}
	t.Errorf("p99.9 (%s): want the corrected one at least %v and twice the uncorrected one", strings.Join(tries, "; "), stall*3/4)
}

// slow takes d on every decode, so a round trip takes at least 2d.
type slow struct{ d time.Duration }

func (s slow) Unmarshal(_ []byte, v any) error {
	time.Sleep(s.d)
	*(v.(*any)) = "x"
	return nil
}

func (s slow) Marshal(any) ([]byte, error) { return []byte(`"x"`), nil }

func TestOpenLoopReportsAchievedAgainstRequestedRate(t *testing.T) {
	p := codecs.Prepared{Entry: codecs.Entry{Name: "slow"}, Codec: slow{2 * time.Millisecond}, Bin: []byte(`"x"`)}
	for _, tc := range []struct {
		name      string
		rate      float64
		total     bool
		pairs     int
		requested float64
	}{
		{"per pair", 10000, false, 1, 10000},
		{"total across pairs", 50000, true, 2, 50000},
		{"per pair, two pairs", 10000, false, 2, 20000},
	} {
		cfg := results.Config{Rate: tc.rate, RateTotal: tc.total, Warmup: 20 * time.Millisecond, Duration: 200 * time.Millisecond}
		r, _ := RunScenario(context.Background(), SpecOf(cfg, cfg.Stall), results.Scenario{Codec: "slow", Mode: results.ModeEncdec, Pairs: tc.pairs}, p)
		if r.Err != "" {
			t.Fatalf("%s: %s", tc.name, r.Err)
		}
		if r.RequestedRate != tc.requested {
			t.Errorf("%s: requested %v/s, want %v/s", tc.name, r.RequestedRate, tc.requested)
		}
		// A round trip is two decodes of at least 2ms each: 250/s per pair at best.
		most := 250 * float64(tc.pairs)
		if want := float64(r.N) / r.Window.Seconds(); math.Abs(r.AchievedRate-want) > 1e-9*want || r.AchievedRate <= 0 || r.AchievedRate > most {
			t.Errorf("%s: achieved %v/s; n=%d over %v is %v/s, and at most %v/s is possible", tc.name, r.AchievedRate, r.N, r.Window, want, most)
		}
		if !r.Saturated() {
			t.Errorf("%s: achieved %v/s of %v/s requested is not reported as saturated", tc.name, r.AchievedRate, r.RequestedRate)
		}
		if r.Late < r.N-int64(tc.pairs) {
			t.Errorf("%s: late %d of %d: behind schedule, every round trip after the first starts late", tc.name, r.Late, r.N)
		}
		if r.Uncorrected.N != r.N || r.Latency.P50 < r.Uncorrected.P50 {
			t.Errorf("%s: uncorrected n=%d p50=%v, corrected n=%d p50=%v: want the same round trips, corrected no shorter",
				tc.name, r.Uncorrected.N, r.Uncorrected.P50, r.N, r.Latency.P50)
		}
	}
}

func TestOpenLoopBelowSaturationKeepsTheRate(t *testing.T) {
	c, bin := baselineFor(t, `[1]`)
	p := codecs.Prepared{Entry: codecs.Entry{Name: results.Baseline, Reference: true}, Codec: c, Bin: bin}
	cfg := results.Config{Rate: 400, RateTotal: true, Warmup: 20 * time.Millisecond, Duration: 300 * time.Millisecond}
	// A pinger a busy machine leaves unscheduled misses its sends: a try
	// may lose to a neighbour.
	retry.Three(t, func() error {
		r, _ := RunScenario(context.Background(), SpecOf(cfg, cfg.Stall), results.Scenario{Codec: results.Baseline, Mode: results.ModeEncdec, Pairs: 2}, p)
		if r.Err != "" {
			t.Fatal(r.Err)
		}
		// 120 due in the window; the one in flight at its end may be dropped.
		if r.Saturated() || r.N < 118 || r.N > 122 {
			return fmt.Errorf("n=%d achieved %v/s of %v/s: want the schedule kept", r.N, r.AchievedRate, r.RequestedRate)
		}
		return nil
	})
}

func TestPairRate(t *testing.T) {
	if got := (results.Config{Rate: 5000, RateTotal: true}).PairRate(4); got != 1250 {
		t.Errorf("total 5000/s over 4 pairs: %v per pair, want 1250", got)
	}
	if got := (results.Config{Rate: 500}).PairRate(4); got != 500 {
		t.Errorf("500 per pair: %v, want 500", got)
	}
}

// The schedule starts afresh when the window opens: a backlog a saturated
// codec built during warmup is not timed in the window, so the corrected
// latency does not grow with -warmup.
func TestOpenLoopWarmupBacklogStaysOutOfTheWindow(t *testing.T) {
	p := codecs.Prepared{Entry: codecs.Entry{Name: "slow"}, Codec: slow{2 * time.Millisecond}, Bin: []byte(`"x"`)}
	p50 := func(warmup time.Duration) time.Duration {
		cfg := results.Config{Rate: 400, Warmup: warmup, Duration: 200 * time.Millisecond}
		r, _ := RunScenario(context.Background(), SpecOf(cfg, cfg.Stall), results.Scenario{Codec: "slow", Mode: results.ModeEncdec, Pairs: 1}, p)
		if r.Err != "" || r.N == 0 {
			t.Fatalf("warmup %v: err %q n %d", warmup, r.Err, r.N)
		}
		return r.Latency.P50
	}
	retry.Three(t, func() error {
		short, long := p50(50*time.Millisecond), p50(400*time.Millisecond)
		// With the backlog carried over, 400ms of warmup at 400/s against
		// at most 250/s would add about 150ms to every round trip.
		if float64(long) > 1.6*float64(short) {
			return fmt.Errorf("corrected p50 %v after 400ms of warmup against %v after 50ms: the warmup's backlog was timed", long, short)
		}
		return nil
	})
}

// The open-loop floor is the baseline codec on the run's schedule: it
// exists, and its corrected latency counts every round trip it ran.
func TestCalibrateOpen(t *testing.T) {
	cfg := results.Config{Rate: 200, Levels: []results.Level{{Spec: "1", Pairs: 1}, {Spec: "4", Pairs: 4}}}
	floor, err := CalibrateOpen(context.Background(), 200*time.Millisecond, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if floor.Pairs != 4 || floor.Rate != 800 || floor.Latency.N == 0 || floor.SendDelay.N == 0 {
		t.Fatalf("floor %+v: want 4 pairs at 800/s with latency and send delay measured", floor)
	}
}
