package main

import (
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// A longer look's point pools every look at its size: a first look of 50
// stops is undecided however short they were, the pooled 250 are within
// the budget; a size the longer look did not ask for is left out.
func TestPooledPoints(t *testing.T) {
	us, ms := time.Microsecond, time.Millisecond
	look := func(window time.Duration, n int, sizes ...int) *results.Run {
		run := &results.Run{Config: results.Config{Codecs: []string{"sonic", results.Baseline}, Duration: 500 * ms, STW: 10 * ms, Slice: 100 * ms, Budget: 10 * ms}}
		for _, size := range sizes {
			name := map[int]string{1e6: "attachment:1MB", 4e6: "attachment:4MB"}[size]
			run.Inputs = append(run.Inputs, results.InputInfo{Name: name, Kind: "shape", Bytes: size, Shape: "attachment", AskedSize: size})
			for _, c := range []string{"sonic", results.Baseline} {
				r := resultstest.Stopping(c, 2, 0, window, resultstest.StopsAround(uint64(n), n, 200*us))
				r.Input, r.Target = name, results.TargetAny
				run.Results = append(run.Results, r)
			}
		}
		return run
	}
	first := look(500*ms, 50, 1e6, 4e6)
	got, err := pooledPoints([]*results.Run{first}, []int{1e6}, []string{"sonic"}, 10*ms)
	if err != nil || len(got) != 1 || !got[0].Point.Undecided {
		t.Fatalf("the first look alone at 1MB: %+v, %v; want one point, undecided", got, err)
	}
	alone := got[0].Point.Stops
	got, err = pooledPoints([]*results.Run{first, look(2*time.Second, 200, 1e6)}, []int{1e6}, []string{"sonic"}, 10*ms)
	if err != nil || len(got) != 1 {
		t.Fatalf("pooled at 1MB: %+v, %v; want one point", got, err)
	}
	if p := got[0].Point; p.Bytes != 1e6 || p.Stops < alone+200 || !p.Within {
		t.Errorf("pooled at 1MB: %d bytes, %d stops (the first look alone %d), within %v; want both looks' stops, within", p.Bytes, p.Stops, alone, p.Within)
	}
}
