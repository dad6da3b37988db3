package verdict

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
)

// simulated draws rounds of a codec's and a reference's 100ms stretches:
// the codec freezes the program 10-40ms in a stretch with probability
// freeze, else 0-2ms, like the reference; with probability 0.1 a round
// falls in a burst of the machine's other processes that adds 0-20ms to
// both. Each stretch holds 10 stops, of which the codec's are long with
// probability longC, the reference's with 0.02. The true difference is
// freeze*(25-1)/100 points frozen and longC-0.02 of the stops.
func simulated(rng *rand.Rand, rounds int, freeze, longC float64) (codec, ref []latency.Stretch) {
	ms := func(x float64) time.Duration { return time.Duration(x * float64(time.Millisecond)) }
	binom := func(p float64) (k int64) {
		for range 10 {
			if rng.Float64() < p {
				k++
			}
		}
		return k
	}
	for range rounds {
		burst := 0.0
		if rng.Float64() < 0.1 {
			burst = 20 * rng.Float64()
		}
		c := 2 * rng.Float64()
		if rng.Float64() < freeze {
			c = 10 + 30*rng.Float64()
		}
		codec = append(codec, latency.Stretch{Window: 100 * time.Millisecond, Waited: ms(c + burst), Weight: 10, Stops: 10, Long: binom(longC)})
		ref = append(ref, latency.Stretch{Window: 100 * time.Millisecond, Waited: ms(2*rng.Float64() + burst), Weight: 10, Stops: 10, Long: binom(0.02)})
	}
	return codec, ref
}

// The 95% interval holds the true difference in at least 90% of 200
// simulated runs, of 20 rounds (a 2s window of 100ms turns) and of 8.
func TestEffectIntervalCoverage(t *testing.T) {
	for _, rounds := range []int{20, 8} {
		const sims, freeze, longC = 200, 0.3, 0.15
		trueFrozen, trueTail := freeze*(25-1)/100, longC-0.02
		rng := rand.New(rand.NewPCG(7, uint64(rounds)))
		var frozenIn, tailIn int
		for range sims {
			c, r := simulated(rng, rounds, freeze, longC)
			e, ok := EffectOf(c, r, true)
			if !ok || !e.Paired() || e.Units != rounds {
				t.Fatalf("effect %+v, ok %v: want paired over %d rounds", e, ok, rounds)
			}
			if e.Frozen.Lo <= trueFrozen && trueFrozen <= e.Frozen.Hi {
				frozenIn++
			}
			if e.Tail.Lo <= trueTail && trueTail <= e.Tail.Hi {
				tailIn++
			}
		}
		t.Logf("%d rounds: frozen covered %d of %d, tail %d of %d", rounds, frozenIn, sims, tailIn, sims)
		if frozenIn < sims*9/10 || tailIn < sims*9/10 {
			t.Errorf("%d rounds: the 95%% interval held the true difference %d (frozen) and %d (tail) times of %d, want at least %d", rounds, frozenIn, tailIn, sims, sims*9/10)
		}
	}
}

// The estimate is the difference of the pooled shares, and the interval
// holds it; stretches of unequal counts are paired as far as both go;
// the time the probe could not ask counts only when late is asked for.
func TestEffectOf(t *testing.T) {
	ms := time.Millisecond
	codec := []latency.Stretch{
		{Window: 100 * ms, Waited: 10 * ms, KeptOut: 20 * ms, Weight: 12, Stops: 10, Long: 5}, // the gap weighs as 2 stops, but is none
		{Window: 100 * ms, Waited: 2 * ms, Weight: 10, Stops: 10, Long: 1},
		{Window: 200 * ms, Waited: 8 * ms, Weight: 20, Stops: 20, Long: 0},
	}
	ref := []latency.Stretch{{Window: 100 * ms, Waited: ms, Weight: 10, Stops: 10}, {Window: 100 * ms, Waited: ms, Weight: 10, Stops: 10}}
	e, ok := EffectOf(codec, ref, false)
	if !ok || !e.Paired() || e.Units != 2 {
		t.Fatalf("%+v, %v: want an effect paired over 2 rounds, the codec's third stretch on its own", e, ok)
	}
	// codec: 20ms of 400ms = 5%, 6 of its 40 recorded stops long (the
	// share the >10ms column shows); reference: 1%, none
	if d := e.Frozen.Est - 0.04; d > 1e-12 || d < -1e-12 {
		t.Errorf("frozen %.4f, want 0.04", e.Frozen.Est)
	}
	if d := e.Tail.Est - 0.15; d > 1e-12 || d < -1e-12 {
		t.Errorf("tail %.4f, want 0.15", e.Tail.Est)
	}
	for _, iv := range []Interval{e.Frozen, e.Tail} {
		if !(iv.Lo <= iv.Est && iv.Est <= iv.Hi) || iv.Lo == iv.Hi {
			t.Errorf("interval %+v does not hold its estimate, or has no width", iv)
		}
	}
	late, _ := EffectOf(codec, ref, true)
	if d := late.Frozen.Est - 0.09; d > 1e-12 || d < -1e-12 {
		t.Errorf("with late: frozen %.4f, want 0.09", late.Frozen.Est)
	}
	if _, ok := EffectOf(codec, nil, true); ok {
		t.Error("an effect against no stretches")
	}
}
