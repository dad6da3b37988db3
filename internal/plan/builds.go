package plan

import (
	"fmt"
	"strings"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/results"
)

// A run across builds (results.Config.Builds) plans each codec once per
// build that has it, and runs it in worker processes of that build's
// binary: the parent needs of a build's codec only what starting its
// worker takes (its name and process settings), which the build's listing
// gives, so it may be a codec the parent itself lacks (stdv2 of a
// GOEXPERIMENT=jsonv2 build).

// buildCodec is a codec as one build has it; build "" is this binary's own.
type buildCodec struct {
	codecs.Entry
	build   string
	version string // as the build's listing gives it; "" for this binary's own
}

// info is the codec's info as its runner readied it, named by its build.
// A worker that could not start says what the parent knew, whose version
// is the build's, not the parent's.
func (im buildCodec) info(ri results.CodecInfo) results.CodecInfo {
	ri.Build = im.build
	if im.version != "" {
		ri.Version = im.version
	}
	return ri
}

// buildCodecs is every codec of cfg once per build that has it, in the
// order Plan runs them (per codec, its builds in order).
func buildCodecs(cfg results.Config) ([]buildCodec, error) {
	if len(cfg.Builds) == 0 {
		entries, err := codecs.LookupAll(cfg.Codecs)
		if err != nil {
			return nil, err
		}
		out := make([]buildCodec, len(entries))
		for i, im := range entries {
			out[i] = buildCodec{Entry: im}
		}
		return out, nil
	}
	var out []buildCodec
	for _, name := range cfg.Codecs {
		n := len(out)
		for _, b := range cfg.Builds {
			if c, ok := b.Codec(name); ok {
				out = append(out, buildCodec{Entry: codecs.Entry{Name: c.Name, Module: c.Module, Desc: c.Library, Env: c.Env}, build: b.Name, version: c.Version})
			}
		}
		if len(out) == n {
			return nil, fmt.Errorf("no build has codec %q (builds: %s)", name, strings.Join(cfg.BuildNames(), ", "))
		}
	}
	return out, nil
}

// entryOf is the codec s runs, as its build has it.
func entryOf(entries []buildCodec, s results.Scenario) codecs.Entry {
	for _, im := range entries {
		if im.Name == s.Codec && im.build == s.Build {
			return im.Entry
		}
	}
	panic("pingpong: planned a codec no build has: " + s.CodecLabel())
}

// withBuilds is a plan with each codec's scenarios of an input (those in a
// row) once per build that has the codec, in the builds' order: build by
// build, as the codecs themselves follow one another. Outside a run across
// builds the plan stays as it is.
func withBuilds(cfg results.Config, plan []results.Scenario) []results.Scenario {
	if len(cfg.Builds) == 0 {
		return plan
	}
	var out []results.Scenario
	for i := 0; i < len(plan); {
		j := i
		for j < len(plan) && plan[j].Input == plan[i].Input && plan[j].Codec == plan[i].Codec {
			j++
		}
		for _, b := range cfg.BuildsOf(plan[i].Codec) {
			for _, s := range plan[i:j] {
				s.Build = b
				out = append(out, s)
			}
		}
		i = j
	}
	return out
}
