package datasets

import (
	"math"
	"os"
	"path/filepath"
	"testing"
)

// realShapes are the STATS.md rows of the real corpora, so that generator
// shape is checked even where the real files are not available.
var realShapes = map[string]shape{
	"canada":          {Bytes: 2251051, Objects: 4, Arrays: 56045, Strings: 4, Ints: 46, Floats: 111080, Depth: 7, KeysPerObj: 2.0, ElemsPerArr: 3.0, StrLen: 9.2, NonASCII: 0.0, Whitespace: 0.0},
	"citm-catalog":    {Bytes: 1727204, Objects: 10937, Arrays: 10451, Strings: 735, Ints: 14392, Nulls: 1263, Depth: 7, KeysPerObj: 2.4, ElemsPerArr: 1.1, StrLen: 22.3, NonASCII: 0.021, Whitespace: 0.710},
	"github":          {Bytes: 55528, Objects: 111, Arrays: 1, Strings: 723, Ints: 81, Bools: 78, Nulls: 39, Depth: 4, KeysPerObj: 9.0, ElemsPerArr: 30.0, StrLen: 44.9, NonASCII: 0.0, Whitespace: 0.144},
	"govtrack":        {Bytes: 3917338, Objects: 5242, Arrays: 9466, Strings: 61477, Ints: 11834, Floats: 144, Bools: 4000, Nulls: 12036, Depth: 5, KeysPerObj: 15.5, ElemsPerArr: 2.4, StrLen: 28.2, NonASCII: 0.001, Whitespace: 0.189},
	"large-numbers":   {Bytes: 351715, Arrays: 1, Ints: 5000, Floats: 15000, Depth: 1, ElemsPerArr: 20000.0, Whitespace: 0.057},
	"twitter":         {Bytes: 631514, Objects: 1264, Arrays: 1050, Strings: 4754, Ints: 2108, Floats: 1, Bools: 2791, Nulls: 1946, Depth: 10, KeysPerObj: 10.6, ElemsPerArr: 0.5, StrLen: 42.2, NonASCII: 0.475, Whitespace: 0.261},
	"utf-8-unescaped": {Bytes: 14268, Strings: 1, StrLen: 14052.0, NonASCII: 0.725},
}

func sharedDir() string {
	if d := os.Getenv("PINGPONG_SHARED_DATASETS"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "datasets")
}

// readReal returns a real corpus or skips the test when it is not available.
func readReal(t testing.TB, name string) []byte {
	t.Helper()
	p := filepath.Join(sharedDir(), name+".json")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Skipf("real corpus not available (%v); set PINGPONG_SHARED_DATASETS to the folder holding %s.json to run this check", err, name)
	}
	return data
}

// closeTo reports whether got is within rel of want; a zero want demands zero
// so that a kind of value absent from a real corpus stays absent.
func closeTo(got, want, rel float64) bool {
	if want == 0 {
		return got == 0
	}
	return math.Abs(got-want) <= rel*math.Abs(want)
}

// compareShape checks the tolerances promised by the generators: counts
// within 25% (small counts within 25% or 3), depth within 1, averages within
// 25%, byte shares within 25% relative or 2 percentage points.
func compareShape(t *testing.T, got, want shape) {
	t.Helper()
	count := func(col string, g, w int) {
		if w == 0 && g != 0 || math.Abs(float64(g-w)) > math.Max(0.25*float64(w), 3) {
			t.Errorf("%s: got %d, real %d (tolerance 25%%)", col, g, w)
		}
	}
	count("objects", got.Objects, want.Objects)
	count("arrays", got.Arrays, want.Arrays)
	count("strings", got.Strings, want.Strings)
	count("ints", got.Ints, want.Ints)
	count("floats", got.Floats, want.Floats)
	count("bools", got.Bools, want.Bools)
	count("nulls", got.Nulls, want.Nulls)
	if d := got.Depth - want.Depth; d < -1 || d > 1 {
		t.Errorf("depth: got %d, real %d (tolerance 1)", got.Depth, want.Depth)
	}
	avg := func(col string, g, w float64) {
		if !closeTo(g, w, 0.25) && math.Abs(g-w) > 0.15 {
			t.Errorf("%s: got %.2f, real %.2f (tolerance 25%%)", col, g, w)
		}
	}
	avg("keys/obj", got.KeysPerObj, want.KeysPerObj)
	avg("elems/arr", got.ElemsPerArr, want.ElemsPerArr)
	avg("str len", got.StrLen, want.StrLen)
	share := func(col string, g, w float64) {
		if w == 0 && g > 0.001 || w > 0 && !closeTo(g, w, 0.25) && math.Abs(g-w) > 0.02 {
			t.Errorf("%s: got %.1f%%, real %.1f%% (tolerance 25%% or 2 points)", col, 100*g, 100*w)
		}
	}
	share("non-ASCII", got.NonASCII, want.NonASCII)
	share("whitespace", got.Whitespace, want.Whitespace)
}

func TestGeneratedShapeMatchesReal(t *testing.T) {
	for _, b := range Builtins() {
		t.Run(b.Name, func(t *testing.T) {
			want, ok := realShapes[b.Name]
			if !ok {
				t.Fatalf("no reference shape for %s", b.Name)
			}
			for _, seed := range []int64{DefaultSeed, 2, 3} {
				data, err := Generate(b.Name, seed)
				if err != nil {
					t.Fatal(err)
				}
				got := shapeOf(data)
				t.Logf("seed %d: %v", seed, got)
				compareShape(t, got, want)
			}
			t.Logf("real:   %v", want)
		})
	}
}

// TestShapeOfReproducesStatsMD guards the measuring code itself: on the real
// files it must give STATS.md's figures at the precision they are printed.
func TestShapeOfReproducesStatsMD(t *testing.T) {
	for name, want := range realShapes {
		t.Run(name, func(t *testing.T) {
			got := shapeOf(readReal(t, name))
			// STATS.md prints averages with 1 decimal and shares as percentages
			// with 1 decimal; half a unit of that is the allowed difference.
			near := func(a, b, halfUnit float64) bool { return math.Abs(a-b) <= halfUnit+1e-9 }
			counts := func(s shape) [9]int {
				return [9]int{s.Bytes, s.Objects, s.Arrays, s.Strings, s.Ints, s.Floats, s.Bools, s.Nulls, s.Depth}
			}
			if counts(got) != counts(want) ||
				!near(got.KeysPerObj, want.KeysPerObj, 0.05) || !near(got.ElemsPerArr, want.ElemsPerArr, 0.05) ||
				!near(got.StrLen, want.StrLen, 0.05) || !near(got.NonASCII, want.NonASCII, 0.0005) ||
				!near(got.Whitespace, want.Whitespace, 0.0005) {
				t.Errorf("shapeOf(real %s):\n got  %v\n want %v", name, got, want)
			}
		})
	}
}

// TestGeneratedShapeMatchesRealFile repeats the comparison against the real
// file measured now, in case the folder holds a different version than the
// one STATS.md describes.
func TestGeneratedShapeMatchesRealFile(t *testing.T) {
	for _, b := range Builtins() {
		t.Run(b.Name, func(t *testing.T) {
			real := shapeOf(readReal(t, b.Name))
			data, err := Generate(b.Name, DefaultSeed)
			if err != nil {
				t.Fatal(err)
			}
			compareShape(t, shapeOf(data), real)
		})
	}
}
