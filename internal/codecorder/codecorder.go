// Package codecorder is the codec registry's default set as plain data:
// the codecs a run measures when -impls is not given, in the order runs
// and reports print them. It links no codec, so that the data model and
// the renderers, which read saved files without the registry, order codecs
// as the registry does; the registry's tests check that it registers each.
package codecorder

// Default is the registry's default codecs, in order; the references
// last: control, which the verdict judges the codecs against, and
// baseline, the harness's floor.
var Default = []string{"std", "sonic", "sonic-std", "goccy", "segmentio", "jsoniter", "jsonv2", "control", "baseline"}

// Builtin is every codec name a pingpong build registers itself, in any
// build (a GOEXPERIMENT's, any platform's): Default, then the codecs users
// ask for by name. bench_scheduling.sh --add refuses these names before it
// fetches or builds anything.
var Builtin = append(append([]string{}, Default...), "sonic-optdec", "stdv2")
