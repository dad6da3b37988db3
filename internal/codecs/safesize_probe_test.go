package codecs

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bytedance/sonic"

	"github.com/pingpong-bench/pingpong/datasets"
)

// An independent check of a safe size the pingpong command found, with
// nothing of its harness: a loop that calls runtime.ReadMemStats (a stop of
// the world) every 10ms beside two goroutines decoding and encoding a
// document of the shape. At twice the safe size the p99 of the stops' waits
// is over the budget, at half of it under.
//
// The waits judged are the runtime's own record of each stop, and the
// loop's late starts past 30ms of slack as stops that waited that long
// (the budget's rule: a program that could not run the loop could not ask
// for a stop either), not a timing of the call: /sched/pauses/stopping/other:seconds, read as a histogram's
// delta around the loop, holds for each stop that is not the GC's (here,
// the loop's ReadMemStats alone) the time from the stop's start until
// every P stopped, which is what a codec that cannot be preempted holds
// up. A plain timing of ReadMemStats adds to it the time the loop's
// goroutine waits for the runtime's worldsema, held through the GC's own
// stops, and then for a P behind the busy goroutines (up to a 10ms slice
// of the scheduler each): with std on citm-catalog it read a p99 of 11ms,
// though std never holds a stop. The test logs that raw duration beside,
// with the GC's own stops' waits (/sched/pauses/stopping/gc:seconds) and
// how late the loop ran past its ticks.
//
// It measures, so it runs only when asked: PINGPONG_SAFE_SIZE is the
// codec's safe size in bytes (the command's "sonic up to ~N" line);
// PINGPONG_SAFE_SIZE_CODEC the codec, sonic (default) or std;
// PINGPONG_SAFE_SIZE_SHAPE the shape (long-string by default; any
// SHAPE of SHAPE:SIZE, grow:SOURCE included); PINGPONG_BUDGET the budget
// (default 10ms). A check of the tool, not of the code: never part of
// the suite's answer.
func TestSafeSizeHoldsInAnIndependentProbe(t *testing.T) {
	size, err := strconv.ParseFloat(os.Getenv("PINGPONG_SAFE_SIZE"), 64)
	if err != nil || size <= 0 {
		t.Skip("a measurement, run only when asked: set PINGPONG_SAFE_SIZE to a codec's safe size in bytes (the pingpong command's \"sonic up to ~N\"), and optionally PINGPONG_SAFE_SIZE_CODEC (sonic or std), PINGPONG_SAFE_SIZE_SHAPE (long-string) and PINGPONG_BUDGET (10ms)")
	}
	budget := 10 * time.Millisecond
	if b := os.Getenv("PINGPONG_BUDGET"); b != "" {
		if budget, err = time.ParseDuration(b); err != nil {
			t.Fatalf("PINGPONG_BUDGET: %v", err)
		}
	}
	codec, ok := probeCodecs[cmp.Or(os.Getenv("PINGPONG_SAFE_SIZE_CODEC"), "sonic")]
	if !ok {
		t.Fatalf("PINGPONG_SAFE_SIZE_CODEC %q: sonic or std", os.Getenv("PINGPONG_SAFE_SIZE_CODEC"))
	}
	shape := cmp.Or(os.Getenv("PINGPONG_SAFE_SIZE_SHAPE"), "long-string")
	for _, tc := range []struct {
		factor float64
		over   bool
	}{{2, true}, {0.5, false}} {
		name := fmt.Sprintf("%s:%dkB", shape, int(tc.factor*size/1000))
		p := probe(t, codec, name, 3*time.Second)
		t.Logf("%s (%.1fx the safe size): %s", name, tc.factor, p)
		if p.stops.n() == 0 {
			t.Errorf("%s: the runtime recorded no stop", name)
			continue
		}
		over, maybe, n := p.overBudget(budget)
		// the p99 is over the budget when more than the 1% above it are
		allowed := n - uint64(math.Ceil(0.99*float64(n)))
		switch want := map[bool]string{true: "over", false: "under"}[tc.over]; {
		case tc.over && over <= allowed, !tc.over && maybe > allowed:
			t.Errorf("%s (%.1fx the safe size): %d to %d of %d stops over the budget of %v (the p99 allows %d), want the p99 %s it", name, tc.factor, over, maybe, n, budget, allowed, want)
		}
	}
}

