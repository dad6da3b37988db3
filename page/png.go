package page

import (
	"path/filepath"

	"github.com/pingpong-bench/pingpong/internal/outfile"
)

// WritePNGDir writes every chart of the report on srcs as a PNG file into
// dir, which must exist, named by the chart's id (the page's anchor, less
// its "chart-"), and returns the files' names.
func WritePNGDir(dir string, srcs []Source) ([]string, error) {
	var names []string
	for _, ch := range buildCharts(srcs) {
		name := ch.ID + ".png"
		if err := outfile.Write(filepath.Join(dir, name), ch.writePNG); err != nil {
			return names, err
		}
		names = append(names, name)
	}
	return names, nil
}
