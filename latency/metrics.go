package latency

import (
	"encoding/json"
	"math"
	"runtime/metrics"
	"sync/atomic"
	"time"
)

// The runtime/metrics read around each window (names as of Go 1.26).
const (
	schedLatencies = "/sched/latencies:seconds"
	gcPauses       = "/sched/pauses/total/gc:seconds"
	gcStopping     = "/sched/pauses/stopping/gc:seconds"
	otherStopping  = "/sched/pauses/stopping/other:seconds"
	otherPauses    = "/sched/pauses/total/other:seconds"
	gcCycles       = "/gc/cycles/total:gc-cycles"
	gcCPU          = "/cpu/classes/gc/total:cpu-seconds"
	totalCPU       = "/cpu/classes/total:cpu-seconds"
	allocBytes     = "/gc/heap/allocs:bytes"
	allocObjects   = "/gc/heap/allocs:objects"
	heapObjects    = "/memory/classes/heap/objects:bytes"
)

// Buckets is a runtime/metrics histogram: Counts[i] values fell in
// [Bounds[i], Bounds[i+1]), in seconds. Bounds may start at -Inf and end at
// +Inf.
type Buckets struct {
	Counts []uint64
	Bounds []float64
}

// Snapshot is the runtime's cumulative counters at one instant, plus the
// process's CPU time.
type Snapshot struct {
	At                       time.Time
	SchedLatency, GCPauses   Buckets
	GCStopping               Buckets // time GC's stops of the world took to begin
	OtherStopping            Buckets // the same for every other stop (ReadMemStats, GOMAXPROCS, tracer, ...)
	OtherPauses              Buckets // the whole of those other stops, stopping included
	GCCycles                 uint64
	GCCPU, TotalCPU          float64 // cpu-seconds
	AllocBytes, AllocObjects uint64
	HeapObjects              uint64 // bytes in live and not yet swept objects
	User, Sys                time.Duration

	samples []metrics.Sample
}

// NewSnapshot allocates a snapshot and reads it once, so that its buffers
// exist and a later Read, inside a window, allocates nothing.
func NewSnapshot() *Snapshot {
	names := []string{schedLatencies, gcPauses, gcStopping, otherStopping, otherPauses, gcCycles, gcCPU, totalCPU, allocBytes, allocObjects, heapObjects}
	s := &Snapshot{samples: make([]metrics.Sample, len(names))}
	for i, n := range names {
		s.samples[i].Name = n
	}
	s.Read()
	return s
}

// Read refreshes the snapshot from the runtime and the kernel.
func (s *Snapshot) Read() {
	metrics.Read(s.samples)
	s.At = time.Now()
	s.User, s.Sys = processCPU()
	for _, m := range s.samples {
		switch m.Name {
		case schedLatencies:
			s.SchedLatency.copyFrom(m.Value)
		case gcPauses:
			s.GCPauses.copyFrom(m.Value)
		case gcStopping:
			s.GCStopping.copyFrom(m.Value)
		case otherStopping:
			s.OtherStopping.copyFrom(m.Value)
		case otherPauses:
			s.OtherPauses.copyFrom(m.Value)
		case gcCycles:
			s.GCCycles = uint64Of(m.Value)
		case gcCPU:
			s.GCCPU = float64Of(m.Value)
		case totalCPU:
			s.TotalCPU = float64Of(m.Value)
		case allocBytes:
			s.AllocBytes = uint64Of(m.Value)
		case allocObjects:
			s.AllocObjects = uint64Of(m.Value)
		case heapObjects:
			s.HeapObjects = uint64Of(m.Value)
		}
	}
}

// A metric this Go does not know reads as KindBad; it then counts as zero
// rather than panicking.
func uint64Of(v metrics.Value) uint64 {
	if v.Kind() != metrics.KindUint64 {
		return 0
	}
	return v.Uint64()
}

func float64Of(v metrics.Value) float64 {
	if v.Kind() != metrics.KindFloat64 {
		return 0
	}
	return v.Float64()
}

func (b *Buckets) copyFrom(v metrics.Value) {
	if v.Kind() != metrics.KindFloat64Histogram {
		b.Counts, b.Bounds = b.Counts[:0], nil
		return
	}
	h := v.Float64Histogram()
	b.Bounds = h.Buckets // the runtime never changes a bucket slice it handed out
	b.Counts = append(b.Counts[:0], h.Counts...)
}

