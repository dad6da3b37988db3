// Command benchbuild is bench_scheduling.sh's build step: it builds the
// pingpong binaries a run needs and prints the flags of pingpong's run, one
// a line. The base build is pingpong with the --add codecs and the --type
// (generated into a temporary copy of the module, whose go.mod is the one
// changed); the second build, when --version, --replace or --goexperiment
// asks for one, is a copy of the base changed that way.
//
// It writes bin/pingpong and bin/pingpong.new under -dir. Progress goes to
// stderr; a failure is one line there, "bench_scheduling.sh: ...", with
// exit status 2 when the user's input is what is wrong (a spec, a module
// that cannot be fetched, a package or type that does not compile) and 1
// otherwise (a second build that fails).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pingpong-bench/pingpong/compare"
	"github.com/pingpong-bench/pingpong/results"
)

const prog = "bench_scheduling.sh"

func main() {
	os.Exit(exitCode(run(os.Args[1:], os.Stdout, os.Stderr), os.Stderr))
}

// usageError is the user's input being wrong: exit status 2.
type usageError struct{ error }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "%s: %v\n", prog, err)
	if errors.As(err, &usageError{}) {
		return 2
	}
	return 1
}

// request is what the script was asked to build and run.
type request struct {
	root, dir    string // pingpong's module; where to work
	base         string // --base MOD@VERSION: the base build's version of MOD
	release      string // the script's positional VERSION (or MOD@VERSION): --base of the replaced module
	version      string
	replaces     []string
	goexperiment string
	adds         []string
	types        []string
	compare      string
	inputs       []string
	allInputs    bool
	fail         *string // --fail EXPR, checked before any build (pingpong compare -fail reads it at the end)
}

// second says whether a second build is asked for.
func (r request) second() bool {
	return r.version != "" || len(r.replaces) > 0 || r.goexperiment != ""
}

func parseFlags(args []string) (request, error) {
	var r request
	fs := flag.NewFlagSet("benchbuild", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	each := func(name string, into *[]string) {
		fs.Func(name, "", func(s string) error { *into = append(*into, s); return nil })
	}
	fs.StringVar(&r.root, "root", "", "pingpong's module")
	fs.StringVar(&r.dir, "dir", "", "where to work")
	fs.Var(onceFlag{"version", &r.version}, "version", "")
	fs.Var(onceFlag{"base", &r.base}, "base", "")
	fs.Var(onceFlag{"release", &r.release}, "release", "")
	each("replace", &r.replaces)
	fs.Var(onceFlag{"goexperiment", &r.goexperiment}, "goexperiment", "")
	each("add", &r.adds)
	each("type", &r.types)
	fs.StringVar(&r.compare, "compare", "", "")
	each("input", &r.inputs)
	fs.BoolVar(&r.allInputs, "all-inputs", false, "")
	fs.Func("fail", "", func(s string) error { r.fail = &s; return nil })
	if err := fs.Parse(args); err != nil {
		// The flag package's "invalid value ... for flag -version: " is
		// benchbuild's wording: the script's user gave --version.
		if _, said, ok := strings.Cut(err.Error(), ": --"); ok {
			return r, usagef("--%s", said)
		}
		return r, usagef("%v", err)
	}
	if r.root == "" || r.dir == "" || fs.NArg() > 0 {
		return r, usagef("benchbuild: want -root DIR -dir DIR and flags only")
	}
	return r, nil
}

func run(args []string, stdout, stderr io.Writer) error {
	r, err := parseFlags(args)
	if err != nil {
		return err
	}
	parts, err := parseParts(r.adds, r.types)
	if err != nil {
		return err
	}
	if err := r.check(); err != nil {
		return err
	}
	if err := r.checkReleases(); err != nil {
		return err
	}
	b := builder{request: r, parts: parts, log: stderr}
	base, err := b.buildBase()
	if err != nil {
		return err
	}
	var new *results.Listing
	if r.second() {
		if new, err = b.buildSecond(); err != nil {
			return err
		}
		header := b.header(base, new)
		fmt.Fprint(stderr, header)
		// The run's console.txt starts with it, so that the file says
		// what it compared.
		if err := os.WriteFile(filepath.Join(r.dir, "builds.txt"), []byte(header), 0o644); err != nil {
			return err
		}
	}
	runArgs, err := r.runArgs(base, new, parts)
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, strings.Join(runArgs, "\n")+"\n")
	return err
}

