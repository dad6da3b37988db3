package datasets

import (
	"math/rand/v2"
	"unicode/utf8"
)

// The string shapes fill one preallocated slice of exactly the asked size:
// at 256 MB, growing a slice by appending would hold up to twice the size
// and spend most of the time copying.

// bitSource hands out a few random bits at a time: a rand call per word or
// rune would dominate generating hundreds of megabytes.
type bitSource struct {
	r *rand.Rand
	x uint64
	n uint
}

func (s *bitSource) take(k uint) uint64 {
	if s.n < k {
		s.refill() // out of line, so that take itself inlines
	}
	v := s.x & (1<<k - 1)
	s.x >>= k
	s.n -= k
	return v
}

func (s *bitSource) refill() { s.x, s.n = s.r.Uint64(), 64 }

// proseWords has 64 entries so that 6 random bits pick one. None needs
// escaping, which is what makes long-string the codecs' fast path.
var proseWords = [64]string{
	"the", "a", "of", "and", "to", "in", "is", "it", "on", "for", "with", "as", "by", "at", "from", "or",
	"Go", "JSON", "codec", "decoder", "encoder", "scheduler", "goroutine", "latency,", "throughput.", "runtime", "buffer", "string", "number", "object", "array", "value",
	"quick", "brown", "fox", "jumps", "over", "lazy", "dog.", "Lorem", "ipsum", "dolor", "sit", "amet,", "consectetur", "adipiscing", "elit.", "sed",
	"2024", "42", "3.14", "v1.2.3", "100%", "(see", "below)", "e.g.", "i.e.", "etc.", "--", "A/B", "x=1;", "<tag>", "user@example.com", "https://example.com/path?q=1",
}

// quoted returns a slice of size bytes that starts and ends with '"' and the
// bounds of the space between, which the caller fills completely.
func quoted(size int) (b []byte, start, end int) {
	b = make([]byte, size)
	b[0], b[size-1] = '"', '"'
	return b, 1, size - 1
}

// genLongString is a top-level JSON string (not an object holding one), so
// that decoding it into any yields the string itself and nothing else.
func genLongString(r *rand.Rand, size int) []byte {
	b, pos, end := quoted(size)
	for pos < end {
		x := r.Uint64()
		for j := 0; j < 10 && pos < end; j, x = j+1, x>>6 {
			pos += copy(b[pos:end], proseWords[x&63]) // the last word may be cut: still text
			if pos < end {
				b[pos] = ' '
				pos++
			}
		}
	}
	return b
}

// unicodeRanges mixes 2-, 3- and 4-byte UTF-8 (the last being surrogate
// pairs in UTF-16 codecs); 16 of them so that 4 random bits pick one.
var unicodeRanges = [16]struct{ lo, hi rune }{
	{0x00E0, 0x00FF},   // Latin-1 letters (2 bytes)
	{0x03B1, 0x03C9},   // Greek
	{0x0430, 0x044F},   // Cyrillic
	{0x05D0, 0x05EA},   // Hebrew
	{0x0627, 0x064A},   // Arabic
	{0x0905, 0x0939},   // Devanagari (3 bytes)
	{0x0E01, 0x0E2E},   // Thai
	{0x10D0, 0x10F0},   // Georgian
	{0x2190, 0x21FF},   // arrows
	{0x2200, 0x22FF},   // mathematical operators
	{0x3041, 0x3093},   // hiragana
	{0x30A1, 0x30F6},   // katakana
	{0x4E00, 0x9FA5},   // CJK ideographs
	{0xAC00, 0xD7A3},   // Hangul syllables
	{0x1F300, 0x1F5FF}, // pictographs (4 bytes)
	{0x1F600, 0x1F64F}, // emoticons
}

// genUnicodeString writes words of 2 to 5 runes of one script separated by
// ASCII spaces, raw rather than \u-escaped. One random draw makes a word:
// 4 bits pick the script, 2 the length, and 11 each rune (so only 2048 of
// the larger scripts' runes occur, which no decoder can tell).
func genUnicodeString(r *rand.Rand, size int) []byte {
	b, pos, end := quoted(size)
	for pos < end {
		x := r.Uint64()
		rg := unicodeRanges[x&15]
		span := uint64(rg.hi - rg.lo + 1)
		n := 2 + (x>>4)&3
		for x >>= 6; n > 0 && pos < end; n, x = n-1, x>>11 {
			c := rg.lo + rune((x&0x7ff)*span>>11)
			if pos+utf8.RuneLen(c) > end {
				// Fill the last 1 to 3 bytes with a rune of exactly that
				// length rather than cut one in half.
				c = [...]rune{' ', 'é', '€'}[end-pos-1]
			}
			pos += utf8.EncodeRune(b[pos:end], c)
		}
		if pos < end {
			b[pos] = ' '
			pos++
		}
	}
	return b
}

// jsonEscapes has 16 entries so that 4 random bits pick one; the surrogate
// pair is a valid one, since strict decoders reject a lone surrogate.
var jsonEscapes = [16]string{
	`\"`, `\\`, `\n`, `\t`, `\r`, `\/`, `\b`, `\f`,
	`\u00e9`, `\u00fc`, `\u4e2d`, `\u6587`, `\u0001`, `\u001f`, `\u2603`, `\ud83d\ude00`,
}

// genEscapedString alternates a word with one or two escapes, which puts
// about half of the bytes (and at least the 30% the shape promises) in
// escapes.
func genEscapedString(r *rand.Rand, size int) []byte {
	bs := bitSource{r: r}
	b, pos, end := quoted(size)
	for pos < end {
		x := bs.take(15) // a word, a count and two escapes
		pos += copy(b[pos:end], proseWords[x&63])
		for n := 1 + (x>>6)&1; n > 0 && pos < end; n, x = n-1, x>>4 {
			e := jsonEscapes[(x>>7)&15]
			if pos+len(e) > end {
				// A cut escape would be invalid JSON: pad with spaces.
				for ; pos < end; pos++ {
					b[pos] = ' '
				}
				break
			}
			pos += copy(b[pos:], e)
		}
		if pos < end {
			b[pos] = ' '
			pos++
		}
	}
	return b
}
