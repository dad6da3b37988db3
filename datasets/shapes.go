package datasets

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

// MaxShapeSize is the largest SIZE that -input SHAPE:SIZE accepts, 1 GB.
// Every ping-pong pair decodes its own copy of the document, so beyond this a
// run exhausts the memory of ordinary machines before it measures anything.
const MaxShapeSize = 1_000_000_000

// MinShapeSize is the smallest SIZE: the least every sized shape can be
// padded to exactly while still holding one element of its kind.
const MinShapeSize = 16

// Shape describes one parametric document shape, for -list.
type Shape struct {
	Name  string // "long-string"
	Param string // "SIZE" (bytes), "D" (a nesting depth), "N" (a number of struct types) or "" for a fixed document
	Desc  string // one short line
}

type shapeGen struct {
	Shape
	seeded bool                             // whether the seed changes the document
	gen    func(r *rand.Rand, n int) []byte // n is the SIZE in bytes, the depth D, or 0
}

// shapeGens is in -list order: strings first, since that is where codecs
// differ most.
var shapeGens = []shapeGen{
	{Shape{"long-string", "SIZE", "one top-level JSON string of ASCII prose, no escapes"}, true, genLongString},
	{Shape{"unicode-string", "SIZE", "one top-level JSON string of raw UTF-8, ~90% of it in 2-, 3- and 4-byte runes"}, true, genUnicodeString},
	{Shape{"escaped-string", "SIZE", `one top-level JSON string, about half its bytes in escapes (\" \\ \n \uXXXX, surrogate pairs)`}, true, genEscapedString},
	{Shape{"attachment", "SIZE", "ordinary records (small-doc's orders) carrying one string of 60% of SIZE, with escapes and non-ASCII letters"}, true, genAttachment},
	{Shape{"floats", "SIZE", "flat array of doubles: 17-digit coordinates, 2-decimal prices, exponents up to ±300"}, true, genFloats},
	{Shape{"ints", "SIZE", "flat array of integers of 1 to 15 digits, an eighth negative"}, true, genInts},
	{Shape{"wide-object", "SIZE", "one object of distinct keys (word_base36) with small integer values"}, true, genWideObject},
	{Shape{"deep", "D", fmt.Sprintf("arrays and objects alternately nested exactly D levels deep (1 to %d)", maxDepth)}, false, genDeep},
	{Shape{"schema", "N", fmt.Sprintf("records of N distinct struct types (1 to %d) nested as services nest them; -target struct decodes into them", MaxSchemaTypes)}, true, genSchema},
	{Shape{"small-doc", "", "a 1000-byte CouchDB-like document: _id, _rev, nested customer, list of items"}, true, genSmallDoc},
	{Shape{"tiny", "", `exactly {"test":1}`}, false, genTiny},
}

// Shapes lists the parametric shapes that -input SHAPE:SIZE, deep:D,
// small-doc and tiny generate.
func Shapes() []Shape {
	out := make([]Shape, len(shapeGens))
	for i, g := range shapeGens {
		out[i] = g.Shape
	}
	return out
}

func lookupShape(name string) *shapeGen {
	for i := range shapeGens {
		if shapeGens[i].Name == name {
			return &shapeGens[i]
		}
	}
	return nil
}

// isShapeSpec reports whether resolve should read name as a shape once no
// file or corpus matched: a bare shape name is included so that "long-string"
// is told it needs a size rather than that no such file exists.
func isShapeSpec(name string) bool {
	return strings.ContainsRune(name, ':') || lookupShape(name) != nil
}

// ShapeError is an -input value read as a shape spec (it has a colon or is a
// shape's name) that is malformed or out of range. Like every Load error it
// is bad usage (the CLI exits 2); the type lets a caller tell a bad spec from
// an unreadable file. The message is one line that starts like Load's other
// errors, `input "SPEC": `, and ends with the accepted form.
type ShapeError struct {
	Input  string // the -input value as given
	Reason string // what is wrong, e.g. `size "10XB" is not a size`
	Usage  string // the accepted form, e.g. "long-string:SIZE with SIZE ..."
	Err    error  // the file lookup's error when the value could also have been a path
}

func (e *ShapeError) Error() string {
	return fmt.Sprintf("input %q: %s; use -input %s", e.Input, e.Reason, e.Usage)
}

func (e *ShapeError) Unwrap() error { return e.Err }