// Runtime is what the runtime and the kernel say happened over a window.
type Runtime struct {
	Window       time.Duration `json:"window_ns"`     // between the two snapshots
	SchedLatency Distribution  `json:"sched_latency"` // time goroutines sat runnable before running
	GCPauses     Distribution  `json:"gc_pauses"`     // stop-the-world pauses for GC

	// Stopping latencies: from a stop-the-world's request until every P has
	// stopped, that is how long the slowest goroutine took to reach a safe
	// point. Code the runtime cannot preempt shows up here first. The
	// "other" stops include those an STWProbe forces, when one runs.
	GCStopping    Distribution `json:"gc_stopping"`
	OtherStopping Distribution `json:"other_stopping"`
	OtherPauses   Distribution `json:"other_pauses"` // the whole of the other stops, stopping included

	GCCycles      uint64        `json:"gc_cycles"`
	GCCPUFraction float64       `json:"gc_cpu_fraction"` // see Delta on when the runtime updates it
	AllocBytes    uint64        `json:"alloc_bytes"`
	AllocObjects  uint64        `json:"alloc_objects"`
	PeakHeap      uint64        `json:"peak_heap_bytes"` // sampled, so a lower bound
	UserCPU       time.Duration `json:"user_cpu_ns"`     // whole process
	SysCPU        time.Duration `json:"sys_cpu_ns"`
}

// Distribution summarises a runtime histogram's delta. The runtime keeps four
// buckets per power of two, and each figure is the upper bound of its
// bucket: at most 25% above the truth, never below it.
type Distribution struct {
	Count uint64        `json:"count"`
	Total time.Duration `json:"total_ns"`
	P50   time.Duration `json:"p50_ns"`
	P99   time.Duration `json:"p99_ns"`
	Max   time.Duration `json:"max_ns"`
	// Buckets are the delta's buckets that counted anything, smallest
	// first: the whole histogram, for a figure the summary does not give
	// (a safe size's independent check reads the runtime's own stops'
	// wait.p99 from them, docs/experiments/safe).
	Buckets []Bucket `json:"buckets,omitempty"`
}

// Bucket is one bucket of a runtime histogram: N values in [Lo, Hi), Hi
// the bucket's lower bound where its upper one is +Inf.
type Bucket struct {
	Lo, Hi time.Duration
	N      uint64
}

// MarshalJSON writes a bucket as [lo, hi, n], lo and hi in nanoseconds: a
// row holds a few dozen, and field names would double their size.
func (b Bucket) MarshalJSON() ([]byte, error) {
	return json.Marshal([3]int64{int64(b.Lo), int64(b.Hi), int64(b.N)})
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (b *Bucket) UnmarshalJSON(data []byte) error {
	v, err := numbers(data, "a runtime histogram's bucket is [lo, hi, n] in ns", 3)
	if err != nil {
		return err
	}
	b.Lo, b.Hi, b.N = time.Duration(v[0]), time.Duration(v[1]), uint64(v[2])
	return nil
}

// Delta is what changed from before to after. GC CPU time is the exception
// to "exact at both ends": the runtime updates /cpu/classes only when a GC
// cycle ends, so the fraction covers the cycles that ended in the window,
// over the time between the last updates before and inside it; with no GC
// cycle in the window it is 0.
func Delta(before, after *Snapshot) Runtime {
	r := Runtime{
		Window:        after.At.Sub(before.At),
		SchedLatency:  distribution(before.SchedLatency, after.SchedLatency),
		GCPauses:      distribution(before.GCPauses, after.GCPauses),
		GCStopping:    distribution(before.GCStopping, after.GCStopping),
		OtherStopping: distribution(before.OtherStopping, after.OtherStopping),
		OtherPauses:   distribution(before.OtherPauses, after.OtherPauses),
		GCCycles:      sub(after.GCCycles, before.GCCycles),
		AllocBytes:    sub(after.AllocBytes, before.AllocBytes),
		AllocObjects:  sub(after.AllocObjects, before.AllocObjects),
		PeakHeap:      max(before.HeapObjects, after.HeapObjects),
		UserCPU:       max(after.User-before.User, 0),
		SysCPU:        max(after.Sys-before.Sys, 0),
	}
	if total := after.TotalCPU - before.TotalCPU; total > 0 {
		r.GCCPUFraction = (after.GCCPU - before.GCCPU) / total
	}
	return r
}

func sub(a, b uint64) uint64 {
	if a < b {
		return 0
	}
	return a - b
}

// distribution subtracts two readings of one cumulative histogram bucket by
// bucket and reads the difference's figures.
func distribution(before, after Buckets) Distribution {
	if len(after.Counts) == 0 || len(after.Bounds) != len(after.Counts)+1 {
		return Distribution{}
	}
	var d Distribution
	for i, c := range after.Counts {
		if i < len(before.Counts) && len(before.Counts) == len(after.Counts) {
			c = sub(c, before.Counts[i])
		}
		d.Count += c
		if c > 0 {
			d.Max = bucketValue(after.Bounds, i)
			d.Total += time.Duration(c) * d.Max
			d.Buckets = append(d.Buckets, Bucket{Lo: bucketFloor(after.Bounds, i), Hi: d.Max, N: c})
		}
	}
	if d.Count == 0 {
		return Distribution{}
	}
	d.P50 = quantile(d.Buckets, d.Count, 0.50)
	d.P99 = quantile(d.Buckets, d.Count, 0.99)
	return d
}

// quantile is the value of the sample of nearest rank (nearestRank, the
// rule of Quantiles) of the n values in buckets, as its bucket's upper
// bound (Bucket.Hi); 0 without buckets.
func quantile(buckets []Bucket, n uint64, q float64) time.Duration {
	rank := uint64(nearestRank(q, int64(n)))
	var cum uint64
	for _, b := range buckets {
		cum += b.N
		if cum >= rank {
			return b.Hi
		}
	}
	if len(buckets) == 0 {
		return 0
	}
	return buckets[len(buckets)-1].Hi
}

// bucketValue is bucket i's upper bound, or its lower bound for the
// overflow bucket whose upper bound is +Inf.
func bucketValue(bounds []float64, i int) time.Duration {
	v := bounds[i+1]
	if math.IsInf(v, 1) {
		v = bounds[i]
	}
	if math.IsInf(v, 0) || v < 0 {
		return 0
	}
	return time.Duration(math.Round(v * 1e9))
}

// bucketFloor is bucket i's lower bound, in nanoseconds (0 for the
// bucket from -Inf).
func bucketFloor(bounds []float64, i int) time.Duration {
	v := bounds[i]
	if math.IsInf(v, 0) || v < 0 {
		return 0
	}
	return time.Duration(math.Round(v * 1e9))
}

// heapSampleEvery is how often the meter reads the heap's size during a
// window. Peaks come just before each GC, and sampling cannot catch them
// exactly; every 5ms costs one wake-up and one single-counter read of a few
// microseconds, small next to the probe's one wake-up per millisecond.
const heapSampleEvery = 5 * time.Millisecond

// RuntimeMeter watches a window, or several intervals of one (the slices
// of an interleaved level): a snapshot at each end of every interval, and
// a goroutine sampling the heap's size in between for its peak. Stop
// returns the figures of every interval so far, as if they were one.
type RuntimeMeter struct {
	before, after *Snapshot
	sum           Snapshot      // every interval's change added up
	window        time.Duration // the intervals' lengths added up
	heap          []metrics.Sample
	peak          atomic.Uint64
	stop, done    chan struct{}
}

// NewRuntimeMeter allocates everything the window will need, before it
// opens.
func NewRuntimeMeter() *RuntimeMeter {
	m := &RuntimeMeter{
		before: NewSnapshot(), after: NewSnapshot(),
		heap: []metrics.Sample{{Name: heapObjects}},
	}
	metrics.Read(m.heap)
	return m
}

// Start opens an interval: the first snapshot, then the heap sampler.
func (m *RuntimeMeter) Start() {
	m.before.Read()
	m.stop, m.done = make(chan struct{}), make(chan struct{})
	go m.sampleHeap(m.stop, m.done)
}

func (m *RuntimeMeter) sampleHeap(stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(heapSampleEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			metrics.Read(m.heap)
			if v := uint64Of(m.heap[0].Value); v > m.peak.Load() {
				m.peak.Store(v) // this goroutine is the only writer
			}
		}
	}
}