// Slack is how late the loop may start past its tick before the time
// counts as a stop: what a woken goroutine may wait behind busy ones on a
// preemptible program: the running goroutine's slice and the collector's
// mark worker's (verdict.ProbeSlack, which this check does not import).
const slack = 30 * time.Millisecond

// overBudget counts the stops that waited over budget, as the budget's
// rule counts them: every stop the runtime recorded, and every start of
// the loop later than slack past its tick as a stop that waited what it
// was late beyond slack (the program could not run a goroutine, so it
// could not even ask for a stop: a codec that holds every P starves the
// loop of the very stops that would show it). over are the stops sure to
// be over (the runtime's buckets are a quarter of a power of two wide),
// maybe adds those in the bucket that holds the budget, n is how many
// there are in all.
func (p probed) overBudget(budget time.Duration) (over, maybe, n uint64) {
	for i, c := range p.stops.counts {
		lo, hi := seconds(p.stops.buckets[i]), seconds(p.stops.buckets[i+1])
		switch {
		case lo >= budget:
			over += c
		case hi > budget:
			maybe += c
		}
	}
	n = p.stops.n()
	for _, l := range p.late {
		if l > slack {
			n++
			if l-slack > budget {
				over++
			}
		}
	}
	return over, over + maybe, n
}

// probeCodecs are the codecs the probe can run, each a round trip of a
// document: decode into any, encode the result.
var probeCodecs = map[string]func([]byte) ([]byte, error){
	"sonic": func(b []byte) ([]byte, error) {
		var v any
		if err := sonic.Unmarshal(b, &v); err != nil {
			return nil, err
		}
		return sonic.Marshal(v)
	},
	"std": func(b []byte) ([]byte, error) {
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			return nil, err
		}
		return json.Marshal(v)
	},
}

// probed is what one probe saw: the runtime's record of the stops' waits
// (the loop's and the GC's) over the loop, and the loop's own timings.
type probed struct {
	stops, gc  histDelta
	calls      int
	raw, late  []time.Duration // each ReadMemStats call's duration; how late it began past its tick
	window     time.Duration
	roundTrips int64
}

func (p probed) String() string {
	q := func(h histDelta) string {
		lo, hi := h.quantile(0.99)
		return fmt.Sprintf("p99 in [%v, %v) of %d", lo, hi, h.n())
	}
	return fmt.Sprintf("stops' waits by the runtime %s (for %d ReadMemStats calls); GC's own stops %s; ReadMemStats's raw duration p99 %v; the loop began up to %v late past its tick (p99); %d round trips over %v",
		q(p.stops), p.calls, q(p.gc), p99(p.raw), p99(p.late), p.roundTrips, p.window.Round(time.Millisecond))
}

