// The level's tables as the console and the page print them: the
// responsiveness table (Table, one row a codec, the references last, each
// ending in its effect and answer) and the minimum mutator utilization's
// (MMUTable).

package verdict

import (
	"fmt"
	"slices"
	"time"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// Table is the level's table, its head first: the codec that kept the
// program frozen longest first, the references last; the machine, noise
// and culprit columns only when a row has one. Where the kernel split
// the level's stops' waits (Split), the stw.* columns, "waiting" and "late"
// are the time the program held its stops, and "machine" the share of the
// window the machine took of their waits and of the probe's lateness. ">1ms" and ">10ms" (the long
// stop) are the shares of the stops that waited that long to begin,
// "waiting" the share of the window the program waited for stops to
// begin, "late" the share in which the probe could not even run to ask
// for one (beyond ProbeSlack); "vs REF" the points of the window the
// codec froze the program beyond the reference, with its 95% interval,
// then the test's p and the answer.
func (v Level) Table() [][]string {
	all := v.all()
	culprits := slices.ContainsFunc(all, func(cv Codec) bool { return cv.Result.Culprit != nil })
	noisy := slices.ContainsFunc(all, func(cv Codec) bool { return cv.Stops.Noisy })
	long := v.Bars.LongStop
	split := v.Split()
	head := []string{"codec", "stops", "stw.p50", "stw.p90", "stw.p99", "stw.max", ">1ms", ">" + long.String(), "waiting", "late"}
	if split {
		head = append(head, "machine")
	}
	head = append(head, "vs "+v.RefName(), "p", "answer")
	figures := len(head) - 1
	if noisy {
		head = append(head, "noise")
	}
	if culprits {
		head = append(head, "culprit")
	}
	table := [][]string{head}
	for _, cv := range all {
		line := []string{cv.Result.Codec}
		if cv.HasSTW {
			s := cv.Stops
			line = append(line, fmt.Sprint(s.N()), format.Duration(s.Quantile(0.5)), format.Duration(s.Quantile(0.9)),
				format.Duration(s.Quantile(0.99)), format.Duration(s.Max()), format.Percent(s.Over(time.Millisecond)),
				format.Percent(s.Over(long)), format.Percent(s.Waiting()), format.Percent(s.Late()))
			if split {
				line = append(line, format.Percent(s.MachineShare()))
			}
			line = append(line, cv.against()...)
		} else {
			for range figures {
				line = append(line, "-")
			}
		}
		if noisy {
			line = append(line, map[bool]string{true: "NOISY"}[cv.Stops.Noisy])
		}
		if culprits {
			line = append(line, shortCulprit(cv.Result))
		}
		table = append(table, line)
	}
	return table
}

// all is every codec of the level, the references last: control, then
// baseline.
func (v Level) all() []Codec {
	out := slices.Clone(v.Codecs)
	for _, r := range []*Codec{v.Control, v.Base} {
		if r != nil {
			out = append(out, *r)
		}
	}
	return out
}

// MMUTable is the least share of any window of 1ms, 10ms and 100ms
// (latency.MMUWindows) in which the program ran, per codec, its head
// first; nil when no row has it (a file from before the stop records).
func (v Level) MMUTable() [][]string {
	all := v.all()
	if !slices.ContainsFunc(all, func(cv Codec) bool { return len(cv.Stops.MMU) > 0 }) {
		return nil
	}
	table := [][]string{{"codec"}}
	for _, w := range latency.MMUWindows {
		table[0] = append(table[0], "mmu("+w.String()+")")
	}
	for _, cv := range all {
		line := []string{cv.Result.Codec}
		for _, w := range latency.MMUWindows {
			cell := "-"
			for _, p := range cv.Stops.MMU {
				if p.Window == w {
					cell = format.Percent(p.Utilization)
				}
			}
			line = append(line, cell)
		}
		table = append(table, line)
	}
	return table
}

// against is a row's last three cells: its effect over the reference
// (points of the window frozen, with the interval), the test's p, and the
// answer; blank for a reference, "-" for a codec not tested.
func (cv Codec) against() []string {
	switch {
	case results.IsReference(cv.Result.Codec):
		return []string{"", "", ""}
	case !cv.Tested:
		return []string{"-", "-", "-"}
	}
	return []string{points(cv.Effect.Frozen, cv.HasEffect), PValue(cv.P), cv.Answer.String()}
}

// shortCulprit names what r's worst stall waited on, for a table cell:
// the function and the kind ("...jitdec.Decode (non-preemptible)"), or the
// stop's own name when no goroutine held it ("stop-the-world (GC mark
// termination) (gc)").
func shortCulprit(r results.Result) string {
	c := r.Culprit
	if c == nil {
		return ""
	}
	where := c.Frame
	if where == "" {
		where = c.What
	}
	return where + " (" + c.Kind + ")"
}
