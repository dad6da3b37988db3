package datasets

import (
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"unicode/utf8"
)

// newRand mixes the corpus name into the stream so that two corpora generated
// with the same seed do not share their random sequence.
func newRand(seed int64, name string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(name))
	return rand.New(rand.NewPCG(uint64(seed), h.Sum64()))
}

func pick[T any](r *rand.Rand, list []T) T { return list[r.IntN(len(list))] }

// between returns an int in [lo, hi].
func between(r *rand.Rand, lo, hi int) int { return lo + r.IntN(hi-lo+1) }

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

func chance(r *rand.Rand, p float64) bool { return r.Float64() < p }

// digits returns a random number with exactly n decimal digits.
func digits(r *rand.Rand, n int) int64 {
	lo := int64(1)
	for range n - 1 {
		lo *= 10
	}
	return lo + r.Int64N(9*lo)
}

func appendFrom(b []byte, r *rand.Rand, alphabet string, n int) []byte {
	for range n {
		b = append(b, alphabet[r.IntN(len(alphabet))])
	}
	return b
}

const (
	lowerHex = "0123456789abcdef"
	alnum    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	lowerNum = "abcdefghijklmnopqrstuvwxyz0123456789_"
)

func randString(r *rand.Rand, alphabet string, n int) string {
	return string(appendFrom(make([]byte, 0, n), r, alphabet, n))
}

// appendWords appends space-separated words until at least n bytes were added.
func appendWords(b []byte, r *rand.Rand, vocab []string, n int) []byte {
	start := len(b)
	for len(b)-start < n {
		if len(b) > start {
			b = append(b, ' ')
		}
		b = append(b, pick(r, vocab)...)
	}
	return b
}

func words(r *rand.Rand, vocab []string, n int) string {
	return string(appendWords(nil, r, vocab, n))
}

// runePools holds the multi-byte repertoires used for non-ASCII text, split
// into runes once so that picking one is an index.
type runePool []rune

func poolOf(s string) runePool { return runePool([]rune(s)) }

func (p runePool) append(b []byte, r *rand.Rand, n int) []byte {
	for range n {
		b = utf8.AppendRune(b, p[r.IntN(len(p))])
	}
	return b
}

var (
	hiragana = poolOf("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんがぎぐげござじずぜぞだでどばびぶべぼぱぴぷっゃゅょー")
	katakana = poolOf("アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンガギグゲゴザジズゼゾダデドバビブベボパピプペポッャュョー")
	kanji    = poolOf("日本人大年一中出上生子国行見月分時前後気自事今学会社間部話地手私方何言思者家意明来新当最理物感友達好名印象初回答今夜朝食写真動画公式情報拡散希望募集相互歳高校学生野球部活応援楽曲歌声優作品映画漫画")
	jaPunct  = poolOf("、。！？「」（）…・〜")
	emoji    = poolOf("😊😋😂😍😭✨❤👍🙏🎉💕🌸🔥⚽🍀")
)

// appendJapanese appends about n runes of tweet-like Japanese: mostly kana and
// kanji with punctuation, and now and then an emoji or an ASCII word, which is
// what gives twitter.json its ~50% non-ASCII share.
func appendJapanese(b []byte, r *rand.Rand, n int, ascii []string) []byte {
	for i := 0; i < n; {
		switch x := r.IntN(100); {
		case x < 35:
			k := between(r, 1, 4)
			b = hiragana.append(b, r, k)
			i += k
		case x < 55:
			k := between(r, 2, 5)
			b = katakana.append(b, r, k)
			i += k
		case x < 80:
			k := between(r, 1, 3)
			b = kanji.append(b, r, k)
			i += k
		case x < 88:
			b = jaPunct.append(b, r, 1)
			i++
		case x < 92:
			b = emoji.append(b, r, 1)
			i++
		default:
			w := pick(r, ascii)
			b = append(b, w...)
			i += len(w)
		}
	}
	return b
}