// probe calls ReadMemStats every 10ms over window beside two goroutines
// ping-ponging input through codec, and reads the runtime's record of the
// stops around the loop.
func probe(t *testing.T, codec func([]byte) ([]byte, error), input string, window time.Duration) probed {
	t.Helper()
	in, err := datasets.Load(input, datasets.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	var stop atomic.Bool
	var trips atomic.Int64
	done := make(chan error, 2)
	for range 2 {
		go func() {
			b := in.Data
			for !stop.Load() {
				out, err := codec(b)
				if err != nil {
					done <- err
					return
				}
				b = out
				trips.Add(1)
			}
			done <- nil
		}()
	}
	time.Sleep(300 * time.Millisecond)
	var p probed
	before := readStops()
	start, n0 := time.Now(), trips.Load()
	var ms runtime.MemStats
	tick := time.NewTicker(10 * time.Millisecond)
	for time.Since(start) < window {
		due := <-tick.C // the time the tick was due
		s := time.Now()
		runtime.ReadMemStats(&ms)
		p.raw = append(p.raw, time.Since(s))
		p.late = append(p.late, s.Sub(due))
	}
	tick.Stop()
	after := readStops()
	p.window, p.roundTrips, p.calls = time.Since(start), trips.Load()-n0, len(p.raw)
	stop.Store(true)
	for range 2 {
		if err := <-done; err != nil {
			t.Fatalf("%s: %v", input, err)
		}
	}
	p.stops, p.gc = after[0].minus(before[0]), after[1].minus(before[1])
	return p
}

// stopMetrics are the runtime's histograms of how long stops of the world
// took to stop every P: the others (ReadMemStats's among them), the GC's.
var stopMetrics = []string{"/sched/pauses/stopping/other:seconds", "/sched/pauses/stopping/gc:seconds"}

func readStops() []histDelta {
	samples := make([]metrics.Sample, len(stopMetrics))
	for i, name := range stopMetrics {
		samples[i].Name = name
	}
	metrics.Read(samples)
	out := make([]histDelta, len(samples))
	for i, s := range samples {
		if s.Value.Kind() != metrics.KindFloat64Histogram {
			panic("runtime/metrics: no " + s.Name)
		}
		h := s.Value.Float64Histogram()
		out[i] = histDelta{counts: slices.Clone(h.Counts), buckets: h.Buckets}
	}
	return out
}

// histDelta is a runtime/metrics histogram: counts[i] values in
// [buckets[i], buckets[i+1]) seconds.
type histDelta struct {
	counts  []uint64
	buckets []float64
}

func (h histDelta) minus(o histDelta) histDelta {
	d := histDelta{counts: slices.Clone(h.counts), buckets: h.buckets}
	for i := range d.counts {
		d.counts[i] -= o.counts[i]
	}
	return d
}

func (h histDelta) n() uint64 {
	var n uint64
	for _, c := range h.counts {
		n += c
	}
	return n
}

// quantile is the bucket that holds quantile q, [lo, hi): the runtime
// records a stop in buckets a quarter of a power of two wide.
func (h histDelta) quantile(q float64) (lo, hi time.Duration) {
	n := h.n()
	if n == 0 {
		return 0, 0
	}
	rank := uint64(math.Ceil(q * float64(n)))
	var sum uint64
	for i, c := range h.counts {
		if sum += c; sum >= rank {
			return seconds(h.buckets[i]), seconds(h.buckets[i+1])
		}
	}
	return 0, 0
}

func seconds(s float64) time.Duration {
	switch {
	case math.IsInf(s, -1) || s < 0:
		return 0
	case math.IsInf(s, 1):
		return time.Duration(math.MaxInt64)
	}
	return time.Duration(s * 1e9)
}

func p99(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)*99/100]
}

// The runtime's histogram read as a delta: the bucket of a quantile.
func TestHistDeltaQuantile(t *testing.T) {
	before := histDelta{counts: []uint64{5, 0, 0, 0}, buckets: []float64{math.Inf(-1), 0.001, 0.002, 0.004, math.Inf(1)}}
	after := histDelta{counts: []uint64{5, 98, 1, 1}, buckets: before.buckets}
	d := after.minus(before)
	if d.n() != 100 {
		t.Fatalf("%d values in the delta, want 100", d.n())
	}
	for _, c := range []struct {
		q      float64
		lo, hi time.Duration
	}{{0.5, time.Millisecond, 2 * time.Millisecond}, {0.99, 2 * time.Millisecond, 4 * time.Millisecond}, {1, 4 * time.Millisecond, math.MaxInt64}} {
		if lo, hi := d.quantile(c.q); lo != c.lo || hi != c.hi {
			t.Errorf("quantile %g in [%v, %v), want [%v, %v)", c.q, lo, hi, c.lo, c.hi)
		}
	}
}

// The budget's count: the runtime's stops by bucket (sure over, or in the
// bucket that holds the budget), and the loop's late starts past the
// slack as stops of what they were late beyond it.
func TestOverBudgetCountsLateStarts(t *testing.T) {
	ms := time.Millisecond
	p := probed{
		stops: histDelta{counts: []uint64{90, 3, 2}, buckets: []float64{0, 0.008, 0.012, 0.016}},
		late:  []time.Duration{ms, 15 * ms, slack + 5*ms, slack + 25*ms},
	}
	// 95 stops; the third late start is 5ms past the slack (a stop under
	// the budget), the fourth 25ms (over)
	over, maybe, n := p.overBudget(10 * ms)
	if over != 3 || maybe != 6 || n != 97 {
		t.Errorf("over %d, maybe %d, n %d; want 3 (2 stops in [12ms, 16ms) and the start 25ms late past the slack), 6 (and [8ms, 12ms)), 97", over, maybe, n)
	}
}
