package verdict

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/results/resultstest"
)

// lookRows are one size's rows of a synthetic machine as a search's looks
// measure it: the first look a window of 500ms (50 stops: too few for any
// size to be within the budget), the longer one another of 2s (200
// stops), as a repeat, so that the verdict pools them. baseline's stops
// are all short; sonic's have 4% long ones of 100us + 1.6ms per MB (it
// crosses the budget at 6.2MB); edge's are 1ms long under 3MB, then three
// stops in 250 of 15ms up to 12MB (undecided however long it is
// measured: its p99 is one of three), then 10% of 30ms (over).
func lookRows(input string, mb float64, repeat int) []results.Result {
	us := time.Microsecond
	window, n := 500*time.Millisecond, 50
	if repeat > 0 {
		window, n = 2*time.Second, 200
	}
	seed := uint64(10*repeat) + uint64(mb*1000)
	tailed := func(seed uint64, tail int, long time.Duration) []time.Duration {
		return append(resultstest.StopsAround(seed, n-tail, 100*us), slices.Repeat([]time.Duration{long}, tail)...)
	}
	edge := tailed(seed+3, n/25, ms)
	switch {
	case mb >= 12:
		edge = tailed(seed+3, n/10, 30*ms)
	case mb >= 3 && repeat == 0:
		edge = tailed(seed+3, 1, 15*ms)
	case mb >= 3:
		edge = tailed(seed+3, 2, 15*ms)
	}
	rows := []results.Result{
		resultstest.Stopping(results.Baseline, 2, repeat, window, resultstest.StopsAround(seed+1, n, 100*us)),
		resultstest.Stopping("sonic", 2, repeat, window, tailed(seed+2, n/25, 100*us+time.Duration(mb*float64(1600*us)))),
		resultstest.Stopping("edge", 2, repeat, window, edge),
	}
	for i := range rows {
		rows[i].Input, rows[i].Target = input, results.TargetAny
	}
	return rows
}

// lookRun is lookRows at each of sizes (bytes), with looks looks each.
func lookRun(sizes []int, looks int) *results.Run {
	run := &results.Run{Config: results.Config{Codecs: []string{"sonic", "edge", results.Baseline}, Duration: time.Second, STW: 10 * ms, Slice: 100 * ms,
		Budget: 10 * ms, Count: looks}}
	for _, n := range sizes {
		mb := float64(n) / 1e6
		name := "attachment:" + strings.ReplaceAll(fmt.Sprintf("%gMB", mb), "+", "")
		run.Inputs = append(run.Inputs, results.InputInfo{Name: name, Kind: "shape", Bytes: n, Shape: "attachment", AskedSize: n})
		for r := range looks {
			run.Results = append(run.Results, lookRows(name, mb, r)...)
		}
	}
	return run
}

// looker measures lookRun, pooling a longer look with the first as the
// command does, and remembers which first looks were undecided and which
// sizes were measured longer.
type looker struct {
	undecided, longer map[[2]any]bool // codec, bytes
}

func (l *looker) measure(sizes []int, names []string, longer bool) ([]Measured, error) {
	looks := 1
	if longer {
		looks = 2
	}
	var out []Measured
	for _, m := range Measurements(lookRun(sizes, looks), 10*ms) {
		if !slices.Contains(names, m.Codec) {
			continue
		}
		k := [2]any{m.Codec, m.Point.Bytes}
		if longer {
			l.longer[k] = true
		} else if m.Point.Undecided {
			l.undecided[k] = true
		}
		out = append(out, m)
	}
	return out, nil
}

// A search that meets an undecided size measures it longer, and ends
// agreeing with a list of sizes built from the same measurements (every
// size measured as long as the list's -until measures an undecided one):
// each codec's safe size lies in a range both brackets share, neither says
// "every size" where the other has a size over, and a codec still
// undecided after its longer look keeps the bounds the search settled
// (within at one size, over at another) rather than "undecided from 1MB
// up". Without the longer look the first looks' 50 stops leave it
// nowhere.
func TestSearchMeasuresUndecidedLonger(t *testing.T) {
	names := []string{"sonic", "edge", results.Baseline}
	search := Search{Min: 1e6, Max: 32e6, Budget: 10 * ms, Longer: true, ListSizes: 8}
	l := &looker{undecided: map[[2]any]bool{}, longer: map[[2]any]bool{}}
	res, err := search.Run(names, l.measure)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range res.Steps {
		t.Logf("round %d longer %v: %s (%s)", st.Round, st.Longer, SizesText(st.Sizes), strings.Join(st.Codecs, ", "))
	}
	if len(l.undecided) == 0 {
		t.Fatal("no first look was undecided: the test measures nothing")
	}
	for k := range l.undecided {
		if !l.longer[k] {
			t.Errorf("%s at %d bytes was undecided and not measured longer", k[0], k[1])
		}
	}
	list := SafeSizesOf(lookRun([]int{1e6, 4e6, 16e6}, 2))
	if len(list) != 1 {
		t.Fatalf("list: %+v", list)
	}
	wantAgree(t, list[0], res)
	sonic := lineOf(t, res, "sonic")
	if lo, hi := bounds(sonic.Safe); lo > 6.2e6 || hi < 6.2e6 || len(sonic.Safe.Undecided()) > 0 {
		t.Errorf("sonic, measured longer: %s, bracket %g to %g; want its crossing at 6.2MB, decided", sonic.Safe.Head(), lo, hi)
	}
	// edge stays undecided between 3MB and 12MB however long: the search
	// says between which sizes it settled, within below and over above
	edge := lineOf(t, res, "edge")
	safe, over := edge.Safe.Bracket()
	if safe < 0 || over < 0 || len(edge.Safe.Unsure()) == 0 || !strings.HasPrefix(edge.Safe.Head(), "undecided between ") {
		t.Errorf("edge: %s (bracket %d, %d); want undecided between a size within and one over", edge.Safe.Head(), safe, over)
	} else if lo, hi := edge.Safe.Points[safe].Bytes, edge.Safe.Points[over].Bytes; lo >= 3e6 || hi < 12e6 {
		t.Errorf("edge: within at %d, over at %d; want within under 3MB and over from 12MB", lo, hi)
	}

	// the same search without the longer look: every first look rests
	// on 50 stops, and sonic is left with no size within
	search.Longer = false
	l = &looker{undecided: map[[2]any]bool{}, longer: map[[2]any]bool{}}
	res, err = search.Run(names, l.measure)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.longer) > 0 || slices.ContainsFunc(res.Steps, func(st SearchStep) bool { return st.Longer }) {
		t.Errorf("a search with -until off measured longer: %+v", res.Steps)
	}
	if safe, _ := lineOf(t, res, "sonic").Safe.Bracket(); safe >= 0 {
		t.Errorf("sonic on first looks of 50 stops: %s, want no size within", lineOf(t, res, "sonic").Safe.Head())
	}
}

