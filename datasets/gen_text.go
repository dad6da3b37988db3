package datasets

import (
	"math/rand/v2"
	"unicode/utf8"
)

func init() {
	register("utf-8-unescaped", 14268,
		"a single top-level string: multilingual UTF-8 sample text, 72% non-ASCII bytes, raw (not \\u-escaped)", genUTF8Unescaped)
}

// scripts are code point ranges of the multi-byte alphabets a UTF-8 sample
// text shows off, from 2-byte Greek to 3-byte CJK and symbols.
var scripts = []struct {
	label  string
	lo, hi rune
}{
	{"Greek", 0x03B1, 0x03C9},
	{"Russian", 0x0430, 0x044F},
	{"Georgian", 0x10D0, 0x10F0},
	{"Thai", 0x0E01, 0x0E2E},
	{"Amharic", 0x1200, 0x1250},
	{"Runes", 0x16A0, 0x16EA},
	{"Mathematics", 0x2200, 0x22FF},
	{"Box drawing", 0x2500, 0x257F},
	{"Braille", 0x2801, 0x28FF},
	{"Japanese", 0x3041, 0x3093},
	{"Arrows", 0x2190, 0x21FF},
}

var sampleWords = []string{"the", "sample", "text", "encoding", "UTF-8", "Unicode", "font", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "character", "display", "test", "of", "and", "in"}

func genUTF8Unescaped(seed int64) []byte {
	const decodedLen = 14052
	r := newRand(seed, "utf-8-unescaped")
	s := make([]byte, 0, decodedLen+128)
	s = append(s, "\nUTF-8 sample plain-text file\n"...)
	for len(s) < decodedLen {
		if chance(r, 0.2) {
			s = appendWords(s, r, sampleWords, between(r, 30, 70))
		} else {
			sc := scripts[r.IntN(len(scripts))]
			s = append(s, "  "...)
			s = append(s, sc.label...)
			s = append(s, ": "...)
			for range between(r, 4, 9) {
				s = appendRange(s, r, sc.lo, sc.hi, between(r, 2, 8))
				s = append(s, ' ')
			}
		}
		s = append(s, '\n')
	}
	w := newWriter(style{}, decodedLen+512)
	w.strb(s[:trimToRune(s, decodedLen)])
	return w.b
}

func appendRange(b []byte, r *rand.Rand, lo, hi rune, n int) []byte {
	for range n {
		b = utf8.AppendRune(b, lo+rune(r.IntN(int(hi-lo+1))))
	}
	return b
}

// trimToRune returns the largest length <= n that does not split a rune.
func trimToRune(s []byte, n int) int {
	if n >= len(s) {
		return len(s)
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return n
}
