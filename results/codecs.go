// The codecs' names as plain data: the two references (baseline and
// control) and where they run, the default and built-in codec sets, and
// the order a run prints codecs in.

package results

import "slices"

// Baseline is the reference that does no JSON work; reports keep it out of
// codec comparisons and use it as the harness's floor.
const Baseline = "baseline"

// Control is the reference that does no JSON work either but keeps its
// goroutines as busy as encoding/json's decode and encode of the document
// would, in code the runtime can always preempt: the reference for the
// time a busy program could not run, which baseline, never holding a P,
// cannot be.
const Control = "control"

// WithControl is names with Control just before Baseline when they name
// baseline but not control: the verdict judges codecs against control,
// which keeps the Ps as busy as a codec (baseline alone leaves the time
// the probe queued behind busy pairs on the codecs).
func WithControl(names []string) []string {
	i := slices.Index(names, Baseline)
	if i < 0 || slices.Contains(names, Control) {
		return names
	}
	return slices.Insert(slices.Clone(names), i, Control)
}

// RunsAt says whether codec runs at a level of pairs on procs Ps. Control
// runs only where the verdict counts the time the probe could not run,
// at as many pairs as Ps: with fewer pairs a P is always free for the
// probe, with more it queues behind them whatever the codec, and there
// the codecs' stops' waits are judged against baseline's, so a window of
// control would only lengthen the run.
func RunsAt(codec string, pairs, procs int) bool {
	return codec != Control || procs <= 0 || pairs == procs
}

// IsReference says whether name is one of the references a run measures
// codecs against (Baseline, Control) rather than a codec: rankings,
// comparisons and gates keep them out.
func IsReference(name string) bool { return name == Baseline || name == Control }

// DefaultCodecs is the codec registry's default set as plain data: the
// codecs a run measures when -impls is not given, in the order runs and
// reports print them, the references last (control, which the verdict
// judges the codecs against, and baseline, the harness's floor). It is
// here, linking no codec, so that the renderers, which read saved files
// without the registry, order codecs as the registry does; the registry's
// tests check that it registers each.
var DefaultCodecs = []string{"std", "sonic", "sonic-std", "goccy", "segmentio", "jsoniter", "jsonv2", Control, Baseline}

// BuiltinCodecs is every codec name a pingpong build registers itself, in
// any build (a GOEXPERIMENT's, any platform's): DefaultCodecs, then the
// codecs users ask for by name. bench_scheduling.sh --add refuses these
// names before it fetches or builds anything.
var BuiltinCodecs = append(slices.Clone(DefaultCodecs), "sonic-optdec", "stdv2")

// CodecRank orders codecs as a run prints them: DefaultCodecs' order first,
// any other after.
func CodecRank(codec string) int {
	if i := slices.Index(DefaultCodecs, codec); i >= 0 {
		return i
	}
	return len(DefaultCodecs)
}
