package datasets

import (
	"fmt"
	"unicode/utf8"
)

// shape holds the columns of /work/shared/datasets/STATS.md, computed the way
// that table was (Python's json module): keys are not counted as strings,
// string lengths are of the decoded UTF-8 bytes, depth counts the containers
// around the deepest value.
type shape struct {
	Bytes, Objects, Arrays, Strings, Ints, Floats, Bools, Nulls, Depth int
	KeysPerObj, ElemsPerArr, StrLen, NonASCII, Whitespace              float64
}

func (s shape) String() string {
	return fmt.Sprintf("bytes=%d obj=%d arr=%d str=%d int=%d float=%d bool=%d null=%d depth=%d keys/obj=%.1f elems/arr=%.1f strlen=%.1f nonascii=%.1f%% ws=%.1f%%",
		s.Bytes, s.Objects, s.Arrays, s.Strings, s.Ints, s.Floats, s.Bools, s.Nulls, s.Depth,
		s.KeysPerObj, s.ElemsPerArr, s.StrLen, 100*s.NonASCII, 100*s.Whitespace)
}

// shapeOf scans a valid JSON document once, without building it, so that it
// is fast enough to run on every corpus under -race.
func shapeOf(data []byte) shape {
	type frame struct{ obj, wantKey bool }
	var (
		s                             = shape{Bytes: len(data)}
		stack                         []frame
		keys, elems, strBytes, nonASC int
		ws                            int
	)
	value := func() { // bookkeeping shared by every value, scalar or container
		if d := len(stack); d > s.Depth {
			s.Depth = d
		}
		if len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.obj {
				top.wantKey = true
			} else {
				elems++
			}
		}
	}
	for i := 0; i < len(data); {
		switch c := data[i]; c {
		case ' ', '\t', '\n', '\r':
			ws++
			i++
		case ',', ':':
			i++
		case '{', '[':
			value()
			if c == '{' {
				s.Objects++
			} else {
				s.Arrays++
			}
			stack = append(stack, frame{obj: c == '{', wantKey: c == '{'})
			i++
		case '}', ']':
			stack = stack[:len(stack)-1]
			i++
		case '"':
			n, na, end := decodedLen(data, i+1)
			if len(stack) > 0 && stack[len(stack)-1].obj && stack[len(stack)-1].wantKey {
				stack[len(stack)-1].wantKey = false
				keys++
			} else {
				value()
				s.Strings++
				strBytes += n
				nonASC += na
			}
			i = end
		case 't', 'f', 'n':
			value()
			if c == 'n' {
				s.Nulls++
				i += 4
			} else {
				s.Bools++
				i += 4
				if c == 'f' {
					i++
				}
			}
		default:
			value()
			isFloat := false
			for ; i < len(data) && (data[i] == '-' || data[i] == '+' || data[i] == '.' || data[i] == 'e' || data[i] == 'E' || data[i] >= '0' && data[i] <= '9'); i++ {
				isFloat = isFloat || data[i] == '.' || data[i] == 'e' || data[i] == 'E'
			}
			if isFloat {
				s.Floats++
			} else {
				s.Ints++
			}
		}
	}
	ratio := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return float64(a) / float64(b)
	}
	s.KeysPerObj = ratio(keys, s.Objects)
	s.ElemsPerArr = ratio(elems, s.Arrays)
	s.StrLen = ratio(strBytes, s.Strings)
	s.NonASCII = ratio(nonASC, strBytes)
	s.Whitespace = ratio(ws, len(data))
	return s
}

// decodedLen measures the string starting at data[i] (after the quote): its
// decoded length in bytes, how many of those are non-ASCII, and the index
// after the closing quote.
func decodedLen(data []byte, i int) (n, nonASCII, end int) {
	for i < len(data) {
		c := data[i]
		switch {
		case c == '"':
			return n, nonASCII, i + 1
		case c == '\\' && data[i+1] == 'u':
			cp := hex4(data[i+2 : i+6])
			i += 6
			if cp >= 0xD800 && cp < 0xDC00 && i+6 <= len(data) && data[i] == '\\' && data[i+1] == 'u' {
				cp = 0x10000 + (cp-0xD800)<<10 + (hex4(data[i+2:i+6]) - 0xDC00)
				i += 6
			}
			l := utf8.RuneLen(rune(cp))
			if l < 0 {
				l = 3 // lone surrogate; Python keeps it as one 3-byte code point
			}
			n += l
			if cp >= 0x80 {
				nonASCII += l
			}
		case c == '\\':
			n++
			i += 2
		default:
			n++
			if c >= 0x80 {
				nonASCII++
			}
			i++
		}
	}
	return n, nonASCII, i
}

func hex4(b []byte) int {
	v := 0
	for _, c := range b {
		v <<= 4
		switch {
		case c >= '0' && c <= '9':
			v |= int(c - '0')
		case c >= 'a' && c <= 'f':
			v |= int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			v |= int(c-'A') + 10
		}
	}
	return v
}
