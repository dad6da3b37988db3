// Package datasets provides the JSON documents a codec load tester runs on:
// deterministic synthetic stand-ins for the classic JSON benchmark corpora
// (so that the tester works without the real files, which are not
// redistributed with it) and loading of real files.
package datasets

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// DefaultSeed is the seed to use when the caller has no reason to pick one;
// results are comparable across runs only with the same seed.
const DefaultSeed = 1

// Input is one JSON document ready to benchmark.
type Input struct {
	Name   string // corpus name without .json, e.g. "citm-catalog", or a shape's canonical spec, e.g. "long-string:16MB"
	Kind   string // "file" (path given), "data-dir" (found in $PINGPONG_DATA), "built-in", "shape" or "stdin"; "grown " and its source's kind for grow:SOURCE:SIZE (grow.go)
	Path   string // the file read, empty for built-in and shape
	Seed   int64  // generator seed for built-in and for shapes that use one, 0 otherwise
	Data   []byte
	SHA256 string // hex of Data

	// For Kind "shape", so that a header can say what was asked as well as
	// what was made, e.g. "long-string:16MB (asked 16 MB, real 16.00 MB)".
	Shape     string // the shape's name, e.g. "long-string"
	AskedSize int    // the SIZE asked for in bytes, 0 for shapes that take none
}

// Builtin describes one synthetic corpus.
type Builtin struct {
	Name string // "citm-catalog"
	Size int    // approximate generated size in bytes (the real file's size)
	Desc string // one short line: what the real file is and its shape
}

type generator struct {
	Builtin
	gen func(seed int64) []byte
}

// generators is filled by the gen_*.go files so that each corpus lives next
// to its description.
var generators = map[string]generator{}

func register(name string, size int, desc string, gen func(seed int64) []byte) {
	generators[name] = generator{Builtin{Name: name, Size: size, Desc: desc}, gen}
}

// Builtins lists the synthetic corpora, sorted by name.
func Builtins() []Builtin {
	out := make([]Builtin, 0, len(generators))
	for _, g := range generators {
		out = append(out, g.Builtin)
	}
	slices.SortFunc(out, func(a, b Builtin) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func builtinNames() string {
	var names []string
	for _, b := range Builtins() {
		names = append(names, b.Name)
	}
	return strings.Join(names, ", ")
}

// Generate returns the synthetic corpus name (with or without ".json") for seed.
func Generate(name string, seed int64) ([]byte, error) {
	g, ok := generators[strings.TrimSuffix(name, ".json")]
	if !ok {
		return nil, fmt.Errorf("unknown built-in corpus %q (valid: %s)", name, builtinNames())
	}
	return g.gen(seed), nil
}

// Load resolves name as, in order, standard input ("-"), an existing file
// path (a FIFO or a device too), NAME(.json) in the directory
// $PINGPONG_DATA, a built-in corpus generated with seed, or a parametric
// shape spec (SHAPE:SIZE, deep:D, small-doc, tiny; see Shapes). At most
// MaxInputSize bytes are read.
// The document is always validated, so callers can benchmark it as is. A
// malformed or out-of-range shape spec is a *ShapeError.
func Load(name string, seed int64) (*Input, error) {
	in, err := resolve(name, seed)
	if err != nil {
		return nil, err
	}
	if err := Validate(name, in.Data); err != nil {
		return nil, err
	}
	sum := sha256.Sum256(in.Data)
	in.SHA256 = hex.EncodeToString(sum[:])
	return in, nil
}

func resolve(name string, seed int64) (*Input, error) {
	if name == Stdin {
		data, err := readFile(Stdin)
		if err != nil {
			return nil, err
		}
		return &Input{Name: "stdin", Kind: "stdin", Data: data}, nil
	}
	statErr := error(nil)
	if name != "" {
		if _, err := os.Stat(name); err == nil {
			data, err := readFile(name)
			if err != nil {
				return nil, err
			}
			base := strings.TrimSuffix(filepath.Base(name), ".json")
			return &Input{Name: base, Kind: "file", Path: name, Data: data}, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("input %q: %w", name, err)
		} else {
			statErr = err
		}
	}
	base := strings.TrimSuffix(name, ".json")
	if dir := os.Getenv("PINGPONG_DATA"); dir != "" && base != "" && !strings.ContainsRune(base, os.PathSeparator) {
		p := filepath.Join(dir, base+".json")
		if _, err := os.Stat(p); err == nil {
			data, err := readFile(p)
			if err != nil {
				return nil, err
			}
			return &Input{Name: base, Kind: "data-dir", Path: p, Data: data}, nil
		}
	}
	if g, ok := generators[base]; ok {
		return &Input{Name: base, Kind: "built-in", Seed: seed, Data: g.gen(seed)}, nil
	}
	if isGrowSpec(name) {
		return resolveGrow(name, seed)
	}
	if isShapeSpec(name) {
		if statErr == nil {
			statErr = fs.ErrNotExist
		}
		return resolveShape(name, seed, statErr)
	}
	where := "no such file"
	if os.Getenv("PINGPONG_DATA") != "" {
		where += ", not in $PINGPONG_DATA"
	}
	if statErr == nil {
		statErr = fs.ErrNotExist
	}
	return nil, fmt.Errorf("input %q: %s and not a built-in corpus (built-ins: %s) or SHAPE:SIZE (see -list): %w", name, where, builtinNames(), statErr)
}
