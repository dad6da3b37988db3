package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pingpong-bench/pingpong/format"
	"github.com/pingpong-bench/pingpong/results"
)

// targetLines is the header's account of the typed target (struct, or a
// type of the build's own): which targets ran (only said when one was asked
// for: a default run has no such line), what each codec's compilation of the type cost before measuring
// (users pay it at start-up, rows never include it), and how codecs fared
// on the struct check.
func targetLines(in results.InputInfo, infos []results.CodecInfo) []string {
	var out []string
	switch {
	case in.TargetNote != "":
		out = append(out, fmt.Sprintf("  target:      %s (%s)", strings.Join(in.Targets, ", "), in.TargetNote))
	case slices.Contains(in.Targets, results.TargetStruct):
		out = append(out, fmt.Sprintf("  target:      %s (struct: %s)", strings.Join(in.Targets, ", "), in.StructType))
	case slices.Contains(in.Targets, in.StructType) && in.StructType != "":
		out = append(out, fmt.Sprintf("  target:      %s (a type of this build: each decode fills a new %s)", strings.Join(in.Targets, ", "), in.StructType))
	}
	var compiled []string
	for _, im := range infos {
		if im.Compile > 0 {
			compiled = append(compiled, im.Label()+" "+format.Duration(im.Compile))
		}
	}
	if len(compiled) > 0 {
		out = append(out, fmt.Sprintf("  compile:     %s (first use of %s, before measuring)", strings.Join(compiled, ", "), in.StructType))
	}
	for _, im := range infos {
		if im.StructErr != "" {
			out = append(out, fmt.Sprintf("  ! %s cannot run this input as %s: %s", im.Label(), in.StructType, im.StructErr))
		}
		if im.StructMismatch != "" {
			out = append(out, fmt.Sprintf("  ! %s disagrees with encoding/json through %s at %s", im.Label(), in.StructType, im.StructMismatch))
		}
	}
	return out
}
