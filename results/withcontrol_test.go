package results

import (
	"slices"
	"testing"
)

// Naming baseline brings control along, just before it: the verdict's
// reference; a list without baseline, or with control, stays as it is.
func TestWithControl(t *testing.T) {
	for _, tc := range []struct{ in, want []string }{
		{[]string{"std", "sonic", "baseline"}, []string{"std", "sonic", "control", "baseline"}},
		{[]string{"baseline", "std"}, []string{"control", "baseline", "std"}},
		{[]string{"std", "baseline", "control"}, []string{"std", "baseline", "control"}},
		{[]string{"std", "sonic"}, []string{"std", "sonic"}},
	} {
		if got := WithControl(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("WithControl(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
