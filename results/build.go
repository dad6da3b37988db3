package results

import (
	"fmt"
	"regexp"
	"slices"
)

// A run across builds measures the codecs of several pingpong binaries in
// one plan: a library's release against a checkout, a build under a
// GOEXPERIMENT against one without. Each codec runs once per build that
// has it, in worker processes started from that build's binary, and each
// row names its build (Scenario.Build); compare then compares the builds
// of one file as it compares two files.

// Build is one binary of a run across builds.
type Build struct {
	Name   string        `json:"name"`   // what rows call it: "base", "new"
	Binary string        `json:"binary"` // the pingpong binary its workers run
	Codecs []ListedCodec `json:"codecs"` // what its -list -json says it has
}

var buildName = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]*$`)

// CheckBuildName refuses a name that would not read as one word in rows,
// benchmark names and file names.
func CheckBuildName(name string) error {
	if !buildName.MatchString(name) {
		return fmt.Errorf("build name %q is malformed: use lowercase letters, digits, '.' and '-' (like base or new)", name)
	}
	return nil
}

// Codec is build b's codec name, if it has one.
func (b Build) Codec(name string) (ListedCodec, bool) {
	return Listing{Codecs: b.Codecs}.Codec(name)
}

// Has says whether build b has codec name.
func (b Build) Has(name string) bool {
	_, ok := b.Codec(name)
	return ok
}

// BuildsOf names the builds that have the codec, in the run's order:
// [""] outside a run across builds, where the one build is the binary
// itself.
func (c Config) BuildsOf(codec string) []string {
	if len(c.Builds) == 0 {
		return []string{""}
	}
	var out []string
	for _, b := range c.Builds {
		if b.Has(codec) {
			out = append(out, b.Name)
		}
	}
	return out
}

// Build is the build of that name, if the run has it.
func (c Config) Build(name string) (Build, bool) {
	i := slices.IndexFunc(c.Builds, func(b Build) bool { return b.Name == name })
	if i < 0 {
		return Build{}, false
	}
	return c.Builds[i], true
}

// Label names the codec as CodecLabel names a scenario's: "goccy (new)" in
// a run across builds.
func (im CodecInfo) Label() string { return Key{Codec: im.Name, Build: im.Build}.CodecLabel() }

// Codec is the codec of s as it was readied for s's input and build.
func (run *Run) Codec(s Scenario) (CodecInfo, bool) {
	for _, im := range run.Codecs {
		if im.Name == s.Codec && im.Input == s.Input && im.Build == s.Build && im.Testbed == s.Testbed {
			return im, true
		}
	}
	return CodecInfo{}, false
}

// CodecVersion is the version of k's codec as it was readied for k's input
// and build; "" when the run does not say.
func (run *Run) CodecVersion(k Key) string {
	im, _ := run.Codec(Scenario{Input: k.Input, Codec: k.Codec, Build: k.Build, Testbed: k.Testbed})
	return im.Version
}

// BuildNames are the run's builds, in order; none outside a run across
// builds.
func (c Config) BuildNames() []string {
	var out []string
	for _, b := range c.Builds {
		out = append(out, b.Name)
	}
	return out
}

// OfBuild is what build name measured, as a run of its own: its rows and
// codecs with the build taken off their names, so that they match another
// build's scenario for scenario. The environment, inputs, idle pass and
// calibration are the whole run's: the builds ran together.
func (run *Run) OfBuild(name string) *Run {
	out := *run
	b, _ := run.Config.Build(name)
	out.Config.Builds = nil
	out.Config.Codecs = slices.DeleteFunc(slices.Clone(run.Config.Codecs), func(codec string) bool { return !b.Has(codec) })
	out.Codecs, out.Results = partOf(run, name, func(im *CodecInfo) *string { return &im.Build }, func(r *Result) *string { return &r.Build })
	return &out
}

// partOf is run's codecs and rows whose build or testbed (the field that
// codecLabel and rowLabel point to) is name, with that label cleared, so
// that they match another part's scenario for scenario.
func partOf(run *Run, name string, codecLabel func(*CodecInfo) *string, rowLabel func(*Result) *string) ([]CodecInfo, []Result) {
	var infos []CodecInfo
	var rows []Result
	for _, im := range run.Codecs {
		if l := codecLabel(&im); *l == name {
			*l = ""
			infos = append(infos, im)
		}
	}
	for _, r := range run.Results {
		if l := rowLabel(&r); *l == name {
			*l = ""
			rows = append(rows, r)
		}
	}
	return infos, rows
}
