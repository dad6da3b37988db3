package results

import (
	"fmt"
	"strings"
)

// Targets: what a decode fills. Go services mostly decode into structs, and
// that is where codecs differ most (sonic and goccy compile type-specific
// code, encoding/json reflects), so both are measured.
const (
	TargetAny    = "any"    // map[string]any, []any, ...: the default
	TargetStruct = "struct" // the corpus's struct type from package datasets
)

// ParseTargets reads the -target flag: "any", "struct" or "both".
func ParseTargets(s string) ([]string, error) {
	switch strings.TrimSpace(s) {
	case TargetAny:
		return []string{TargetAny}, nil
	case TargetStruct:
		return []string{TargetStruct}, nil
	case "both":
		return []string{TargetAny, TargetStruct}, nil
	}
	return nil, fmt.Errorf("%q is not a target (valid: any, struct, both)", s)
}

// AskedTargets is what the run asked for; a Config from before targets
// existed means any.
func (c Config) AskedTargets() []string {
	if len(c.Targets) == 0 {
		return []string{TargetAny}
	}
	return c.Targets
}
