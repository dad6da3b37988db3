package datasets

import (
	"reflect"
	"slices"
	"strings"
)

// targets maps a corpus name to the Go type a service would decode it into.
// Only corpora with a fixed shape have one; govtrack, large-numbers and
// the text corpora are heterogeneous or scalar, so they stay untyped.
var targets = map[string]reflect.Type{
	"citm-catalog": reflect.TypeFor[CITMCatalog](),
	"twitter":      reflect.TypeFor[Twitter](),
	"canada":       reflect.TypeFor[Canada](),
	"github":       reflect.TypeFor[GitHubGists](),
}

// TargetType returns the struct type for the corpus name (with or without
// ".json"; "citm_catalog", the name other benchmarks use, is accepted too).
// The type fits the real corpus and the built-in generator alike, and an
// encode of a decoded document equals the document as a JSON value.
func TargetType(name string) (reflect.Type, bool) {
	if n := schemaSpec(name); n > 0 {
		return SchemaType(n), true
	}
	name = strings.ReplaceAll(strings.TrimSuffix(name, ".json"), "_", "-")
	t, ok := targets[name]
	return t, ok
}

// TargetNames lists the corpora that have a struct type, sorted.
func TargetNames() []string {
	names := make([]string, 0, len(targets))
	for n := range targets {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
