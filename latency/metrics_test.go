package latency

import (
	"encoding/json"
	"math"
	"reflect"
	"runtime"
	"testing"
	"time"
)

// Bounds in seconds: underflow, [0,1ms), [1ms,2ms), [2ms,4ms), [4ms,8ms), overflow.
var testBounds = []float64{math.Inf(-1), 0, 0.001, 0.002, 0.004, 0.008, math.Inf(1)}

func TestDeltaSubtractsHistogramsBucketByBucket(t *testing.T) {
	before := &Snapshot{
		At:           time.Unix(100, 0),
		SchedLatency: Buckets{Counts: []uint64{0, 50, 7, 3, 1, 0}, Bounds: testBounds},
		GCPauses:     Buckets{Counts: []uint64{0, 4, 0, 0, 0, 0}, Bounds: testBounds},
		GCCycles:     10, GCCPU: 1.0, TotalCPU: 10.0,
		AllocBytes: 1000, AllocObjects: 10, HeapObjects: 5000,
		User: time.Second, Sys: 100 * time.Millisecond,
	}
	// 100 new samples: 90 in [0,1ms), 8 in [1ms,2ms), 1 in [4ms,8ms), 1 overflow.
	// 3 new pauses: 2 in [1ms,2ms), 1 in [2ms,4ms).
	after := &Snapshot{
		At:           time.Unix(102, 0),
		SchedLatency: Buckets{Counts: []uint64{0, 140, 15, 3, 2, 1}, Bounds: testBounds},
		GCPauses:     Buckets{Counts: []uint64{0, 4, 2, 1, 0, 0}, Bounds: testBounds},
		GCCycles:     13, GCCPU: 1.5, TotalCPU: 14.0,
		AllocBytes: 4000, AllocObjects: 40, HeapObjects: 7000,
		User: 3 * time.Second, Sys: 400 * time.Millisecond,
	}
	got := Delta(before, after)
	want := Runtime{
		Window: 2 * time.Second,
		// rank 50 falls in [0,1ms) -> 1ms; rank 99 in [4ms,8ms) -> 8ms;
		// the highest sample is in the overflow bucket -> its lower bound.
		// Every bucket that counted anything is kept, the overflow one as
		// [its lower bound, its lower bound).
		SchedLatency: Distribution{Count: 100, P50: time.Millisecond, P99: 8 * time.Millisecond, Max: 8 * time.Millisecond,
			Total:   90*time.Millisecond + 8*2*time.Millisecond + 8*time.Millisecond + 8*time.Millisecond,
			Buckets: []Bucket{{0, time.Millisecond, 90}, {time.Millisecond, 2 * time.Millisecond, 8}, {4 * time.Millisecond, 8 * time.Millisecond, 1}, {8 * time.Millisecond, 8 * time.Millisecond, 1}}},
		GCPauses: Distribution{Count: 3, P50: 2 * time.Millisecond, P99: 4 * time.Millisecond, Max: 4 * time.Millisecond, Total: 8 * time.Millisecond,
			Buckets: []Bucket{{time.Millisecond, 2 * time.Millisecond, 2}, {2 * time.Millisecond, 4 * time.Millisecond, 1}}},
		GCCycles:      3,
		GCCPUFraction: 0.125,
		AllocBytes:    3000,
		AllocObjects:  30,
		PeakHeap:      7000,
		UserCPU:       2 * time.Second,
		SysCPU:        300 * time.Millisecond,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Delta:\n got  %+v\n want %+v", got, want)
	}
}

func TestDeltaOfEmptyWindow(t *testing.T) {
	s := &Snapshot{SchedLatency: Buckets{Counts: []uint64{0, 5, 0, 0, 0, 0}, Bounds: testBounds}, GCCPU: 1, TotalCPU: 2}
	got := Delta(s, s)
	if !reflect.DeepEqual(got.SchedLatency, Distribution{}) || got.GCCPUFraction != 0 {
		t.Errorf("nothing happened, yet Delta says %+v", got)
	}
}

