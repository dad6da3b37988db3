package datasets

import (
	"math/rand/v2"
	"strconv"
)

// The array and object shapes write elements into a slice preallocated to
// the asked size until a margin is left, then fill the margin with a few
// elements made to measure, so the document is exactly the size asked for
// without ever reallocating.

const (
	// maxElem bounds one main-loop element with its comma. The loop stops
	// while more than fillMargin bytes are still free, so it never outgrows
	// the slice, and the fillers always have room for at least one of them.
	maxElem    = 32
	fillMargin = 64
)

// container writes '[' or '{', elements from next until the margin, then
// made-to-measure elements from fill, and the closing byte: exactly size
// bytes. fill(b, n, i) appends the i-th filler of exactly n bytes, for any n
// from the shortest filler it can make (minFill) to maxFill. The callers keep
// maxFill >= 2*minFill+1 and size >= MinShapeSize >= minFill+2, so that
// whatever space is left splits into such fillers.
func container(size int, open, close byte, next func(b []byte) []byte, maxFill int, fill func(b []byte, n, i int) []byte) []byte {
	b := make([]byte, 0, size)
	b = append(b, open)
	first := true
	for size-1-len(b) > fillMargin+maxElem {
		if !first {
			b = append(b, ',')
		}
		b = next(b)
		first = false
	}
	b = fillElems(b, size-1-len(b), first, maxFill, fill)
	return append(b, close)
}

// fillElems appends room bytes as the fewest comma-separated elements of at
// most maxFill bytes each, their lengths as even as possible; a leading
// comma unless first.
func fillElems(b []byte, room int, first bool, maxFill int, fill func(b []byte, n, i int) []byte) []byte {
	if room == 0 {
		return b
	}
	comma := 1
	if first {
		comma = 0
	}
	k := (room - comma + 1 + maxFill) / (maxFill + 1) // each element costs its length plus a comma
	sum := room - comma - (k - 1)
	for i := range k {
		if i > 0 || !first {
			b = append(b, ',')
		}
		n := sum / k
		if i < sum%k {
			n++
		}
		b = fill(b, n, i)
	}
	return b
}

func appendDigits(b []byte, bs *bitSource, n int) []byte {
	for range n {
		b = append(b, byte('0'+bs.take(8)%10))
	}
	return b
}

// appendRandDigits appends n <= 18 decimal digits of x, the first non-zero
// when lead is set. Writing digits straight from random bits is several
// times faster than formatting random float64s with strconv, which would
// dominate generating hundreds of megabytes; a decoder sees the same thing.
func appendRandDigits(b []byte, x uint64, n int, lead bool) []byte {
	if lead {
		b = append(b, byte('1'+x%9))
		x /= 9
		n--
	}
	for range n {
		b = append(b, byte('0'+x%10))
		x /= 10
	}
	return b
}

// genFloats is a flat array of doubles of three kinds: coordinates with 17
// significant digits (as many as a float64 needs, like canada.json's),
// prices with two decimals, and numbers with exponents up to ±300.
func genFloats(r *rand.Rand, size int) []byte {
	bs := bitSource{r: r}
	next := func(b []byte) []byte {
		if bs.take(1) == 0 {
			b = append(b, '-')
		}
		switch bs.take(2) {
		case 0, 1:
			k := 1 + int(bs.take(2)%3) // "1.234", "12.34", "123.4": all 17 digits
			b = appendRandDigits(b, r.Uint64(), k, k > 1)
			b = append(b, '.')
			return appendRandDigits(b, r.Uint64(), 17-k, false)
		case 2:
			b = appendRandDigits(b, r.Uint64(), 1+int(bs.take(2)), true)
			b = append(b, '.')
			return appendRandDigits(b, bs.take(7), 2, false)
		default:
			x := r.Uint64()
			b = appendRandDigits(b, x, 1, true)
			b = append(b, '.')
			b = appendRandDigits(b, x>>4, 15, false)
			b = append(b, 'e', "+-"[bs.take(1)])
			return strconv.AppendUint(b, 1+bs.take(9)%300, 10)
		}
	}
	fill := func(b []byte, n, _ int) []byte { // n >= 3: "d.d..."
		b = append(b, byte('0'+bs.take(8)%10), '.')
		return appendDigits(b, &bs, n-2)
	}
	return container(size, '[', ']', next, 18, fill)
}

// genInts is a flat array of integers of 1 to 15 digits, so all of them are
// exact in a float64 as well.
func genInts(r *rand.Rand, size int) []byte {
	bs := bitSource{r: r}
	next := func(b []byte) []byte {
		if bs.take(3) == 0 {
			b = append(b, '-')
		}
		d := 1 + int(bs.take(4)%15)
		return appendRandDigits(b, r.Uint64(), d, d > 1)
	}
	fill := func(b []byte, n, _ int) []byte { // n digits, no leading zero
		if n == 1 {
			return appendDigits(b, &bs, 1)
		}
		b = append(b, byte('1'+bs.take(8)%9))
		return appendDigits(b, &bs, n-1)
	}
	return container(size, '[', ']', next, 15, fill)
}

// fieldWords start the wide-object keys; 64 so that 6 random bits pick one.
var fieldWords = [64]string{
	"id", "name", "type", "status", "created_at", "updated_at", "user", "user_id", "email", "title", "body", "count", "total", "price", "amount", "currency",
	"url", "path", "host", "port", "version", "tags", "labels", "owner", "group", "role", "score", "rank", "weight", "height", "width", "depth",
	"lat", "lon", "city", "country", "zip", "street", "phone", "lang", "locale", "tz", "enabled", "visible", "deleted", "flags", "mode", "kind",
	"source", "target", "parent", "child", "next", "prev", "first", "last", "min", "max", "avg", "sum", "start", "end", "key", "value",
}

// genWideObject is one object whose keys are all distinct: a field word and a
// base-36 counter. They start with a letter; the fillers' start with '_',
// so the two can never collide.
func genWideObject(r *rand.Rand, size int) []byte {
	bs := bitSource{r: r}
	i := uint64(0)
	next := func(b []byte) []byte {
		b = append(b, '"')
		b = append(b, fieldWords[bs.take(6)]...)
		b = append(b, '_')
		b = strconv.AppendUint(b, i, 36)
		i++
		b = append(b, '"', ':')
		return strconv.AppendUint(b, bs.take(10)%1000, 10)
	}
	fill := func(b []byte, n, i int) []byte { // n >= 6: "_i":d with the key padded by 'x'
		b = append(b, '"', '_', byte('0'+i))
		for range n - 6 {
			b = append(b, 'x')
		}
		return append(b, '"', ':', byte('0'+bs.take(8)%10))
	}
	return container(size, '{', '}', next, 40, fill)
}
