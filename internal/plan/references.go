package plan

import (
	"slices"

	"github.com/pingpong-bench/pingpong/results"
)

// WithReferences is names with the references the verdict judges a codec
// against, each added at the end when missing: control (where it runs, at
// as many pairs as Ps) and baseline (everywhere else). A run that names
// its codecs (-impls std,sonic,goccy) still reaches a verdict; names of
// references alone, with nothing to judge, are left as they are.
func WithReferences(names []string) []string {
	if !slices.ContainsFunc(names, func(n string) bool { return !results.IsReference(n) }) {
		return names
	}
	if !slices.Contains(names, results.Baseline) {
		names = append(slices.Clone(names), results.Baseline)
	}
	return results.WithControl(names) // control just before baseline
}
