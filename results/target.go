package results

import (
	"fmt"
	"slices"
	"strings"
)

// Targets: what a decode fills. Go services mostly decode into structs, and
// that is where codecs differ most (sonic and goccy compile type-specific
// code, encoding/json reflects), so both are measured. Besides these, a
// build may have types of its own (bench_scheduling.sh --type), each a
// target by its name ("shop.Order").
const (
	TargetAny    = "any"    // map[string]any, []any, ...: the default
	TargetStruct = "struct" // the corpus's struct type from package datasets
)

// TargetKeywords are the words -target takes besides a type's name.
var TargetKeywords = []string{TargetAny, TargetStruct, "both"}

// ParseTargets reads the -target flag: a comma list of any, struct, both
// (any and struct) and the names of types, which must be among types (a
// build's own, see pingpong.RegisterType). At most one of them decodes
// into a type: a row names one type, and the check against encoding/json
// is one per codec.
func ParseTargets(s string, types []string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		add := []string{f}
		switch {
		case f == "both":
			add = []string{TargetAny, TargetStruct}
		case f != TargetAny && f != TargetStruct && !slices.Contains(types, f):
			valid := "any, struct, both"
			if len(types) > 0 {
				valid += ", or a type of this build: " + strings.Join(types, ", ")
			}
			return nil, fmt.Errorf("%q is not a target (valid: %s)", f, valid)
		}
		for _, tg := range add {
			if !slices.Contains(out, tg) {
				out = append(out, tg)
			}
		}
	}
	if typed := slices.DeleteFunc(slices.Clone(out), func(tg string) bool { return tg == TargetAny }); len(typed) > 1 {
		return nil, fmt.Errorf("%q: one typed target at a time, not %s", s, strings.Join(typed, " and "))
	}
	return out, nil
}

// AskedTargets is what the run asked for; a Config from before targets
// existed means any.
func (c Config) AskedTargets() []string {
	if len(c.Targets) == 0 {
		return []string{TargetAny}
	}
	return c.Targets
}
