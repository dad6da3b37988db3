package results

// Targets: what a decode fills. Go services mostly decode into structs, and
// that is where codecs differ most (goccy compiles type-specific code,
// encoding/json reflects), so both are measured. Besides these, a build may
// have types of its own (bench_scheduling.sh --type), each a target by its
// name ("shop.Order").
const (
	TargetAny    = "any"    // map[string]any, []any, ...: the default
	TargetStruct = "struct" // the corpus's struct type from package datasets
)

// TargetKeywords are the words -target takes besides a type's name.
var TargetKeywords = []string{TargetAny, TargetStruct, "both"}

// AskedTargets is what the run asked for; a Config from before targets
// existed means any.
func (c Config) AskedTargets() []string {
	if len(c.Targets) == 0 {
		return []string{TargetAny}
	}
	return c.Targets
}
