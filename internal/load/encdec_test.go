package load

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/results"
)

func baselineFor(t testing.TB, doc string) (codecs.Codec, []byte) {
	t.Helper()
	c, err := codecs.NewBaseline([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	bin, _, err := codecs.Check(c, []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return c, bin
}

func TestRunLevelBaselineCountsMatchHistogram(t *testing.T) {
	c, bin := baselineFor(t, `{"a":[1,2,3],"b":"x"}`)
	for _, pairs := range []int{1, 2, 4, MaxHistograms + 3} { // the last shares histograms
		lr, err := RunLevel(context.Background(), c, bin, pairs, 20*time.Millisecond, 100*time.Millisecond)
		if err != nil {
			t.Fatalf("%d pairs: %v", pairs, err)
		}
		if lr.N <= 0 {
			t.Fatalf("%d pairs: n = %d, want > 0", pairs, lr.N)
		}
		if got := lr.Hist.TotalCount(); got != lr.N {
			t.Errorf("%d pairs: histogram holds %d samples, n = %d", pairs, got, lr.N)
		}
		if lr.Window < 100*time.Millisecond || lr.Partial || lr.Slices != 1 {
			t.Errorf("%d pairs: window %v partial %v in %d slices, want one whole slice of at least 100ms", pairs, lr.Window, lr.Partial, lr.Slices)
		}
	}
}

// sleepy is a codec whose echo-side Unmarshal takes a known time and logs when each
// call started and ended, so the test can tell which round trips fell
// inside the measured window.
type sleepy struct {
	d     time.Duration
	mu    sync.Mutex
	calls [][2]time.Time // Unmarshal start, Marshal end, in call order
}

func (s *sleepy) Unmarshal(_ []byte, v any) error {
	start := time.Now()
	s.mu.Lock()
	echo := len(s.calls)%2 == 0
	s.mu.Unlock()
	if echo { // only the echo works, so round trips follow back to back
		time.Sleep(s.d) // and each window boundary falls inside one
	}
	s.mu.Lock()
	s.calls = append(s.calls, [2]time.Time{start})
	s.mu.Unlock()
	*(v.(*any)) = "x"
	return nil
}

func (s *sleepy) Marshal(any) ([]byte, error) {
	s.mu.Lock()
	s.calls[len(s.calls)-1][1] = time.Now()
	s.mu.Unlock()
	return []byte(`"x"`), nil
}

// A level cancelled in its window is partial and keeps what ran. The
// cancel comes once warmup is over (which a loaded machine may stretch
// past any fixed time), so the window has begun.
func TestRunLevelCancelledIsPartial(t *testing.T) {
	c, bin := baselineFor(t, `[1]`)
	l := OpenLevel(context.Background(), c, bin, nil, 2, Watch{Warmup: 50 * time.Millisecond}, false)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, _ = l.Slice(ctx, time.Hour) // Close returns the error
	lr, err := l.Close()
	if err != nil {
		t.Fatal(err)
	}
	if !lr.Partial || lr.Window <= 0 || lr.Window > time.Second {
		t.Fatalf("partial %v window %v: want a partial window of about 100ms", lr.Partial, lr.Window)
	}
	if lr.N == 0 || lr.Hist.TotalCount() != lr.N {
		t.Fatalf("n %d, histogram %d", lr.N, lr.Hist.TotalCount())
	}
}

type failing struct{ after int }

func (f *failing) Marshal(any) ([]byte, error) { return []byte(`1`), nil }
func (f *failing) Unmarshal(_ []byte, v any) error {
	f.after--
	if f.after < 0 {
		panic("boom")
	}
	return nil
}

func TestRunLevelCodecPanicIsAnError(t *testing.T) {
	_, err := RunLevel(context.Background(), &failing{after: 5}, []byte(`1`), 1, 0, time.Second)
	if err == nil {
		t.Fatal("a codec that panics must fail its level")
	}
}

// A codec failing mid-window costs the rest of the window, not what was
// measured before: the row keeps its histogram and its real n, beside the
// error. Each round trip is two decodes here (echo and pinger).
func TestRunLevelFailingMidWindowKeepsWhatCompleted(t *testing.T) {
	lr, err := RunLevel(context.Background(), &failing{after: 41}, []byte(`1`), 1, 0, 500*time.Millisecond)
	if err == nil {
		t.Fatal("want the codec's error")
	}
	if lr.N != 20 || lr.Hist == nil || lr.Hist.TotalCount() != 20 {
		t.Fatalf("n %d, histogram kept %v: want the 20 round trips before the failure", lr.N, lr.Hist != nil)
	}
}

func TestRunPassFailingMidWindowKeepsWhatCompleted(t *testing.T) {
	pr, err := RunPass(context.Background(), &failing{after: 31}, []byte(`1`), results.ModeDecode, 1, Watch{Warmup: 0, Duration: 500 * time.Millisecond, Probe: time.Millisecond})
	if err == nil {
		t.Fatal("want the codec's error")
	}
	if pr.Ops != 31 || pr.Probe == nil {
		t.Fatalf("ops %d, probe kept %v: want the 31 decodes before the failure and the probe's histogram", pr.Ops, pr.Probe != nil)
	}
}

// BenchmarkBarePingPong is the floor: two goroutines handing a slice back
// and forth over unbuffered channels, nothing else.
func BenchmarkBarePingPong(b *testing.B) {
	ping, pong := make(chan []byte), make(chan []byte)
	go func() {
		for m := range ping {
			pong <- m
		}
		close(pong)
	}()
	msg := []byte("x")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ping <- msg
		msg = <-pong
	}
	b.StopTimer()
	close(ping)
}

// BenchmarkBaselineRoundTrip is the harness's full measured round trip with
// the baseline codec: clock reads, histogram record, both hops, the
// baseline's no-op decode/encode on both sides. Its ns/op is window/n of a
// real level run for about b.N round trips: with no intervals, with the
// window over time (-interval), and with its interval histograms (-hlog)
// too.
func BenchmarkBaselineRoundTrip(b *testing.B) {
	c, bin := baselineFor(b, `{"a":[1,2,3]}`)
	for _, bc := range []struct {
		name string
		w    Watch
	}{
		{"plain", Watch{}},
		{"intervals", Watch{Interval: 100 * time.Millisecond}},
		{"hlog", Watch{Interval: 100 * time.Millisecond, IntervalHists: true}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			bc.w.Duration = time.Duration(b.N) * 300 * time.Nanosecond
			b.ResetTimer()
			lr, err := RunLevelWatched(context.Background(), c, bin, nil, 1, bc.w, false)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(lr.Window.Nanoseconds())/float64(lr.N), "ns/op")
		})
	}
}
