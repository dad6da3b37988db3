package flight

import (
	"encoding/json"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/latency"
)

// The cost of the two observers, the STW probe and the flight recorder, is
// measured here the same way, on the harness's bare round trip: pairs of
// goroutines bouncing a message over unbuffered channels: bare (the
// baseline codec, minus its bookkeeping), the load on which an observer's
// cost shows most, and with encoding/json working on a small document.
//
// On a shared 2-core machine two separate ping-pong runs differ by tens of
// percent (goroutine placement on Ps, other processes), far more than the
// 2% to resolve. So one ping-pong runs throughout, and its throughput is
// read over short windows that alternate off, on, off, on, ..., off; each
// on-window is compared with the mean of the off-windows either side, which
// cancels drift, and the loss reported is the median over on-windows. Run
// with enough windows:
//
//	go test -run '^$' -bench Cost -benchtime 100x ./latency/flight/

// counter is one pair's round trips, alone on its cache line so that pairs
// do not slow each other down by counting.
type counter struct {
	n atomic.Int64
	_ [56]byte
}

type pingPong struct {
	counts []counter
	stop   atomic.Bool
	wg     sync.WaitGroup
}

// load is what the echo does with each message: nothing (the bare round
// trip, where an observer's cost shows most), or a real codec's work.
type load struct {
	name string
	msg  []byte
	echo func([]byte) []byte
}

// A small document (about 1 KB) through encoding/json into any and back:
// round trips of some tens of microseconds, a mid-size codec row.
var loads = []load{
	{name: "bare", msg: make([]byte, 64), echo: func(b []byte) []byte { return b }},
	{name: "json-1KB", msg: smallDoc(), echo: func(b []byte) []byte {
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			panic(err)
		}
		out, err := json.Marshal(v)
		if err != nil {
			panic(err)
		}
		return out
	}},
}

func smallDoc() []byte {
	type item struct {
		ID    int      `json:"id"`
		Name  string   `json:"name"`
		Tags  []string `json:"tags"`
		Price float64  `json:"price"`
	}
	items := make([]item, 10)
	for i := range items {
		items[i] = item{ID: i, Name: fmt.Sprintf("item number %d", i), Tags: []string{"a", "bb", "ccc"}, Price: float64(i) * 1.25}
	}
	b, err := json.Marshal(map[string]any{"items": items, "count": len(items)})
	if err != nil {
		panic(err)
	}
	return b
}

func startPingPong(pairs int, l load) *pingPong {
	pp := &pingPong{counts: make([]counter, pairs)}
	msg := l.msg
	for i := range pairs {
		ping, pong := make(chan []byte), make(chan []byte)
		go func() {
			for b := range ping {
				pong <- l.echo(b)
			}
		}()
		pp.wg.Go(func() {
			for !pp.stop.Load() {
				ping <- msg
				<-pong
				pp.counts[i].n.Add(1)
			}
			close(ping)
		})
	}
	return pp
}

func (pp *pingPong) total() int64 {
	var n int64
	for i := range pp.counts {
		n += pp.counts[i].n.Load()
	}
	return n
}

// rate is round trips per second over the next d.
func (pp *pingPong) rate(d time.Duration) float64 {
	n0, t0 := pp.total(), time.Now()
	time.Sleep(d)
	return float64(pp.total()-n0) / time.Since(t0).Seconds()
}

func (pp *pingPong) end() {
	pp.stop.Store(true)
	pp.wg.Wait()
}

// benchmarkCost runs b.N on-windows, each with start's observer running
// (it returns the function that stops it), between off-windows. Starting
// and stopping fall between windows, so what is measured is the observer's
// running cost.
func benchmarkCost(b *testing.B, pairs int, l load, window time.Duration, start func(i int) (stop func())) {
	pp := startPingPong(pairs, l)
	defer pp.end()
	time.Sleep(window) // let it settle
	off := pp.rate(window)
	var sumOn, sumOff float64
	losses := make([]float64, 0, b.N)
	for i := 0; i < b.N; i++ {
		stop := start(i)
		on := pp.rate(window)
		stop()
		next := pp.rate(window)
		losses = append(losses, 100*(1-on/((off+next)/2)))
		sumOn, sumOff = sumOn+on, sumOff+off
		off = next
	}
	b.ReportMetric(sumOff/float64(b.N), "rt/s-off")
	b.ReportMetric(sumOn/float64(b.N), "rt/s-on")
	b.ReportMetric(latency.Median(losses), "loss-%")
}

// forEachLevel runs f for each load at one pair and at one pair per P
// (the Nx row).
func forEachLevel(b *testing.B, f func(b *testing.B, pairs int, l load)) {
	for _, l := range loads {
		for _, pairs := range []int{1, runtime.GOMAXPROCS(0)} {
			b.Run(fmt.Sprintf("load=%s/pairs=%d", l.name, pairs), func(b *testing.B) { f(b, pairs, l) })
		}
	}
}

// BenchmarkSTWProbeCost: the STW probe stopping the world every 10ms.
func BenchmarkSTWProbeCost(b *testing.B) {
	forEachLevel(b, func(b *testing.B, pairs int, l load) {
		// Probes are made up front: each holds two histograms, whose
		// allocation inside the run would bring GC cycles into it.
		probes := make([]*latency.STWProbe, b.N)
		for i := range probes {
			probes[i] = latency.NewSTWProbe(10*time.Millisecond, 0)
		}
		runtime.GC()
		b.ResetTimer()
		benchmarkCost(b, pairs, l, 100*time.Millisecond, func(i int) func() {
			probes[i].Start()
			return func() { probes[i].Stop() }
		})
	})
}

// BenchmarkRecorderCost: the flight recorder running with its defaults.
func BenchmarkRecorderCost(b *testing.B) {
	forEachLevel(b, func(b *testing.B, pairs int, l load) {
		benchmarkCost(b, pairs, l, 200*time.Millisecond, func(int) func() {
			rec, err := Start(Config{})
			if err != nil {
				b.Fatal(err)
			}
			return rec.Stop
		})
	})
}

// BenchmarkNothingCost is the A/A check: nothing turned on in the
// on-windows, so its loss-% shows what the method cannot resolve.
func BenchmarkNothingCost(b *testing.B) {
	forEachLevel(b, func(b *testing.B, pairs int, l load) {
		benchmarkCost(b, pairs, l, 100*time.Millisecond, func(int) func() { return func() {} })
	})
}
