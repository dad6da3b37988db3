package compare

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/pingpong-bench/pingpong/latency"
	"github.com/pingpong-bench/pingpong/results"
)

// A testbed's figures are judged only against the same testbed's: the
// same code is faster on one CPU than on another and freezes on amd64
// (sonic's JIT) where it falls back on arm64, so a change between two
// machines is no finding about the code.

// testbedsOf is every testbed a run holds, in order.
func testbedsOf(run *results.Run) []results.Testbed {
	if len(run.Testbeds) == 0 {
		return []results.Testbed{run.Env.Testbed()}
	}
	var out []results.Testbed
	for _, tb := range run.Testbeds {
		out = append(out, tb.Env.Testbed())
	}
	return out
}

// CheckTestbeds refuses to judge two runs of different testbeds, with one
// line that names both: what compare concludes about two machines is not
// a conclusion about the code. Merged files compare when they hold the
// same testbeds, each judged against its own.
func CheckTestbeds(oldName, newName string, old, new *results.Run) error {
	if slices.Equal(testbedsOf(old), testbedsOf(new)) && slices.Equal(old.TestbedNames(), new.TestbedNames()) {
		return nil
	}
	return fmt.Errorf("%s ran on %s, %s on %s: compare judges a testbed only against itself (--across-testbeds shows them side by side, unjudged)",
		oldName, old.TestbedLabel(), newName, new.TestbedLabel())
}

// WriteAcrossTestbeds prints two runs of different testbeds side by side:
// per scenario the medians of compare's figures and their ratio, with no
// test and no judgement, since the difference is the machines' as much as
// the code's. It says how the testbeds differ, and warns when the sched.*
// figures changed meaning between the two Go releases.
func WriteAcrossTestbeds(w io.Writer, oldName, newName string, old, new *results.Run) error {
	var b strings.Builder
	oldTB, newTB := old.Env.Testbed(), new.Env.Testbed()
	fmt.Fprintf(&b, "pingpong compare --across-testbeds: figures side by side; no change is judged, the machines differ as well as the code\n")
	fmt.Fprintf(&b, "  old: %s on %s\n", oldName, old.TestbedLabel())
	fmt.Fprintf(&b, "  new: %s on %s\n", newName, new.TestbedLabel())
	if d := oldTB.Differences(newTB); len(d) > 0 && len(old.Testbeds) == 0 && len(new.Testbeds) == 0 {
		fmt.Fprintf(&b, "  differs: %s\n", strings.Join(d, "; "))
	}
	if w := SchedMeaningWarning(oldTB.GoVersion, newTB.GoVersion); w != "" {
		fmt.Fprintf(&b, "  WARNING: %s\n", w)
	}
	// Scenarios match by their portable names: the N level of a 2-core
	// and of a 4-core machine is one scenario, at 2 pairs and at 4.
	oldBy, oldNames := byPortableName(old)
	newBy, newNames := byPortableName(new)
	var onlyOld, onlyNew []string
	for _, name := range oldNames {
		nrs, ok := newBy[name]
		if !ok {
			onlyOld = append(onlyOld, name)
			continue
		}
		writeSideBySide(&b, name, oldBy[name], nrs)
	}
	for _, name := range newNames {
		if _, ok := oldBy[name]; !ok {
			onlyNew = append(onlyNew, name)
		}
	}
	if len(onlyOld) > 0 {
		fmt.Fprintf(&b, "\nonly in old: %s\n", strings.Join(onlyOld, ", "))
	}
	if len(onlyNew) > 0 {
		fmt.Fprintf(&b, "\nonly in new: %s\n", strings.Join(onlyNew, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// byPortableName groups run's rows by results.PortableName, in order.
func byPortableName(run *results.Run) (map[string][]results.Result, []string) {
	by := map[string][]results.Result{}
	var names []string
	for _, r := range run.Results {
		name := results.PortableName(run.Config, r.Key())
		if _, ok := by[name]; !ok {
			names = append(names, name)
		}
		by[name] = append(by[name], r)
	}
	return by, names
}

// writeSideBySide is one scenario's shown figures, old and new medians
// and new over old, headed by its portable name and what it ran as on
// each side.
func writeSideBySide(b *strings.Builder, name string, old, new []results.Result) {
	fmt.Fprintf(b, "\n%s\n  old: %s; new: %s\n", name, old[0].Key().Label(), new[0].Key().Label())
	old, oldErr := results.Measured(old)
	new, newErr := results.Measured(new)
	if len(old) == 0 || len(new) == 0 {
		var why []string
		if len(old) == 0 {
			why = append(why, "old: "+oldErr)
		}
		if len(new) == 0 {
			why = append(why, "new: "+newErr)
		}
		fmt.Fprintf(b, "  not measured (%s)\n", strings.Join(why, "; "))
		return
	}
	of, nf := results.Figures(old), results.Figures(new)
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  figure\told\tnew\tnew/old\n")
	for _, m := range results.Metrics {
		ov, inOld := of[m.Name]
		nv, inNew := nf[m.Name]
		if !m.Shown || !inOld || !inNew {
			continue
		}
		o, n := latency.Median(ov), latency.Median(nv)
		ratio := "-"
		if o != 0 {
			ratio = strconv.FormatFloat(n/o, 'f', 2, 64) + "x"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", m.Name, m.Unit.Format(o), m.Unit.Format(n), ratio)
	}
	tw.Flush()
}

var goMinor = regexp.MustCompile(`go1\.(\d+)`)

// SchedMeaningWarning is the warning due when figures of two Go releases
// meet across go1.26: its runtime samples /sched/latencies:seconds over
// another population of goroutines (golang/go#79391), so the sched.*
// figures of the two sides measure different things. "" when no warning
// is due.
func SchedMeaningWarning(oldGo, newGo string) string {
	before := func(v string) (bool, bool) {
		m := goMinor.FindStringSubmatch(v)
		if m == nil {
			return false, false
		}
		n, _ := strconv.Atoi(m[1])
		return n < 26, true
	}
	ob, okOld := before(oldGo)
	nb, okNew := before(newGo)
	if oldGo == newGo || okOld && okNew && ob == nb {
		return ""
	}
	return fmt.Sprintf("sched.* figures (runtime/metrics /sched/latencies:seconds) changed meaning in go1.26, whose runtime samples another population of goroutines (golang/go#79391): %s and %s do not compare on them", oldGo, newGo)
}
