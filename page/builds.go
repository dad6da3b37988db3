package page

import "strings"

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
