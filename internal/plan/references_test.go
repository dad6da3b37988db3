package plan

import (
	"slices"
	"testing"
)

// A run that names its codecs gets the references the verdict judges them
// against; one that names references alone is left as it is.
func TestWithReferences(t *testing.T) {
	for _, tc := range []struct{ in, want []string }{
		{[]string{"std", "sonic", "goccy"}, []string{"std", "sonic", "goccy", "control", "baseline"}},
		{[]string{"std", "baseline"}, []string{"std", "control", "baseline"}},
		{[]string{"std", "control"}, []string{"std", "control", "baseline"}},
		{[]string{"baseline", "std", "control"}, []string{"baseline", "std", "control"}},
		{[]string{"baseline"}, []string{"baseline"}},
		{[]string{"control", "baseline"}, []string{"control", "baseline"}},
	} {
		in := slices.Clone(tc.in)
		if got := WithReferences(in); !slices.Equal(got, tc.want) {
			t.Errorf("WithReferences(%v) = %v, want %v", tc.in, got, tc.want)
		}
		if !slices.Equal(in, tc.in) {
			t.Errorf("WithReferences changed its argument: %v", in)
		}
	}
}
