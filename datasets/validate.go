package datasets

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// maxDepth is encoding/json's nesting limit; deeper documents are rejected by
// it (and can exhaust the stack of recursive decoders), so they make no
// meaningful benchmark input.
const maxDepth = 10000

// Validate checks that data is exactly one well-formed JSON value in valid
// UTF-8. Errors are single lines naming the input and, where it helps, the
// line and column (1-based, column counted in characters).
func Validate(name string, data []byte) error {
	fail := func(format string, args ...any) error {
		msg := fmt.Sprintf(format, args...)
		msg = strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(msg)
		return fmt.Errorf("input %q: %s", name, msg)
	}
	if len(bytes.TrimLeft(data, " \t\r\n")) == 0 {
		if len(data) == 0 {
			return fail("empty document")
		}
		return fail("document is only whitespace (%d bytes)", len(data))
	}
	// Before json.Valid: a cheap scan that cannot recurse, so a hostile depth
	// is reported with its value instead of as a generic syntax error.
	if depth, off := nestingDepth(data); depth > maxDepth {
		line, col := lineCol(data, off)
		return fail("nesting depth %d exceeds the limit of %d (at line %d, column %d)", depth, maxDepth, line, col)
	}
	if json.Valid(data) {
		if off := invalidUTF8(data); off >= 0 {
			line, col := lineCol(data, off)
			return fail("invalid UTF-8 at byte offset %d (line %d, column %d)", off, line, col)
		}
		return nil
	}
	if off := invalidUTF8(data); off >= 0 {
		line, col := lineCol(data, off)
		return fail("invalid UTF-8 at byte offset %d (line %d, column %d)", off, line, col)
	}
	var raw json.RawMessage
	err := json.Unmarshal(data, &raw)
	var se *json.SyntaxError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || (errors.As(err, &se) && se.Error() == "unexpected end of JSON input"):
		end := len(bytes.TrimRight(data, " \t\r\n"))
		line, col := lineCol(data, end)
		return fail("unexpected end of JSON at line %d, column %d", line, col)
	case se != nil:
		off := max(int(se.Offset)-1, 0) // Offset counts the bytes read, including the bad one
		line, col := lineCol(data, off)
		if strings.Contains(se.Error(), "after top-level value") {
			return fail("trailing data after the JSON value at line %d, column %d: %s", line, col, se.Error())
		}
		return fail("invalid JSON at line %d, column %d: %s", line, col, se.Error())
	case err != nil:
		return fail("invalid JSON: %v", err)
	}
	return fail("invalid JSON") // json.Valid and json.Unmarshal disagree; should not happen
}

// nestingDepth returns the deepest container nesting of data, ignoring
// brackets inside strings, and the offset where that depth was first reached.
func nestingDepth(data []byte) (maxD, at int) {
	depth := 0
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			depth++
			if depth > maxD {
				maxD, at = depth, i
			}
		case ']', '}':
			depth--
		}
	}
	return maxD, at
}

// invalidUTF8 returns the offset of the first invalid UTF-8 sequence or -1.
func invalidUTF8(data []byte) int {
	if utf8.Valid(data) {
		return -1
	}
	for i := 0; i < len(data); {
		if data[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

// lineCol converts a byte offset to a 1-based line and character column.
func lineCol(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	before := data[:off]
	line = 1 + bytes.Count(before, []byte{'\n'})
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return line, 1 + utf8.RuneCount(before[lineStart:])
}