func (g *shapeGen) usage() string {
	switch g.Param {
	case "SIZE":
		return fmt.Sprintf("%s:SIZE with SIZE %s", g.Name, SizeRange())
	case "D":
		return fmt.Sprintf("%s:D with D a whole number from 1 to %d", g.Name, maxDepth)
	case "N":
		return fmt.Sprintf("%s:N with N a whole number from 1 to %d", g.Name, MaxSchemaTypes)
	}
	return g.Name
}

func allShapesUsage() string {
	var sized, other []string
	for _, g := range shapeGens {
		switch g.Param {
		case "SIZE":
			sized = append(sized, g.Name)
		case "D", "N":
			other = append(other, g.Name+":"+g.Param)
		default:
			other = append(other, g.Name)
		}
	}
	last := len(other) - 1
	return fmt.Sprintf("a file, a built-in corpus, SHAPE:SIZE (SHAPE one of %s), %s or %s; see -list",
		strings.Join(sized, ", "), strings.Join(other[:last], ", "), other[last])
}

// resolveShape generates the document for spec; notFound is the file
// lookup's error, kept for a spec that names no shape and so may have been
// meant as a path.
func resolveShape(spec string, seed int64, notFound error) (*Input, error) {
	name, arg, hasArg := strings.Cut(spec, ":")
	g := lookupShape(name)
	if g == nil {
		return nil, &ShapeError{Input: spec, Reason: fmt.Sprintf("no such file, and %q is not a shape", name), Usage: allShapesUsage(), Err: notFound}
	}
	bad := func(format string, args ...any) error {
		return &ShapeError{Input: spec, Reason: fmt.Sprintf(format, args...), Usage: g.usage()}
	}
	n := 0
	canon := g.Name
	switch g.Param {
	case "":
		if hasArg {
			return nil, bad("%s takes no size", g.Name)
		}
	case "SIZE":
		switch size, reason := sizeArg(arg); {
		case !hasArg:
			return nil, bad("%s needs a size", g.Name)
		case arg == "":
			return nil, bad("no size after the colon")
		case reason != "":
			return nil, bad("%s", reason)
		default:
			n = size
			canon += ":" + formatSize(n)
		}
	case "D", "N":
		what, limit, over := "depth", maxDepth, "the nesting limit" // Validate would reject a deeper document anyway
		if g.Param == "N" {
			what, limit, over = "number of types", MaxSchemaTypes, "the limit"
		}
		d, err := strconv.Atoi(arg)
		switch {
		case !hasArg:
			return nil, bad("%s needs a %s", g.Name, what)
		case arg == "":
			return nil, bad("no %s after the colon", what)
		case err != nil:
			return nil, bad("%s %q is not a whole number", what, arg)
		case d < 1:
			return nil, bad("%s %d is below 1", what, d)
		case d > limit:
			// saying so here spares generating it and names the limit
			return nil, bad("%s %d is above %s of %d", what, d, over, limit)
		default:
			n = d
			canon += ":" + strconv.Itoa(d)
		}
	}
	in := &Input{Name: canon, Kind: "shape", Shape: g.Name, Data: g.gen(newRand(seed, "shape "+g.Name), n)}
	if g.Param == "SIZE" {
		in.AskedSize = n
	}
	if g.seeded {
		in.Seed = seed
	}
	return in, nil
}

// SizeRange says which SIZEs a shape takes and how to spell them, for
// every message and listing that names the range.
func SizeRange() string {
	return fmt.Sprintf("from %s to %s, like 512k, 16MB or 1G", formatSize(MinShapeSize), formatSize(MaxShapeSize))
}

var sizeUnits = map[string]uint64{"": 1, "b": 1, "k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9}

// parseSize reads a whole number of bytes with an optional decimal unit
// (k, kB, M, MB, G, GB in any case). A value too large for uint64 saturates:
// the caller only needs to know it is above the limit.
func parseSize(s string) (uint64, bool) {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	unit, ok := sizeUnits[strings.ToLower(s[i:])]
	if i == 0 || !ok {
		return 0, false
	}
	v, err := strconv.ParseUint(s[:i], 10, 64)
	if err != nil || v > math.MaxUint64/unit {
		return math.MaxUint64, true
	}
	return v * unit, true
}

// formatSize spells n in the largest decimal unit that divides it, so that
// every spelling of one size gives one Input name ("16M", "16000k" and
// "16000000" are all "16MB").
func formatSize(n int) string {
	switch {
	case n != 0 && n%1e9 == 0:
		return strconv.Itoa(n/1e9) + "GB"
	case n != 0 && n%1e6 == 0:
		return strconv.Itoa(n/1e6) + "MB"
	case n != 0 && n%1e3 == 0:
		return strconv.Itoa(n/1e3) + "kB"
	}
	return strconv.Itoa(n) + "B"
}
