package datasets

import (
	"fmt"
	"strings"
)

// A size range, SPEC:MIN..MAX (long-string:1MB..64MB, grow:FILE:1MB..64MB),
// asks for a search over the sizes of a shape rather than a list: the
// range is the SIZE of SHAPE:SIZE spelt as two, so every shape that takes
// a SIZE (and a grown document) takes a range the same way.

// Range is a parsed SPEC:MIN..MAX: Base is SPEC, the input without its
// size, and SizeSpec(n) the input at n bytes.
type Range struct {
	Base     string
	Min, Max int
}

// ParseRange reads spec as SPEC:MIN..MAX; ok is false when spec is no
// range (its last colon is not followed by ".."), and err says what is
// wrong with one that is.
func ParseRange(spec string) (r Range, ok bool, err error) {
	i := strings.LastIndexByte(spec, ':')
	if i < 0 || !strings.Contains(spec[i+1:], "..") {
		return r, false, nil
	}
	r.Base = spec[:i]
	from, to, _ := strings.Cut(spec[i+1:], "..")
	bad := func(format string, args ...any) error {
		return fmt.Errorf("input %q: %s; a range is SPEC:MIN..MAX with MIN below MAX, each %s", spec, fmt.Sprintf(format, args...), SizeRange())
	}
	var sizes [2]int
	for k, arg := range []string{from, to} {
		n, reason := sizeArg(arg)
		if reason != "" {
			return r, true, bad("%s", reason)
		}
		sizes[k] = n
	}
	r.Min, r.Max = sizes[0], sizes[1]
	if r.Min >= r.Max {
		return r, true, bad("%s is not below %s", from, to)
	}
	return r, true, nil
}

// SizeSpec is the range's input at n bytes, as -input names it.
func (r Range) SizeSpec(n int) string { return r.Base + ":" + formatSize(n) }

// sizeArg reads a SIZE, or says what is wrong with it.
func sizeArg(arg string) (n int, reason string) {
	switch size, ok := parseSize(arg); {
	case !ok:
		return 0, fmt.Sprintf("size %q is not a size", arg)
	case size > MaxShapeSize:
		return 0, fmt.Sprintf("size %q is above the limit of %s", arg, formatSize(MaxShapeSize))
	case size < MinShapeSize:
		return 0, fmt.Sprintf("size %q is below the minimum of %s", arg, formatSize(MinShapeSize))
	default:
		return int(size), ""
	}
}