// Stop closes the interval with the second snapshot and returns the
// figures of every interval since the meter was made.
func (m *RuntimeMeter) Stop() Runtime {
	m.after.Read()
	close(m.stop)
	<-m.done
	m.sum.add(m.before, m.after)
	m.window += m.after.At.Sub(m.before.At)
	m.peak.Store(max(m.peak.Load(), m.before.HeapObjects, m.after.HeapObjects))
	var zero Snapshot
	m.sum.At = zero.At.Add(m.window)
	r := Delta(&zero, &m.sum)
	r.PeakHeap = m.peak.Load()
	return r
}

// add adds the change from before to after to s, a sum of changes.
func (s *Snapshot) add(before, after *Snapshot) {
	s.SchedLatency.add(before.SchedLatency, after.SchedLatency)
	s.GCPauses.add(before.GCPauses, after.GCPauses)
	s.GCStopping.add(before.GCStopping, after.GCStopping)
	s.OtherStopping.add(before.OtherStopping, after.OtherStopping)
	s.OtherPauses.add(before.OtherPauses, after.OtherPauses)
	s.GCCycles += sub(after.GCCycles, before.GCCycles)
	s.GCCPU += after.GCCPU - before.GCCPU
	s.TotalCPU += after.TotalCPU - before.TotalCPU
	s.AllocBytes += sub(after.AllocBytes, before.AllocBytes)
	s.AllocObjects += sub(after.AllocObjects, before.AllocObjects)
	s.User += max(after.User-before.User, 0)
	s.Sys += max(after.Sys-before.Sys, 0)
}

// add adds the change of one histogram from before to after, bucket by
// bucket; the runtime never changes a histogram's buckets.
func (b *Buckets) add(before, after Buckets) {
	if len(after.Bounds) != len(after.Counts)+1 || len(before.Counts) != len(after.Counts) {
		return
	}
	if len(b.Counts) != len(after.Counts) {
		b.Counts, b.Bounds = make([]uint64, len(after.Counts)), after.Bounds
	}
	for i, c := range after.Counts {
		b.Counts[i] += sub(c, before.Counts[i])
	}
}
