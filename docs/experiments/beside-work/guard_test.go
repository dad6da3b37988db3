package besidework

import (
	"cmp"
	"encoding/json"
	"os"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/pingpong-bench/pingpong/codecs"
	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/pingpong"
	"github.com/pingpong-bench/pingpong/pingpong/pingpongtest"
)

func ms(name string, def float64) time.Duration {
	if v, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil {
		return time.Duration(v * float64(time.Millisecond))
	}
	return time.Duration(def * float64(time.Millisecond))
}

// freezer is a function with a fixed duty cycle: every k-th call (of any
// goroutine) spins SPIN ms where the runtime cannot preempt it, the others
// do WORK ms (5 by default) of preemptible work, all in CPU time.
func freezer(k int64) func() {
	s, w := ms("SPIN", 40), ms("WORK", 5)
	var n atomic.Int64
	return func() {
		calls.Add(1)
		if n.Add(1)%k == 0 {
			t0 := time.Now()
			if spinning.Add(1) > 1 {
				overlaps.Add(1)
			}
			Spin(s)
			spinning.Add(-1)
			spins.Add(1)
			spinNS.Add(int64(time.Since(t0)))
		} else {
			Work(w)
		}
	}
}

// spins, spinNS and calls count the freezer's calls; overlaps the spins
// that began while another goroutine's spin was going on (one stop of the
// world then waits for both, and holds once).
var spins, spinNS, calls, spinning, overlaps atomic.Int64

func envInt(name string, def int64) int64 {
	if v, err := strconv.ParseInt(os.Getenv(name), 10, 64); err == nil {
		return v
	}
	return def
}

func TestFreezer2x(t *testing.T) {
	pingpongtest.NoFreezeFunc(t, "freezer2x", freezer(envInt("K2", 228)))
}

func TestFreezer5x(t *testing.T) {
	pingpongtest.NoFreezeFunc(t, "freezer5x", freezer(envInt("K5", 86)))
}

// TestFreezer5xOnePair is the 5x freezer at one pair: a P is left for the
// probe, which at two pairs waits for one while the other pair runs.
func TestFreezer5xOnePair(t *testing.T) {
	pingpongtest.NoFreezeFunc(t, "freezer5x", freezer(envInt("K5", 86)), pingpongtest.Level(1))
}

func TestLoop(t *testing.T) {
	pingpongtest.NoFreezeFunc(t, "loop", func() { Work(5 * time.Millisecond) })
}

var src, dst = make([]byte, 256<<20), make([]byte, 256<<20)

func TestCopy256MB(t *testing.T) {
	for i := range src {
		src[i] = byte(i)
	}
	copy(dst, src)
	pingpongtest.NoFreezeFunc(t, "copy256MB", func() { copy(dst, src) })
}

func TestStdCitm(t *testing.T) {
	doc, err := os.ReadFile(cmp.Or(os.Getenv("CITM"), "../../../../shared/datasets/citm-catalog.json"))
	if err != nil {
		t.Skip(err)
	}
	std := pingpong.Codec{Name: "mystd", Marshal: json.Marshal, Unmarshal: json.Unmarshal}
	pingpongtest.NoFreeze(t, std, doc)
}

// TestStdSmall is encoding/json on a 49-byte document, as the project's
// own TestNoFreezePassesStdOnASmallDocument: pairs that hand their work
// from thread to thread many times a millisecond.
func TestStdSmall(t *testing.T) {
	std := pingpong.Codec{Name: "mystd", Marshal: json.Marshal, Unmarshal: json.Unmarshal}
	pingpongtest.NoFreeze(t, std, []byte(`{"id":7,"tags":["a","b"],"price":12.5,"name":"x"}`), pingpongtest.Duration(500*time.Millisecond))
}

func TestSonicAttachment10MB(t *testing.T) {
	sonic, doc := sonicAttachment(t)
	pingpongtest.NoFreeze(t, sonic, doc)
}

// sonicAttachment is sonic and the attachment:10MB document.
func sonicAttachment(t *testing.T) (pingpong.Codec, []byte) {
	in, err := datasets.Load("attachment:10MB", 1)
	if err != nil {
		t.Fatal(err)
	}
	sonic, err := pingpong.Lookup("sonic")
	if err != nil {
		t.Fatal(err)
	}
	return sonic, in.Data
}
