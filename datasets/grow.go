package datasets

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Growing one's own document: -input grow:SOURCE:SIZE takes SOURCE (a
// file, a name in $PINGPONG_DATA or a built-in corpus, as -input takes
// them) to SIZE bytes, so that the safe-size question can be asked of
// one's own data. It is SHAPE:SIZE with the shape "grow:SOURCE": the size
// after the last colon (a path may hold colons), lists of sizes
// (grow:x.json:4MB,grow:x.json:16MB) and a range (grow:x.json:1MB..64MB)
// work as for every sized shape, and the by-size summary groups the sizes
// of one source. The prefix keeps a grown document from being read as the
// file itself in a header or a results file.
//
// What grows is the part of the document that holds most of its bytes:
// the array with the most bytes has its items repeated in order (the
// original items first, then again from the first), or, when a string
// holds more, that string's text is repeated. A smaller SIZE keeps the
// first items, or the start of the string. An array grows by whole items,
// so the document comes within one item of SIZE, never over it; the header
// says its real size.

// growPrefix starts a grown input's spec.
const growPrefix = "grow:"

// growDepth is how deep the search for the part to grow goes: the large
// arrays and strings of real documents sit near the top, and each level
// deeper reads its part of the document again.
const growDepth = 8

// growUsage is the accepted form, for errors.
func growUsage() string {
	return fmt.Sprintf("grow:SOURCE:SIZE with SOURCE a file, a name in $PINGPONG_DATA or a built-in corpus and SIZE %s", SizeRange())
}

// isGrowSpec says whether name asks for a grown document.
func isGrowSpec(name string) bool { return strings.HasPrefix(name, growPrefix) }

// resolveGrow reads spec, grow:SOURCE:SIZE, and grows SOURCE to SIZE.
func resolveGrow(spec string, seed int64) (*Input, error) {
	bad := func(err error, format string, args ...any) error {
		return &ShapeError{Input: spec, Reason: fmt.Sprintf(format, args...), Usage: growUsage(), Err: err}
	}
	rest := strings.TrimPrefix(spec, growPrefix)
	i := strings.LastIndexByte(rest, ':')
	if i <= 0 {
		return nil, bad(nil, "no SOURCE:SIZE after grow:")
	}
	source, arg := rest[:i], rest[i+1:]
	size, reason := sizeArg(arg)
	switch {
	case reason != "":
		return nil, bad(nil, "%s", reason)
	case source == Stdin || isGrowSpec(source):
		return nil, bad(nil, "%q cannot be grown: give a file, a name in $PINGPONG_DATA or a built-in corpus", source)
	}
	src, err := resolve(source, seed)
	if err != nil {
		return nil, fmt.Errorf("input %q: %w", spec, err)
	}
	if err := Validate(source, src.Data); err != nil {
		return nil, fmt.Errorf("input %q: %w", spec, err)
	}
	data, err := Grow(src.Data, size)
	if err != nil {
		return nil, fmt.Errorf("input %q: %s cannot be grown to %s: %w", spec, source, formatSize(size), err)
	}
	shape := growPrefix + src.Name
	return &Input{Name: shape + ":" + formatSize(size), Kind: "grown " + src.Kind, Path: src.Path, Seed: src.Seed, Data: data,
		Shape: shape, AskedSize: size}, nil
}

// ErrCannotGrow is why a document cannot be grown: it holds no array with
// an item and no string.
var ErrCannotGrow = errors.New("it holds no array with an item and no string to repeat")

// Grow is doc (valid JSON) taken to at most size bytes, as grow:SOURCE:SIZE
// does: the array holding most bytes with its items repeated or cut, or
// the longest string with its text repeated or cut, whichever holds more.
func Grow(doc []byte, size int) ([]byte, error) {
	var p growPart
	p.find(doc, 0, 0)
	switch {
	case p.array.end == 0 && p.str.end == 0:
		return nil, ErrCannotGrow
	case p.str.end-p.str.start > p.array.end-p.array.start || p.array.end == 0:
		return growString(doc, p.str, size)
	}
	return growArray(doc, p.array, p.items, size)
}

type span struct{ start, end int }

// growPart is the largest array with an item (its span and its items')
// and the longest string value (its span, quotes included) of a document.
type growPart struct {
	array span
	items []span
	str   span
}

// find walks the value raw, at offset off of the document, depth levels
// down, keeping the largest array and the longest string.
func (p *growPart) find(raw []byte, off, depth int) {
	// a value decoded into RawMessage has no space around it; the
	// document may
	trimmed := bytes.TrimLeft(raw, " \t\r\n")
	off += len(raw) - len(trimmed)
	raw = bytes.TrimRight(trimmed, " \t\r\n")
	if len(raw) == 0 || depth > growDepth {
		return
	}
	switch raw[0] {
	case '"':
		if len(raw) > p.str.end-p.str.start {
			p.str = span{off, off + len(raw)}
		}
		return
	case '[', '{':
	default:
		return
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return
	}
	var items []span
	for dec.More() {
		if raw[0] == '{' {
			if _, err := dec.Token(); err != nil { // the key
				return
			}
		}
		var m json.RawMessage
		if err := dec.Decode(&m); err != nil {
			return
		}
		end := int(dec.InputOffset())
		item := span{off + end - len(m), off + end}
		items = append(items, item)
		p.find(m, item.start, depth+1)
	}
	if raw[0] == '[' && len(items) > 0 && len(raw) > p.array.end-p.array.start {
		p.array, p.items = span{off, off + len(raw)}, items
	}
}

// growArray repeats (or cuts) the items of the array at a in doc.
func growArray(doc []byte, a span, items []span, size int) ([]byte, error) {
	fixed := len(doc) - (a.end - a.start) + 2 // the document around the array, and its brackets
	if first := items[0]; fixed+first.end-first.start > size {
		return nil, fmt.Errorf("its smallest form, with one item of its largest array, is %s", formatSize(fixed+first.end-first.start))
	}
	var b bytes.Buffer
	b.Grow(size)
	b.Write(doc[:a.start+1])
	for i, n := 0, fixed; ; i++ {
		it := items[i%len(items)]
		add := it.end - it.start
		if i > 0 {
			add++
		}
		if n+add > size {
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(doc[it.start:it.end])
		n += add
	}
	b.Write(doc[a.end-1:])
	return b.Bytes(), nil
}

// growString repeats (or cuts) the text of the string at s in doc, cut
// only between characters and escapes.
func growString(doc []byte, s span, size int) ([]byte, error) {
	body := doc[s.start+1 : s.end-1]
	fixed := len(doc) - len(body)
	if fixed > size {
		return nil, fmt.Errorf("its smallest form, with its longest string empty, is %s", formatSize(fixed))
	}
	var b bytes.Buffer
	b.Grow(size)
	b.Write(doc[:s.start+1])
	left := size - fixed
	for ; left >= len(body) && len(body) > 0; left -= len(body) {
		b.Write(body)
	}
	b.Write(body[:safeCut(body, left)])
	b.Write(doc[s.end-1:])
	return b.Bytes(), nil
}

// safeCut is the longest prefix of the string text body of at most n
// bytes that ends between characters and escapes.
func safeCut(body []byte, n int) int {
	cut := 0
	for i := 0; i < len(body); {
		w := 1
		switch {
		case body[i] == '\\' && i+1 < len(body) && body[i+1] == 'u':
			w = 6
		case body[i] == '\\':
			w = 2
		case body[i] >= utf8.RuneSelf:
			_, w = utf8.DecodeRune(body[i:])
		}
		if i+w > n {
			break
		}
		i += w
		cut = i
	}
	return cut
}
