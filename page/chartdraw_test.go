package page

import (
	"image/color"
	"testing"

	"github.com/pingpong-bench/pingpong/results"
)

// No two default codecs share a colour: the references are drawn beside
// every codec.
func TestDefaultCodecsHaveColoursOfTheirOwn(t *testing.T) {
	seen := map[color.Color]string{}
	for _, impl := range results.DefaultCodecs {
		col, _ := chartData{}.style(chartSeries{Codec: impl})
		if other, ok := seen[col]; ok {
			t.Errorf("%s and %s share the colour %v", impl, other, col)
		}
		seen[col] = impl
	}
}
