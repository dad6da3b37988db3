package page

import (
	"io"
	"strings"

	"github.com/pingpong-bench/pingpong/compare"
	"github.com/pingpong-bench/pingpong/results"
)

// byTestbed makes each testbed of a source's merged run a source of its
// own, named by the testbed (and the file, when there are several), so
// that the page shows each machine's runs apart, as it shows builds.
func byTestbed(srcs []Source) []Source {
	var out []Source
	for _, s := range srcs {
		if len(s.Run.Testbeds) == 0 {
			out = append(out, s)
			continue
		}
		for _, tb := range s.Run.TestbedNames() {
			// A source's name is read as a path, so the os/arch's slash
			// would cut the name short.
			name := "testbed " + strings.ReplaceAll(tb, "/", "-")
			if len(srcs) > 1 {
				name = strings.TrimSuffix(baseName(s.Name), ".json") + " " + name
			}
			out = append(out, Source{Name: name, Run: s.Run.OfTestbed(tb)})
		}
	}
	return out
}

// writeComparison is compare of the page's two sources; two testbeds are
// shown side by side, unjudged, as compare --across-testbeds shows them.
func writeComparison(w io.Writer, oldName, newName string, old, new *results.Run) error {
	if compare.CheckTestbeds(oldName, newName, old, new) != nil {
		return compare.WriteAcrossTestbeds(w, oldName, newName, old, new)
	}
	return compare.WriteComparison(w, oldName, newName, old, new)
}