// No line says "every size" while a size it rests on is undecided, in any
// order of sides over three sizes; and a search whose largest size stays
// undecided after its longer look says where it is undecided, with the
// size it settled within, never "every size".
func TestNeverEverySizeWhileUndecided(t *testing.T) {
	sides := []string{"within", "undecided", "over"}
	for _, a := range sides {
		for _, b := range sides {
			for _, c := range sides {
				var s SafeSize
				for i, side := range []string{a, b, c} {
					s.Points = append(s.Points, SizePoint{Input: fmt.Sprintf("attachment:%dMB", 1<<(2*i)), Bytes: 1e6 << (2 * i), Stop: 5 * ms,
						Within: side == "within", Undecided: side == "undecided"})
				}
				all := a == "within" && b == "within" && c == "within"
				if every := s.Head() == "every size tried"; every != all || s.Everywhere() != all {
					t.Errorf("%s, %s, %s: %q, everywhere %v", a, b, c, s.Head(), s.Everywhere())
				}
			}
		}
	}

	// within at 1MB; from 20MB undecided however long it is measured
	measure := func(sizes []int, names []string, longer bool) ([]Measured, error) {
		var out []Measured
		for _, n := range sizes {
			p := SizePoint{Input: fmt.Sprintf("attachment:%gMB", float64(n)/1e6), Bytes: n, Stop: 2 * ms, Stops: 300, Within: n < 20e6}
			p.Undecided = !p.Within
			out = append(out, Measured{Codec: "sonic", Level: "2x encdec", Point: p})
		}
		return out, nil
	}
	res, err := Search{Min: 1e6, Max: 32e6, Budget: 10 * ms, Longer: true, ListSizes: 10}.Run([]string{"sonic"}, measure)
	if err != nil {
		t.Fatal(err)
	}
	l := lineOf(t, res, "sonic")
	safe, over := l.Safe.Bracket()
	if l.Safe.Everywhere() || strings.Contains(l.Safe.Head(), "every size") || safe < 0 || over >= 0 || !strings.HasPrefix(l.Safe.Head(), "undecided from ") {
		t.Errorf("sonic undecided from 20MB: %s (bracket %d, %d)", l.Safe.Head(), safe, over)
	}
	if lo := float64(l.Safe.Points[safe].Bytes); lo < 20e6/SearchFactor {
		t.Errorf("sonic: within at %.0f, not narrowed up to the undecided 20MB within %gx", lo, SearchFactor)
	}
	if !slices.ContainsFunc(res.Steps, func(st SearchStep) bool { return st.Longer && slices.Contains(st.Sizes, 32e6) }) {
		t.Errorf("32MB, undecided, was not measured longer: %+v", res.Steps)
	}
}

// wantAgree holds a search to a list of sizes: each codec's safe size
// lies in a range both brackets share (their interpolated estimates too),
// and neither says "every size" where the other has a size over.
func wantAgree(t *testing.T, list SafeSizeLevel, res SearchResult) {
	t.Helper()
	for _, line := range res.Lines {
		i := slices.IndexFunc(list.Codecs, func(s SafeSize) bool { return s.Codec == line.Codec })
		if i < 0 {
			t.Fatalf("no %s in the list", line.Codec)
		}
		ls, ss := list.Codecs[i], line.Safe
		llo, lhi := bounds(ls)
		slo, shi := bounds(ss)
		lo, hi := max(llo, slo), min(lhi, shi)
		t.Logf("%s: list %s (%g to %g), search %s (%g to %g, %d sizes)", line.Codec, ls.Head(), llo, lhi, ss.Head(), slo, shi, len(ss.Points))
		if lo > hi {
			t.Errorf("%s: the list says %s, the search %s: no size both allow", line.Codec, ls.Head(), ss.Head())
		}
		for _, s := range []SafeSize{ls, ss} {
			if est, interpolated := s.Estimate(); interpolated && (est < lo || est > hi) {
				t.Errorf("%s: %s's estimate %.3gMB outside the range both allow (%g to %g)", line.Codec, s.Head(), est/1e6, lo, hi)
			}
		}
		if (ls.Everywhere() && ss.FirstOver() >= 0) || (ss.Everywhere() && ls.FirstOver() >= 0) {
			t.Errorf("%s: the list says %s, the search %s", line.Codec, ls.Head(), ss.Head())
		}
	}
}
