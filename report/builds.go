package report

import (
	"strings"

	"github.com/pingpong-bench/pingpong/results"
)

// buildsLine is the header's account of a run across builds: which
// binaries the codecs came from.
func buildsLine(cfg results.Config) string {
	var bs []string
	for _, b := range cfg.Builds {
		bs = append(bs, b.Name+" "+b.Binary)
	}
	order := ""
	if cfg.Repeats() > 1 {
		order = "; repeats alternate their order"
	}
	return "  builds:      " + strings.Join(bs, ", ") + " (each codec runs in its build's worker processes" + order + ")"
}
