package report

import (
	"strings"

	"pingpong/results"
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

// bySource makes each build of a source's run a source of its own, named
// by the build (and the file, when there are several), so that a page
// shows a run across builds as it shows the files of two builds: side by
// side, each line named by its build, and compared when there are two.
func bySource(srcs []Source) []Source {
	var out []Source
	for _, s := range srcs {
		if len(s.Run.Config.Builds) == 0 {
			out = append(out, s)
			continue
		}
		for _, b := range s.Run.Config.BuildNames() {
			name := b
			if len(srcs) > 1 {
				name = strings.TrimSuffix(baseName(s.Name), ".json") + " " + b
			}
			out = append(out, Source{Name: name, Run: s.Run.OfBuild(b)})
		}
	}
	return out
}
