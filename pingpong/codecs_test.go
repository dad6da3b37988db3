package pingpong

import (
	"strings"
	"testing"

	_ "github.com/pingpong-bench/pingpong/codecs" // TestRunKnowsTheCodecs hands sonic back renamed
)

// Lookup says why a name is no codec Run can take, as the registry
// knows it: one that needs a process of its own, a reference, one
// unknown.
func TestLookupSaysWhy(t *testing.T) {
	for name, want := range map[string]string{
		"sonic-optdec": "needs a process of its own",
		"baseline":     "a reference of the command, not a codec",
		"nope":         `unknown codec "nope"`,
	} {
		if _, err := Lookup(name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Lookup(%q): %v, want it to say %q", name, err, want)
		}
	}
}
