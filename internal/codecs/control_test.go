package codecs

import (
	"bytes"
	"reflect"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

func newControl(t *testing.T, name string) (control, []byte) {
	t.Helper()
	in, err := datasets.Load(name, datasets.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	doc := in.Data
	c, err := NewControl(doc)
	if err != nil {
		t.Fatal(err)
	}
	return c.(control), doc
}

// control hands back what baseline does, the prepared value and bytes, so
// that its round trips pass the check and its messages keep one shape.
func TestControlRoundTrips(t *testing.T) {
	c, doc := newControl(t, "twitter")
	bin, mismatch, err := Check(c, doc)
	if err != nil || mismatch != "" {
		t.Fatalf("check: err %v, mismatch %s", err, mismatch)
	}
	var v any
	if err := c.Unmarshal(bin, &v); err != nil || !reflect.DeepEqual(v, c.value) {
		t.Errorf("Unmarshal: %v; want the prepared value", err)
	}
	if out, err := c.Marshal(v); err != nil || !bytes.Equal(out, c.bytes) {
		t.Errorf("Marshal: %v; want the prepared bytes", err)
	}
	im, ok := Lookup(results.Control)
	if !ok || !im.Reference || !results.IsReference(im.Name) {
		t.Errorf("registry: %+v, %v; want control registered as a reference doing no JSON work", im, ok)
	}
}

// The work is calibrated on encoding/json's decode and encode of the
// document: a document some fifty times larger takes many times the
// iterations, and a batch of k documents k times the iterations of one.
func TestControlWorkScalesWithTheDocument(t *testing.T) {
	small, _ := newControl(t, "small-doc")
	large, doc := newControl(t, "citm-catalog")
	t.Logf("small-doc %d B: %d decode, %d encode iterations; citm-catalog %d B: %d, %d",
		len(small.bytes), small.decodeIters, small.encodeIters, len(doc), large.decodeIters, large.encodeIters)
	if small.decodeIters == 0 || small.encodeIters == 0 {
		t.Fatalf("small-doc: %d decode, %d encode iterations; want some work", small.decodeIters, small.encodeIters)
	}
	if ratio := len(large.bytes) / len(small.bytes); ratio < 20 {
		t.Fatalf("citm-catalog is only %dx small-doc: the test needs a larger gap", ratio)
	}
	// a few times, not the ratio of sizes: each figure is a median of a
	// timing on a shared machine
	if large.decodeIters < 4*small.decodeIters || large.encodeIters < 4*small.encodeIters {
		t.Errorf("citm-catalog's work (%d, %d) is not well above small-doc's (%d, %d)",
			large.decodeIters, large.encodeIters, small.decodeIters, small.encodeIters)
	}
	b := small.batch(3).(control)
	if b.decodeIters != 3*small.decodeIters || b.encodeIters != 3*small.encodeIters {
		t.Errorf("a batch of 3: %d, %d iterations; want 3x %d, %d", b.decodeIters, b.encodeIters, small.decodeIters, small.encodeIters)
	}
}

// The runtime preempts control's loop: on one P, a stop of the world
// (ReadMemStats) begins and ends while an Unmarshal of a good hundred
// milliseconds of work is still running, where a non-preemptible one would
// hold it until the loop returned.
func TestControlIsPreemptible(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	c, _ := newControl(t, "small-doc")
	c.decodeIters = uint64(300e6 * loopRate()) // about 300ms of work
	var running, done atomic.Bool
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		running.Store(true)
		var v any
		_ = c.Unmarshal(nil, &v)
		done.Store(true)
	}()
	for !running.Load() {
		runtime.Gosched()
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms) // stops the world: needs the loop preempted
	stillRunning := !done.Load()
	<-finished
	if !stillRunning {
		t.Error("the stop of the world waited for the control's Unmarshal to return: the loop was not preempted")
	}
}

// Under a struct target control is timed on encoding/json decoding into
// that type, as the codecs beside it decode: a type the document does not
// fit is an error that names it, and a struct run's control is one.
func TestControlForATarget(t *testing.T) {
	in, err := datasets.Load("twitter", datasets.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewControlFor(in.Data, reflect.TypeFor[[]int]()); err == nil || !strings.Contains(err.Error(), "[]int") {
		t.Errorf("a target the document does not fit: err %v, want one naming []int", err)
	}
	typ, ok := datasets.TargetType("twitter")
	if !ok {
		t.Skip("no struct type for twitter")
	}
	c, err := NewControlFor(in.Data, typ)
	if err != nil {
		t.Fatal(err)
	}
	if ctl := c.(control); ctl.decodeIters == 0 || ctl.encodeIters == 0 {
		t.Errorf("control for %v: %d and %d iterations", typ, ctl.decodeIters, ctl.encodeIters)
	}
}

// Busy lasts about as long as asked: at least a good part of it, since
// the loop's rate is its fastest.
func TestBusyLasts(t *testing.T) {
	busy := Busy(20 * time.Millisecond)
	t0 := time.Now()
	busy()
	if d := time.Since(t0); d < 10*time.Millisecond {
		t.Errorf("Busy(20ms) took %v", d)
	}
}