func TestQuantileRank(t *testing.T) {
	buckets := []Bucket{{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {3, 4, 1}} // 1ns wide buckets, values 1..4
	for _, c := range []struct {
		q    float64
		want time.Duration
	}{{0, 1}, {0.25, 1}, {0.26, 2}, {0.5, 2}, {0.75, 3}, {0.99, 4}, {1, 4}} {
		if got := quantile(buckets, 4, c.q); got != c.want {
			t.Errorf("q=%v: %v, want %v", c.q, got, c.want)
		}
	}
}

// A runtime histogram's quantile takes the rank Quantiles takes, float
// error included: 0.07*100 is 7.000000000000001, rank 7, not 8.
func TestQuantileRankIsFloatSafe(t *testing.T) {
	buckets := make([]Bucket, 100) // 1ns wide buckets, values 1..100, one sample each
	for i := range buckets {
		buckets[i] = Bucket{Lo: time.Duration(i), Hi: time.Duration(i + 1), N: 1}
	}
	if got := quantile(buckets, 100, 0.07); got != 7 {
		t.Errorf("q=0.07 of 1..100: %v, want 7ns", got)
	}
}

// The live meter must see what the window did: here, allocations.
func TestRuntimeMeterSeesAllocations(t *testing.T) {
	m := NewRuntimeMeter()
	m.Start()
	var keep [][]byte
	for i := 0; i < 1000; i++ {
		keep = append(keep, make([]byte, 1024))
	}
	runtime.KeepAlive(keep)
	r := m.Stop()
	// The runtime counts small allocations when a P's cached span is
	// swapped, so the last few may not show yet.
	if r.AllocObjects < 900 || r.AllocBytes < 900*1024 {
		t.Errorf("allocated 1000 x 1 KiB, meter says %d objects, %d bytes", r.AllocObjects, r.AllocBytes)
	}
	if r.Window <= 0 || r.PeakHeap == 0 {
		t.Errorf("window %v, peak heap %d", r.Window, r.PeakHeap)
	}
}

// The stop-the-world histograms go through the same subtraction and
// quantile rule as the others, each into its own field.
func TestDeltaOfStopTheWorldHistograms(t *testing.T) {
	before := &Snapshot{
		GCStopping:    Buckets{Counts: []uint64{0, 10, 0, 0, 0, 0}, Bounds: testBounds},
		OtherStopping: Buckets{Counts: []uint64{0, 3, 1, 0, 0, 0}, Bounds: testBounds},
		OtherPauses:   Buckets{Counts: []uint64{0, 2, 1, 1, 0, 0}, Bounds: testBounds},
	}
	// GC: 2 new stops in [0,1ms). Other: 1 in [1ms,2ms), 1 in [4ms,8ms)
	// (a goroutine that would not yield); their whole pauses a bit longer,
	// one of them past the last finite bound.
	after := &Snapshot{
		GCStopping:    Buckets{Counts: []uint64{0, 12, 0, 0, 0, 0}, Bounds: testBounds},
		OtherStopping: Buckets{Counts: []uint64{0, 3, 2, 0, 1, 0}, Bounds: testBounds},
		OtherPauses:   Buckets{Counts: []uint64{0, 2, 1, 2, 0, 1}, Bounds: testBounds},
	}
	got := Delta(before, after)
	ms := time.Millisecond
	if want := (Distribution{Count: 2, Total: 2 * ms, P50: ms, P99: ms, Max: ms, Buckets: []Bucket{{0, ms, 2}}}); !reflect.DeepEqual(got.GCStopping, want) {
		t.Errorf("GCStopping %+v, want %+v", got.GCStopping, want)
	}
	if want := (Distribution{Count: 2, Total: 10 * ms, P50: 2 * ms, P99: 8 * ms, Max: 8 * ms, Buckets: []Bucket{{ms, 2 * ms, 1}, {4 * ms, 8 * ms, 1}}}); !reflect.DeepEqual(got.OtherStopping, want) {
		t.Errorf("OtherStopping %+v, want %+v", got.OtherStopping, want)
	}
	if want := (Distribution{Count: 2, Total: 12 * ms, P50: 4 * ms, P99: 8 * ms, Max: 8 * ms, Buckets: []Bucket{{2 * ms, 4 * ms, 1}, {8 * ms, 8 * ms, 1}}}); !reflect.DeepEqual(got.OtherPauses, want) {
		t.Errorf("OtherPauses %+v, want %+v", got.OtherPauses, want)
	}
	if !reflect.DeepEqual(got.GCPauses, Distribution{}) || !reflect.DeepEqual(got.SchedLatency, Distribution{}) {
		t.Errorf("stop-the-world figures leaked into other fields: %+v", got)
	}
}

// A forced stop of the world must show in the live "other" histograms.
func TestRuntimeMeterSeesForcedStop(t *testing.T) {
	m := NewRuntimeMeter()
	m.Start()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	r := m.Stop()
	if r.OtherStopping.Count < 1 || r.OtherPauses.Count < 1 {
		t.Errorf("ReadMemStats stopped the world, meter says stopping %+v, pauses %+v", r.OtherStopping, r.OtherPauses)
	}
}

// A runtime histogram's bucket travels in -json as [lo, hi, n], and comes
// back the same.
func TestBucketJSON(t *testing.T) {
	roundTrip(t, []Bucket{{Lo: 8 * time.Millisecond, Hi: 10 * time.Millisecond, N: 3}, {Lo: 0, Hi: time.Microsecond, N: 1}},
		"[[8000000,10000000,3],[0,1000,1]]", `[[1,2]]`)
}

// roundTrip checks that in marshals as want and reads back the same, and
// that bad does not read.
func roundTrip[T any](t *testing.T, in []T, want, bad string) {
	t.Helper()
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != want {
		t.Errorf("%s, want %s", b, want)
	}
	var out []T
	if err := json.Unmarshal(b, &out); err != nil || !reflect.DeepEqual(out, in) {
		t.Errorf("%v, %v", out, err)
	}
	if err := json.Unmarshal([]byte(bad), &out); err == nil {
		t.Errorf("%s was read", bad)
	}
}
