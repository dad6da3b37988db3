package main

import (
	"github.com/pingpong-bench/pingpong/internal/plan"

	"bytes"
	"errors"
	"flag"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pingpong-bench/pingpong/internal/codecs"
	"github.com/pingpong-bench/pingpong/results"
)

// buildsFlag is -build NAME=BINARY, once per build of a run across builds:
// each codec then runs once per build that has it, in that binary's worker
// processes (bench_scheduling.sh builds the binaries and gives the flags).
type buildsFlag []results.Build

func (b *buildsFlag) flags(fs *flag.FlagSet) {
	fs.Func("build", "run the codecs of the pingpong binary `NAME=BINARY` (repeat the flag for each build): every codec once per build that has it, in that build's worker processes, each row naming its build; pingpong compare then compares the builds of the results file", b.set)
}

func (b *buildsFlag) set(v string) error {
	name, bin, ok := strings.Cut(v, "=")
	if !ok || bin == "" {
		return errors.New("want NAME=BINARY, like new=./pingpong.new")
	}
	if err := results.CheckBuildName(name); err != nil {
		return err
	}
	if slices.ContainsFunc(*b, func(o results.Build) bool { return o.Name == name }) {
		return fmt.Errorf("build %s is given twice", name)
	}
	abs, err := filepath.Abs(bin)
	if err != nil {
		return err
	}
	*b = append(*b, results.Build{Name: name, Binary: abs})
	return nil
}

// read asks each build's binary what it has (-list -json).
func (b buildsFlag) read() ([]results.Build, error) {
	out := slices.Clone(b)
	for i, bd := range out {
		cmd := exec.Command(bd.Binary, "-list", "-json")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			said := strings.TrimSpace(stderr.String())
			if said != "" {
				said = ": " + said
			}
			return nil, usagef("-build %s=%s: %s -list -json: %v%s", bd.Name, bd.Binary, filepath.Base(bd.Binary), err, said)
		}
		l, err := results.ReadListing(&stdout)
		if err != nil {
			return nil, usagef("-build %s=%s: %w (is it a pingpong of this version?)", bd.Name, bd.Binary, err)
		}
		out[i].Codecs = l.Codecs
	}
	return out, nil
}

// checkCodecs refuses a codec that cannot run: one this binary lacks, or
// in a run across builds one no build has; it returns the builds, read.
func checkCodecs(o *options, names []string) ([]results.Build, error) {
	// what needs worker processes, as the run itself rules it
	needs := plan.IsolationOf(results.Config{Codecs: names, Builds: make([]results.Build, len(o.builds))})
	if len(o.builds) == 0 {
		if _, err := codecs.LookupAll(names); err != nil {
			return nil, usagef("-impls: %w", err)
		}
		if needs.Codec != "" && !o.isolate {
			return nil, usagef("-impls: %s: drop -isolate=false", needs.Codec)
		}
		return nil, nil
	}
	if needs.Builds && !o.isolate {
		return nil, usagef("-build: a run across builds runs each codec in its build's worker processes: drop -isolate=false")
	}
	builds, err := o.builds.read()
	if err != nil {
		return nil, err
	}
	return builds, checkBuildCodecs(names, builds)
}

// checkBuildCodecs refuses a codec that no build has, in this binary's
// words when it knows why (stdv2: which build has it).
func checkBuildCodecs(names []string, builds []results.Build) error {
	for _, name := range names {
		if slices.ContainsFunc(builds, func(b results.Build) bool { return b.Has(name) }) {
			continue
		}
		if _, err := codecs.LookupAll([]string{name}); err != nil && !strings.HasPrefix(err.Error(), "unknown codec") {
			return usagef("-impls: %w", err)
		}
		var have []string
		for _, b := range builds {
			for _, c := range b.Codecs {
				if !slices.Contains(have, c.Name) {
					have = append(have, c.Name)
				}
			}
		}
		return usagef("-impls: no build has codec %q (the builds have: %s)", name, strings.Join(have, ", "))
	}
	return nil
}
