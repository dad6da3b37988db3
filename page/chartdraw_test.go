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
	for _, codec := range results.DefaultCodecs {
		col, _ := chartData{}.style(chartSeries{Codec: codec})
		if other, ok := seen[col]; ok {
			t.Errorf("%s and %s share the colour %v", codec, other, col)
		}
		seen[col] = codec
	}
}
