package datasets

import (
	"math"
	"strconv"
)

// style captures the formatting conventions of the real corpora, whose
// whitespace share is part of what a decoder benchmark measures.
type style struct {
	indent string // one level of indentation; "" keeps everything on one line
	colon  string // between a key and its value
	comma  string // after ',' (before the newline when indenting), e.g. Python 2's ", \n"
}

// writer emits JSON directly into a byte slice: the corpora are megabytes of
// small values, and building them as maps for encoding/json would be slow and
// would lose control over key order and layout.
type writer struct {
	b        []byte
	st       style
	counts   []int // elements written so far in each open container
	afterKey bool
}

func newWriter(st style, sizeHint int) *writer {
	return &writer{b: make([]byte, 0, sizeHint+sizeHint/16), st: st}
}

func (w *writer) newline() {
	if w.st.indent == "" {
		return
	}
	w.b = append(w.b, '\n')
	for range len(w.counts) {
		w.b = append(w.b, w.st.indent...)
	}
}

// item writes the separator due before the next array element or object key.
func (w *writer) item() {
	if w.afterKey {
		w.afterKey = false
		return
	}
	top := len(w.counts) - 1
	if top < 0 {
		return
	}
	if w.counts[top] > 0 {
		w.b = append(w.b, ',')
		w.b = append(w.b, w.st.comma...)
	}
	w.counts[top]++
	w.newline()
}

func (w *writer) open(c byte) {
	w.item()
	w.b = append(w.b, c)
	w.counts = append(w.counts, 0)
}

func (w *writer) close(c byte) {
	n := w.counts[len(w.counts)-1]
	w.counts = w.counts[:len(w.counts)-1]
	if n > 0 {
		w.newline()
	}
	w.b = append(w.b, c)
}

func (w *writer) obj()    { w.open('{') }
func (w *writer) endObj() { w.close('}') }
func (w *writer) arr()    { w.open('[') }
func (w *writer) endArr() { w.close(']') }

func (w *writer) key(k string) {
	w.item()
	w.b = appendQuoted(w.b, k)
	w.b = append(w.b, w.st.colon...)
	w.afterKey = true
}

func (w *writer) str(s string) { w.item(); w.b = appendQuoted(w.b, s) }
func (w *writer) strb(s []byte) {
	w.item()
	w.b = appendQuoted(w.b, s)
}
func (w *writer) int(v int64) { w.item(); w.b = strconv.AppendInt(w.b, v, 10) }
func (w *writer) null()       { w.item(); w.b = append(w.b, "null"...) }
func (w *writer) bool(v bool) { w.item(); w.b = strconv.AppendBool(w.b, v) }

// float writes v the way Python's repr does, which is how most of the real
// corpora were produced (exponent only for tiny or huge magnitudes).
func (w *writer) float(v float64) { w.item(); w.b = appendPyFloat(w.b, v) }

// Convenience for the common "key": value pairs.
func (w *writer) kstr(k, v string) { w.key(k); w.str(v) }
func (w *writer) kint(k string, v int64) {
	w.key(k)
	w.int(v)
}
func (w *writer) knull(k string)         { w.key(k); w.null() }
func (w *writer) kbool(k string, v bool) { w.key(k); w.bool(v) }

// kstrOrNull writes a string when ok, null otherwise: many fields of the real
// corpora are optional in exactly this way.
func (w *writer) kstrOrNull(k string, ok bool, v string) {
	w.key(k)
	if ok {
		w.str(v)
	} else {
		w.null()
	}
}

func appendPyFloat(b []byte, v float64) []byte {
	a := math.Abs(v)
	if a != 0 && (a < 1e-4 || a >= 1e16) {
		return strconv.AppendFloat(b, v, 'e', -1, 64)
	}
	start := len(b)
	b = strconv.AppendFloat(b, v, 'f', -1, 64)
	for _, c := range b[start:] {
		if c == '.' {
			return b
		}
	}
	return append(b, ".0"...)
}

const hexDigits = "0123456789abcdef"

// appendQuoted escapes only what JSON requires, leaving '/', '<', '>' and
// non-ASCII text raw as in the real corpora.
func appendQuoted[S string | []byte](b []byte, s S) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