// parseParts reads every --add and the --type: one type at a time, since
// a run decodes into one typed target.
func parseParts(adds, types []string) ([]*part, error) {
	var parts []*part
	for _, text := range adds {
		p, err := parseAdd(text)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(parts, func(o *part) bool { return o.name == p.name }) {
			return nil, p.errorf("codec name %s is given twice", p.name)
		}
		parts = append(parts, p)
	}
	if len(types) > 1 {
		return nil, usagef("--type %s: one --type at a time (a run decodes into one typed target)", types[1])
	}
	for _, text := range types {
		p, err := parseType(text)
		if err != nil {
			return nil, err
		}
		parts = append(parts, p)
	}
	return parts, nil
}

// checkGate refuses, before anything is built or measured, a --fail EXPR
// that pingpong compare would refuse at the end of the run: the same
// parser, compare.ParseGate, reads it here, in the words pingpong's would
// say ("-fail EXPR: ..." becomes "--fail EXPR: ...").
func checkGate(expr string) error {
	if _, err := compare.ParseGate(expr); err != nil {
		return usagef("-%w", err)
	}
	return nil
}

var experimentChars = regexp.MustCompile(`^[A-Za-z0-9,]+$`)

// check refuses, before any build, what needs no build to refuse.
func (r *request) check() error {
	if r.fail != nil {
		if err := checkGate(*r.fail); err != nil {
			return err
		}
	}
	if r.version != "" {
		if err := checkVersion(r.version); err != nil {
			return err
		}
	}
	for i, text := range r.replaces {
		mod, dir, err := parseReplace(text)
		if err != nil {
			return err
		}
		r.replaces[i] = mod + "=" + dir // the build happens elsewhere: absolute
		// Said now, not after the base build: the second would fail.
		if need := checkoutNeedsGo(dir); need != "" {
			return newerGo("building with "+mod+" => "+dir, need)
		}
	}
	if e := r.goexperiment; e != "" {
		if !experimentChars.MatchString(e) {
			return usagef("--goexperiment %s: want an experiment name like jsonv2 (or a comma list)", e)
		}
		// An unknown experiment fails every go command; saying so now
		// saves a build.
		if _, err := goRun(r.root, []string{"GOEXPERIMENT=" + e}, "env", "GOVERSION"); err != nil {
			return usagef("--goexperiment %s: %s", e, verdict(stderrOf(err)))
		}
	}
	return nil
}

// runArgs are the flags of pingpong's run that the builds decide: the
// codecs (those asked for, or every build's, with the --add codecs joining
// either, and control and baseline, the verdict's references, always), the inputs and
// the --type's target.
func (r request) runArgs(base, new *results.Listing, parts []*part) ([]string, error) {
	var codecs []string
	if r.compare != "" {
		for _, c := range strings.Split(r.compare, ",") {
			if c = strings.TrimSpace(c); c != "" && !slices.Contains(codecs, c) {
				codecs = append(codecs, c)
			}
		}
	} else {
		for _, l := range []*results.Listing{base, new} {
			for _, c := range listingCodecs(l) {
				if !slices.Contains(codecs, c) {
					codecs = append(codecs, c)
				}
			}
		}
	}
	target := ""
	for _, p := range parts {
		if p.isType() {
			target = p.typeName()
		} else if !slices.Contains(codecs, p.name) {
			codecs = append(codecs, p.name)
		}
	}
	// The verdict judges each codec against control (and baseline) in the
	// same run: a --compare without them would reach none.
	if r.compare != "" {
		if !slices.Contains(codecs, results.Baseline) {
			codecs = append(codecs, results.Baseline)
		}
		codecs = results.WithControl(codecs)
	}
	inputs, err := r.inputList(base)
	if err != nil {
		return nil, err
	}
	out := []string{"-impls", strings.Join(codecs, ","), "-input", strings.Join(inputs, ",")}
	if target != "" {
		out = append(out, "-target", target)
	}
	return out, nil
}

func listingCodecs(l *results.Listing) []string {
	if l == nil {
		return nil
	}
	var out []string
	for _, c := range l.Codecs {
		out = append(out, c.Name)
	}
	return out
}

// inputList is -input: the inputs asked for (citm-catalog when none), or
// with --all-inputs every built-in corpus, or every *.json in
// $PINGPONG_DATA (--data) when it is set.
func (r request) inputList(base *results.Listing) ([]string, error) {
	if !r.allInputs {
		if len(r.inputs) == 0 {
			return []string{"citm-catalog"}, nil
		}
		return r.inputs, nil
	}
	if data := os.Getenv("PINGPONG_DATA"); data != "" {
		files, err := filepath.Glob(filepath.Join(data, "*.json"))
		if err != nil || len(files) == 0 {
			return nil, usagef("--data %s: no *.json files in it", data)
		}
		return files, nil
	}
	var out []string
	for _, in := range base.Inputs {
		out = append(out, in.Name)
	}
	return out, nil
}
