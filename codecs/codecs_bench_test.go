package codecs

import (
	"testing"

	"github.com/pingpong-bench/pingpong/datasets"
	registry "github.com/pingpong-bench/pingpong/internal/codecs"
)

// BenchmarkDecodeEncode is one decode plus one encode of a document by
// each codec, on one goroutine: what the echo does inside every round
// trip, without the contention. A 1x encdec p50 should sit a little above
// it (two channel hops and the clock), far above it only when something
// else is wrong.
func BenchmarkDecodeEncode(b *testing.B) {
	for _, name := range []string{"citm-catalog", "twitter"} {
		doc, err := datasets.Generate(name, datasets.DefaultSeed)
		if err != nil {
			b.Fatal(err)
		}
		for _, im := range registry.All() {
			c, err := im.New(doc)
			if err != nil {
				b.Fatal(err)
			}
			bin, _, err := registry.Check(c, doc)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(name+"/"+im.Name, func(b *testing.B) {
				b.SetBytes(int64(2 * len(bin)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					var v any
					if err := c.Unmarshal(bin, &v); err != nil {
						b.Fatal(err)
					}
					if _, err := c.Marshal(v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
