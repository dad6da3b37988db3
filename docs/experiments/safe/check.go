// Command check is issue 53's independent check of a safe size's
// intervals: for every size of every run given (the -json files of
// measure.sh), it reads the wait.p99 that the runtime's own record of the
// stops gives (the worker's /sched/pauses/stopping/other histogram over
// the codec's window, each stop counted with those it kept the probe from
// asking for, as wait.p99 counts them), plus the probe's lateness where
// the verdict counts it (the one figure taken from pingpong: the time it
// could not ask for a stop), and says whether each run's interval on
// wait.p99 covers it:
//   - in its own run (pingpong's timing of the stops against the
//     runtime's), and
//   - pooled over every run given (all their stops as one sample: the
//     closest reading of the truth the batch has), which is what an
//     interval must cover from run to run.
//
// The runtime keeps a histogram of four buckets per power of two, so its
// wait.p99 is a range [lo, hi): covered when it meets the interval.
//
//	go run . DIR/list-*.json DIR/search-*.json
package main

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/pingpong-bench/pingpong/results"
	"github.com/pingpong-bench/pingpong/verdict"
)

// sample is the runtime's stops (each a bucket's bounds) and the probe's
// late gaps (exact) of one codec at one size.
type sample struct {
	lo, hi []time.Duration // each value at its bucket's lower and upper bound
	gaps   []time.Duration
}

func (s *sample) add(o sample) {
	s.lo, s.hi, s.gaps = append(s.lo, o.lo...), append(s.hi, o.hi...), append(s.gaps, o.gaps...)
}

// p99 is the sample's wait.p99 as a range: the quantile with every stop at
// its bucket's lower bound, and at its upper one.
func (s sample) p99() (lo, hi time.Duration, n int) {
	q := func(vs []time.Duration) time.Duration {
		all := slices.Concat(vs, s.gaps)
		slices.Sort(all)
		if len(all) == 0 {
			return 0
		}
		rank := max(1, int(verdict.BudgetQuantile*float64(len(all))+0.5))
		return all[min(rank, len(all))-1]
	}
	return q(s.lo), q(s.hi), len(s.lo) + len(s.gaps)
}

// corrected appends v and the stops it kept the probe from asking for, as
// hdrhistogram's RecordCorrectedValue does: v-interval, v-2*interval, ...
// while at least interval.
func corrected(out []time.Duration, v, interval time.Duration) []time.Duration {
	out = append(out, v)
	for m := v - interval; interval > 0 && m >= interval; m -= interval {
		out = append(out, m)
	}
	return out
}

// runtimeStops are row's stops as the runtime recorded them, corrected.
func runtimeStops(rows []results.Result, interval time.Duration) (s sample) {
	for _, r := range rows {
		if r.Runtime == nil {
			continue
		}
		for _, b := range r.Runtime.OtherStopping.Buckets {
			for range b.N {
				s.lo, s.hi = corrected(s.lo, b.Lo, interval), corrected(s.hi, b.Hi, interval)
			}
		}
	}
	return s
}

// point is one codec at one size of one run.
type point struct {
	run, key string
	p        verdict.SizePoint
	bound    bool // a bound of its run's bracket: the largest size within, or the first over
	budget   time.Duration
	s        sample
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: check RUN.json...")
		os.Exit(2)
	}
	var points []point
	for _, f := range os.Args[1:] {
		ps, err := read(f)
		if err != nil {
			fmt.Fprintf(os.Stderr, "check: %s: %v\n", f, err)
			os.Exit(2)
		}
		points = append(points, ps...)
	}
	pooled := map[string]*sample{}
	var keys []string
	for _, p := range points {
		if pooled[p.key] == nil {
			pooled[p.key] = &sample{}
			keys = append(keys, p.key)
		}
		pooled[p.key].add(p.s)
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d)/1e6) }
	var missed, bounds, boundsOwn, boundsAll, wrong int
	for _, k := range keys {
		plo, phi, pn := pooled[k].p99()
		fmt.Printf("%s: the runtime's wait.p99 pooled over the runs [%s, %s) ms of %d\n", k, ms(plo), ms(phi), pn)
		for _, p := range points {
			if p.key != k {
				continue
			}
			lo, hi, n := p.s.p99()
			own := lo <= p.p.Hi && hi >= p.p.Lo
			all := plo <= p.p.Hi && phi >= p.p.Lo
			if !all {
				missed++
			}
			side := p.p.Side()
			// a side the pooled reading contradicts: within where all of it
			// is at or over the budget, over where all of it is under
			if p.p.Within && plo >= p.budget || p.p.Over() && phi <= p.budget {
				side += " WRONG"
				wrong++
			}
			if p.bound {
				side += " (a bound)"
				bounds++
				boundsOwn += count(own)
				boundsAll += count(all)
			}
			fmt.Printf("  %-10s %-19s wait.p99 %5s [%s, %s] on %d; the runtime's [%s, %s) of %d: %s; pooled: %s\n",
				p.run, side, ms(p.p.Stop), ms(p.p.Lo), ms(p.p.Hi), p.p.Waits, ms(lo), ms(hi), n, covers(own), covers(all))
		}
	}
	fmt.Printf("%d of %d sides are against the pooled reading; ", wrong, len(points))
	fmt.Printf("%d of %d intervals miss the pooled reading; at the bounds of the runs' brackets, %d of %d cover their own run's reading and %d the pooled one\n",
		missed, len(points), boundsOwn, bounds, boundsAll)
}

func count(ok bool) int {
	if ok {
		return 1
	}
	return 0
}

func covers(ok bool) string {
	if ok {
		return "covered"
	}
	return "MISSED"
}

// read is every safe-size point of the run in file f, with the runtime's
// stops and the probe's late gaps of its rows.
func read(f string) ([]point, error) {
	fh, err := os.Open(f)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	run, err := results.ReadJSON(fh)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSuffix(f[strings.LastIndex(f, "/")+1:], ".json")
	type sized struct {
		p     verdict.SizePoint
		bound bool
	}
	sizes := map[[3]string]sized{}
	for _, t := range verdict.SafeSizesOf(run) {
		for _, c := range t.Codecs {
			safe, over := c.Bracket()
			for i, p := range c.Points {
				sizes[[3]string{t.Label, c.Codec, p.Input}] = sized{p, i == safe || i == over}
			}
		}
	}
	var out []point
	for _, v := range verdict.Of(run) {
		for _, c := range v.Codecs {
			k := c.Result.Key()
			sp, ok := sizes[[3]string{v.Label, k.CodecLabel(), v.Input}]
			if !ok {
				continue
			}
			var rows []results.Result
			for _, r := range run.Results {
				if r.Key() == k {
					rows = append(rows, r)
				}
			}
			s := runtimeStops(rows, run.Config.STW)
			if v.CountsLateFor(c) {
				for _, st := range c.Stops.Stretches(0) {
					s.gaps = append(s.gaps, st.Waits(true)[len(st.Waits(false)):]...)
				}
			}
			out = append(out, point{run: name, key: fmt.Sprintf("%s %s %s", k.CodecLabel(), v.Label, v.Input), p: sp.p, bound: sp.bound, budget: verdict.BudgetOf(run.Config), s: s})
		}
	}
	return out, nil
}
