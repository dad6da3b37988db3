package pingpong

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/internal/retry"
	"github.com/pingpong-bench/pingpong/results"
)

// runWithStops runs cs with opts until every row's window held a stop, up
// to three tries: a window of 100ms on a machine busy compiling the other
// packages of go test ./... can keep the probe from asking for any, and
// these tests check what a report holds, not the machine.
func runWithStops(t *testing.T, doc []byte, cs []Codec, opts Options) *Report {
	t.Helper()
	var rep *Report
	retry.Three(t, func() error {
		var err error
		if rep, err = Run(context.Background(), doc, cs, opts); err != nil {
			t.Fatal(err)
		}
		for _, row := range rep.Results().Results {
			if row.STWHist == nil || row.STWHist.TotalCount() == 0 {
				return fmt.Errorf("%s at %d pairs: no stop in its %s window", row.Codec, row.Pairs, row.Window)
			}
		}
		return nil
	})
	return rep
}

// stackHere is the calling goroutine's stack, innermost first, as the
// flight recorder words a culprit's ("function file:line").
func stackHere() []string {
	pc := make([]uintptr, 64)
	frames := runtime.CallersFrames(pc[:runtime.Callers(2, pc)])
	var out []string
	for {
		f, more := frames.Next()
		out = append(out, fmt.Sprintf("%s %s:%d", f.Function, f.File, f.Line))
		if !more {
			return out
		}
	}
}

// A culprit's goroutine is told by the names of the functions a real pair
// runs, not by names written down: a codec's own stack, taken inside its
// decode while a run measures it (under a deadline, as a guard runs it),
// is a pair's and inside the codec; the test's own goroutine is neither.
func TestClassifyKnowsARealPairsStack(t *testing.T) {
	var mu sync.Mutex
	var stacks [][]string
	spy := Codec{Name: "spy", Marshal: json.Marshal, Unmarshal: func(b []byte, v any) error {
		mu.Lock()
		if len(stacks) < 50 {
			// The codec's own frame is this package's here, which is the
			// harness's: a program's codec is in a package of its own.
			s := stackHere()
			s[0] = "example.com/mine.Unmarshal mine.go:1"
			stacks = append(stacks, s)
		}
		mu.Unlock()
		return json.Unmarshal(b, v)
	}}
	opts := quick
	opts.Levels, opts.Deadline = []int{1}, 30*time.Second
	if _, err := Run(context.Background(), doc, []Codec{spy}, opts); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.ContainsFunc(stacks, func(s []string) bool { pair, in := classify(s); return pair && in }) {
		t.Fatalf("no stack of the codec's decodes is a pair's inside the codec; the last:\n%q", stacks[len(stacks)-1])
	}
	if pair, in := classify(stackHere()); pair || in {
		t.Errorf("the test's own goroutine is taken for a pair's (%v) or the codec's (%v)", pair, in)
	}
}

// The report is the verdict's, level by level: each codec once per level
// with its answer, the references apart, and Codec finds either.
func TestReportOfARun(t *testing.T) {
	std := Codec{Name: "mine", Marshal: json.Marshal, Unmarshal: json.Unmarshal}
	opts := quick
	opts.Levels = []int{1, 2}
	rep := runWithStops(t, doc, []Codec{std}, opts)
	if len(rep.Levels) != 2 || rep.Levels[0].Pairs != 1 || rep.Levels[1].Pairs != 2 {
		t.Fatalf("levels %+v, want 1 and 2 pairs", rep.Levels)
	}
	for _, l := range rep.Levels {
		ref := results.Baseline // control runs only at as many pairs as Ps
		if l.Pairs == runtime.GOMAXPROCS(0) {
			ref = results.Control
		}
		if len(l.Codecs) != 1 || l.Codecs[0].Name != "mine" || len(l.Conclusions) == 0 || l.Reference != ref {
			t.Errorf("%s: codecs %+v, conclusions %q, reference %q, want %q", l.Label, l.Codecs, l.Conclusions, l.Reference, ref)
		}
		if c := l.Codecs[0]; c.Answer == NotJudged || c.RoundTripP99 < c.RoundTripP50 || c.Effect.Lo > c.Effect.Hi {
			t.Errorf("%s: mine %+v", l.Label, c)
		}
		for _, ref := range l.References {
			if ref.Answer != NotJudged || ref.Stops == 0 {
				t.Errorf("%s: reference %s answered %q with %d stops", l.Label, ref.Name, ref.Answer, ref.Stops)
			}
		}
	}
	if _, ok := rep.Codec("nope"); ok {
		t.Error("a codec that did not run was found")
	}
	if rep.Results() == nil || rep.Err() != nil {
		t.Errorf("results %v, err %v", rep.Results() != nil, rep.Err())
	}
}

func TestWorseOrdersTheAnswers(t *testing.T) {
	if !worse(StandsOut, CannotTell) || !worse(CannotTell, DoesNot) || !worse(DoesNot, NotJudged) || worse(DoesNot, DoesNot) {
		t.Error("answers out of order")
	}
}
