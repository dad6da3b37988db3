// Package cold measures a codec's first calls in the process it runs in:
// the first decode of a document into a target, the first encode of what
// it decoded, the second of each and the steady state, with what the first
// call allocated and the stops of the world it delayed. It is meant for a
// fresh worker process (internal/worker starts one per sample), which has
// done no JSON work with the codec before Measure: a codec that compiles
// per type (sonic's JIT, goccy's opcodes) pays that here.
package cold

import (
	"errors"
	"fmt"
	"reflect"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/internal/machine"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// Job is what one fresh process measures.
type Job struct {
	Target string        `json:"target"`   // any, struct or a type of the build
	Steady int           `json:"steady"`   // later calls whose median is the steady state
	STW    time.Duration `json:"stw_ns"`   // the stop-the-world probe's interval (0: off)
	Probe  time.Duration `json:"probe_ns"` // the sleep probe's interval (0: off)
	Warm   bool          `json:"warm"`     // run the codec's warm-up (Entry.Warm) first, timed
	// Type, when set, is the target's Go type in place of Target's name:
	// a program's own type, which no name of the build resolves to
	// (pingpongtest's first-call guard of a codec with New).
	Type reflect.Type `json:"-"`
}

// DefaultSteady is how many calls after the second give the steady
// state's median: enough for one slow call (a GC) not to count.
const DefaultSteady = 5

// DefaultProbe is the sleep probe's interval beside a call, the main
// run's: a goroutine that sleeps 1ms and records how late it woke.
const DefaultProbe = time.Millisecond

// DefaultSTW is the probe's interval beside a first call: a first call
// takes a few milliseconds, so the main run's 10ms would often force no
// stop at all during it.
const DefaultSTW = time.Millisecond

// TargetType is the Go type target names on in, nil for any. It does not
// decode anything: a fit check with encoding/json would warm encoding/json
// on the type in the very process that measures its first call. The
// parent checks the fit (codecs.InputTargets) before it starts the process.
func TargetType(in *datasets.Input, target string) (reflect.Type, error) {
	switch target {
	case "", results.TargetAny:
		return nil, nil
	case results.TargetStruct:
		if t, ok := datasets.TargetType(in.Name); ok {
			return t, nil
		}
		return nil, fmt.Errorf("%s has no struct type", in.Name)
	}
	if t, ok := codecs.TypeNamed(target); ok {
		return t, nil
	}
	return nil, fmt.Errorf("%s is not a decode target of this build", target)
}

// Measure runs job for codec im on in, in this process.
func Measure(im codecs.Entry, in *datasets.Input, job Job) (s results.ColdSample) {
	defer func() {
		if r := recover(); r != nil {
			s = results.ColdSample{Err: fmt.Sprintf("panic: %v", r)}
		}
	}()
	t := job.Type
	if t == nil {
		var err error
		if t, err = TargetType(in, job.Target); err != nil {
			return results.ColdSample{Err: err.Error()}
		}
	}
	c, err := newCodec(im, in, t)
	if err != nil {
		return results.ColdSample{Err: err.Error()}
	}
	// The process's start-up garbage (reading the job: the input twice
	// over) is not the first call's to collect, and its pages go back to
	// the OS: a fresh process has no free heap already faulted in, so the
	// first call's allocations land in fresh pages, as they would there.
	// A warm-up runs after it, as a program's at start-up does, and leaves
	// its own freed pages to the first call, as it would there too (freed
	// after the warm-up, they made the first call after it fault in what
	// the warm-up had already faulted in).
	debug.FreeOSMemory()
	if job.Warm {
		if im.Warm == nil {
			return results.ColdSample{Err: im.Name + " has no warm-up"}
		}
		if t == nil {
			return results.ColdSample{Err: "a warm-up compiles for a type: it needs a typed target (-target struct)"}
		}
		start := time.Now()
		err := im.Warm(t)
		s.WarmUp = time.Since(start)
		if err != nil {
			return results.ColdSample{Err: fmt.Sprintf("warm-up: %v", err)}
		}
	}
	m := newMeter(job.STW, job.Probe)
	newTarget := func() any { return new(any) }
	if t != nil {
		newTarget = func() any { return reflect.New(t).Interface() }
	}
	// what the encode is given: the decoded value as a program holds it
	// (the map or slice for any, the *T for a struct)
	value := func(p any) any {
		if t == nil {
			return *(p.(*any))
		}
		return p
	}
	var v any
	decode := func() (err error) {
		p := newTarget()
		err = c.Unmarshal(in.Data, p)
		v = value(p)
		return err
	}
	encode := func() error { _, err := c.Marshal(v); return err }
	if s.Decode, err = m.call(decode); err != nil {
		return results.ColdSample{Err: fmt.Sprintf("first decode: %v", err)}
	}
	if s.Encode, err = m.call(encode); err != nil {
		return results.ColdSample{Err: fmt.Sprintf("first encode: %v", err)}
	}
	second, err := m.call(decode)
	if err != nil {
		return results.ColdSample{Err: fmt.Sprintf("second decode: %v", err)}
	}
	s.Decode2 = second.Time
	if second, err = m.call(encode); err != nil {
		return results.ColdSample{Err: fmt.Sprintf("second encode: %v", err)}
	}
	s.Encode2 = second.Time
	n := max(job.Steady, 1)
	var dec, enc []results.ColdCall
	for range n {
		d, err := m.call(decode)
		if err != nil {
			return results.ColdSample{Err: fmt.Sprintf("steady decode: %v", err)}
		}
		e, err := m.call(encode)
		if err != nil {
			return results.ColdSample{Err: fmt.Sprintf("steady encode: %v", err)}
		}
		dec, enc = append(dec, d), append(enc, e)
	}
	s.SteadyDecode, s.SteadyEncode = median(dec), median(enc)
	return s
}

// newCodec builds im for in; control is as busy as encoding/json's steady
// decode into t, as in the main run.
func newCodec(im codecs.Entry, in *datasets.Input, t reflect.Type) (codecs.Codec, error) {
	if im.Name == results.Control {
		return codecs.NewControlFor(in.Data, t)
	}
	if im.Check != nil {
		if err := im.Check(); err != nil {
			return nil, err
		}
	}
	if im.New == nil {
		return nil, errors.New(im.Name + " cannot be built")
	}
	return im.New(in.Data)
}

// median is the call of median time, with that call's own bytes and
// stops.
func median(calls []results.ColdCall) results.ColdCall {
	s := slices.Clone(calls)
	slices.SortFunc(s, func(a, b results.ColdCall) int { return int(a.Time - b.Time) })
	return s[len(s)/2]
}

// meter times one call with the stop-the-world probe beside it and reads
// the runtime's allocation counters around it.
type meter struct {
	probe         *latency.STWProbe // nil: no probe
	others        *machine.Others   // the machine's other work over a call, beside the probe
	sleep         time.Duration     // the sleep probe's interval; 0: none
	interval      time.Duration     // the probe's
	before, after []metrics.Sample
	seen          int           // stops the probe had recorded before this call
	watched       time.Duration // the probe's turns before this call, laid end to end (latency.Stop.At's clock)
}

// probeWindow is what the probe's records are sized for, so that they
// grow inside no call they watch: a few seconds of first calls.
const probeWindow = 10 * time.Second

const (
	allocBytes   = "/gc/heap/allocs:bytes"
	allocObjects = "/gc/heap/allocs:objects"
)

func newMeter(stw, sleep time.Duration) *meter {
	m := &meter{sleep: sleep, interval: stw,
		before: []metrics.Sample{{Name: allocBytes}, {Name: allocObjects}},
		after:  []metrics.Sample{{Name: allocBytes}, {Name: allocObjects}},
	}
	if stw > 0 {
		m.probe = latency.NewSTWProbe(stw, probeWindow)
		m.others = machine.NewOthers()
	}
	return m
}

func (m *meter) call(f func() error) (results.ColdCall, error) {
	var sleeper *latency.Probe // a probe each call, since its histogram only grows
	if m.sleep > 0 {
		sleeper = latency.NewProbe(m.sleep)
		sleeper.Start()
	}
	probeStart := time.Now() // at or before the probe's own start: the call's end on its clock is no earlier than read here
	if m.probe != nil {
		m.others.Start()
		m.probe.Start()
	}
	metrics.Read(m.before)
	start := time.Now()
	err := f()
	d := time.Since(start)
	metrics.Read(m.after)
	c := results.ColdCall{Time: d,
		Bytes:  m.after[0].Value.Uint64() - m.before[0].Value.Uint64(),
		Allocs: m.after[1].Value.Uint64() - m.before[1].Value.Uint64()}
	if m.probe != nil {
		// A stop the call held to its very end completes just after it,
		// and the probe drops a stop it has not recorded yet when it
		// stops, as a window drops its last round trip: one interval's
		// grace lets the probe's thread record it, even when the machine
		// is slow to run it again. Only the stops asked for while the call
		// ran are the call's.
		time.Sleep(m.interval)
		m.probe.Stop()
		if n, took := m.others.Stop(); n != nil {
			m.probe.Account(took)
		}
		end := m.watched + start.Sub(probeStart) + d
		turns := m.probe.Turns()
		last := turns[len(turns)-1]
		m.watched += last.Window
		if last.Split && last.Ran > 0 {
			c.Ran = last.RanShare()
		}
		stops := m.probe.Stops()
		for _, st := range stops[m.seen:] {
			if st.At > end {
				continue // asked for in the grace
			}
			c.Stops.Count++
			c.Stops.Longest = max(c.Stops.Longest, st.Begin)
			c.Stops.Held = max(c.Stops.Held, st.Hold) // Begin where not split
			c.Stops.Sum += st.Begin
		}
		m.seen = len(stops)
		c.Stops.Split = last.Split
	}
	if sleeper != nil {
		h := sleeper.Stop()
		c.Late = results.ColdLate{Count: h.TotalCount(), Longest: time.Duration(h.Max())}
	}
	return c, err
}
