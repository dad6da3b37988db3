package main

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pingpong-bench/pingpong/results"
)

// builder makes the binaries of one request.
type builder struct {
	request
	parts   []*part
	log     io.Writer
	baseSrc string // the module the base was built from: root, or a copy with the parts
}

func (b *builder) bin(name string) string { return filepath.Join(b.dir, "bin", name) }

// goBuild builds pingpong from the module in dir. -trimpath keeps the
// module's directory out of what the build cache keys on, so that a copy
// of the module builds from the cache but for what the copy changed. A
// copy's go.mod may take what the generated file imports (-mod=mod); the
// user's own is never changed. -ldflags=-w leaves out the DWARF
// debugging information, which a benchmark's binary has no use for
// (profiles and stack traces read the symbol table, which stays): a
// quarter less work for the linker (1.9 -> 1.4 s for pingpong, measured),
// the longest part of a build whose packages are cached. Not when
// $GOFLAGS sets -ldflags itself, which this would replace. With
// $PINGPONG_BUILD_CACHE, the binary is linked only when that directory
// does not hold it already.
func (b *builder) goBuild(dir string, env []string, bin string) error {
	args := []string{"build", "-trimpath"}
	if !strings.Contains(os.Getenv("GOFLAGS"), "-ldflags") {
		args = append(args, "-ldflags=-w")
	}
	if dir != b.root {
		args = append(args, "-mod=mod")
	}
	build := func(target string) error {
		_, err := goRun(dir, env, append(args, "-o", target, "./cmd/pingpong")...)
		return err
	}
	if cache := os.Getenv(buildCacheEnv); cache != "" {
		return b.cachedBuild(cache, dir, env, bin, build)
	}
	return build(bin)
}

// buildBase builds pingpong with the parts: from the module itself when
// there are none (the build cache has it), else from a copy with the
// generated file. It returns the build's listing.
func (b *builder) buildBase() (*results.Listing, error) {
	bin := b.bin("pingpong")
	if len(b.parts) == 0 && b.base == "" {
		fmt.Fprintf(b.log, "== building pingpong\n")
		b.baseSrc = b.root
		if err := b.goBuild(b.root, nil, bin); err != nil {
			return nil, fmt.Errorf("building pingpong failed: %s", buildVerdict(stderrOf(err)))
		}
		return b.listing(bin)
	}
	b.baseSrc = filepath.Join(b.dir, "base")
	if err := copyModule(b.root, b.baseSrc); err != nil {
		return nil, err
	}
	if b.base != "" {
		fmt.Fprintf(b.log, "== go get %s (for the base build, in a temporary copy of the module)\n", b.base)
		if _, err := goRun(b.baseSrc, nil, "get", b.base); err != nil {
			return nil, usageError{explain("--base: go get "+b.base, err)}
		}
	}
	for _, p := range b.parts {
		if err := b.resolve(p); err != nil {
			return nil, err
		}
	}
	if len(b.parts) > 0 {
		setAliases(b.parts)
		if err := writeGenerated(b.baseSrc, b.parts); err != nil {
			return nil, err
		}
	}
	var names []string
	if b.base != "" {
		names = append(names, b.base)
	}
	for _, p := range b.parts {
		names = append(names, p.flag+" "+p.what())
	}
	fmt.Fprintf(b.log, "== building pingpong with %s\n", strings.Join(names, ", "))
	if err := b.goBuild(b.baseSrc, nil, bin); err != nil {
		if b.base != "" && failsInDependency(err, b.baseSrc) {
			return nil, notBuilding(b.base, b.baseSrc, err)
		}
		return nil, buildFailure(err, b.baseSrc, b.parts)
	}
	l, err := b.listing(bin)
	if err != nil {
		return nil, err
	}
	for _, p := range b.parts {
		if p.isType() && !slices.Contains(l.Types, p.typeName()) {
			return nil, p.errorf("the build does not list %s among its types (%v)", p.typeName(), l.Types)
		}
	}
	return l, nil
}

// resolve makes p's module part of the base copy's build (a replace by the
// checkout, or go get), and finds its package's name and module.
func (b *builder) resolve(p *part) error {
	src := b.baseSrc
	required := func() bool { _, err := goRun(src, nil, "list", "-m", p.mod); return err == nil }
	switch {
	case p.dir != "":
		// A checkout: replace whatever version is required by it, and
		// require one if pingpong does not use the module yet.
		if !required() {
			if _, err := goRun(src, nil, "mod", "edit", "-require="+p.mod+"@v0.0.0-00010101000000-000000000000"); err != nil {
				return p.failure("go mod edit", err)
			}
		}
		if _, err := goRun(src, nil, "mod", "edit", "-replace="+p.mod+"="+p.dir); err != nil {
			return p.failure("go mod edit -replace "+p.mod+"="+p.dir, err)
		}
	case p.ver != "" || !required():
		// Without a version, a module pingpong already uses keeps its
		// version (its built-in codec measures that one); any other gets
		// the latest.
		p.ver = cmp.Or(p.ver, "latest")
		fmt.Fprintf(b.log, "== go get %s@%s (for %s %s, in a temporary copy of the module)\n", p.mod, p.ver, p.flag, p.what())
		_, err := goRun(src, nil, "get", p.mod+"@"+p.ver)
		if err != nil {
			return p.failure("cannot fetch "+p.mod+"@"+p.ver, err)
		}
	}
	if p.dir != "" {
		// Not in the checkout, go would look for the package elsewhere.
		if fi, err := os.Stat(filepath.Join(p.dir, strings.TrimPrefix(p.pkg, p.mod))); err != nil || !fi.IsDir() {
			return p.errorf("no package %s: the checkout %s has no directory %s", p.pkg, p.dir, strings.TrimPrefix(p.pkg, p.mod+"/"))
		}
	}
	// The package must exist and be importable; its name is what users
	// write (oj.Marshal, shop.Order), and its module is the one whose
	// version the build info has (MODULE may have been a package path).
	out, err := goRun(src, nil, "list", "-mod=mod", "-f", "{{.Name}} {{with .Module}}{{.Path}}{{end}}", p.pkg)
	if err != nil {
		return p.failure("no package "+p.pkg, err)
	}
	fields := strings.Fields(out)
	if len(fields) == 0 {
		return p.errorf("go list %s said nothing", p.pkg)
	}
	if fields[0] == "main" {
		return p.errorf("%s is a program (package main), not a library", p.pkg)
	}
	p.pkgName = fields[0]
	if len(fields) > 1 {
		p.mod = fields[1]
	}
	return nil
}

// buildSecond builds the second pingpong: a copy of the base's module,
// changed with go get, go mod edit -replace, or built under a GOEXPERIMENT.
func (b *builder) buildSecond() (*results.Listing, error) {
	src := filepath.Join(b.dir, "new")
	if err := copyModule(b.baseSrc, src); err != nil {
		return nil, err
	}
	var desc []string
	if b.version != "" {
		fmt.Fprintf(b.log, "== go get %s (in a temporary copy of the module)\n", b.version)
		if _, err := goRun(src, nil, "get", b.version); err != nil {
			return nil, explain("go get "+b.version, err)
		}
		desc = append(desc, b.version)
	}
	for _, r := range b.replaces {
		mod, dir, _ := strings.Cut(r, "=")
		if _, err := goRun(src, nil, "list", "-m", mod); err != nil {
			return nil, usagef("--replace %s: %s is not a module pingpong uses (see go.mod)", r, mod)
		}
		if _, err := goRun(src, nil, "mod", "edit", "-replace", r); err != nil {
			return nil, explain("go mod edit -replace "+r, err)
		}
		desc = append(desc, mod+" => "+dir)
	}
	// The experiment is the second build's alone; the base keeps the
	// environment's (normally none).
	var env []string
	if b.goexperiment != "" {
		env = []string{"GOEXPERIMENT=" + b.goexperiment}
		desc = append(desc, "GOEXPERIMENT="+b.goexperiment)
	}
	what := strings.Join(desc, ", ")
	fmt.Fprintf(b.log, "== building the second pingpong (%s)\n", what)
	bin := b.bin("pingpong.new")
	if err := b.goBuild(src, env, bin); err != nil {
		if b.version != "" && failsInDependency(err, src) {
			return nil, notBuilding(b.version, src, err)
		}
		return nil, explain("building with "+what, err)
	}
	return b.listing(bin)
}

var registeredTwice = regexp.MustCompile(`panic: pingpong: codec registered twice: ([a-z0-9-]+)(?: \(a codec of other builds: it (needs [^(]*?) *\()?`)

// listing reads a build's -list -json. An --add NAME that is a built-in
// codec's makes the registry panic as the binary starts: that is told here.
func (b *builder) listing(bin string) (*results.Listing, error) {
	cmd := exec.Command(bin, "-list", "-json")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if m := registeredTwice.FindStringSubmatch(stderr.String()); m != nil {
			for _, p := range b.parts {
				if p.name != m[1] {
					continue
				}
				if m[2] != "" {
					return nil, p.errorf("%s is the name of a built-in codec of other builds of pingpong (%s); pick another NAME", p.name, m[2])
				}
				return nil, p.errorf("%s is a built-in codec; pick another NAME (see pingpong -list)", p.name)
			}
		}
		return nil, fmt.Errorf("pingpong -list -json failed: %v: %s", err, firstLine(stderr.String()))
	}
	l, err := results.ReadListing(&stdout)
	if err != nil {
		return nil, fmt.Errorf("%s -list -json: %w", bin, err)
	}
	return &l, nil
}

func firstLine(s string) string {
	if lines := nonEmpty(s); len(lines) > 0 {
		return lines[0]
	}
	return ""
}

// header is a line per build saying exactly what it holds of the modules
// the builds differ in (a version with its go.sum hash, or a checkout's
// directory and commit), its experiment, and the codecs whose version
// differs: "== base: github.com/goccy/go-json v0.10.5 (h1:...) [goccy@v0.10.5]".
// Builds with the same codec versions and no experiment get a note: the
// comparison shows noise only.
func (b *builder) header(base, new *results.Listing) string {
	mods := b.differing()
	line := func(src string, env []string, own, other *results.Listing) string {
		var what []string
		if len(mods) > 0 {
			what = append(what, describe(src, mods, env))
		} else {
			what = append(what, goVersion())
		}
		what = append(what, env...)
		if c := changed(own, other); c != "" {
			what = append(what, "["+c+"]")
		}
		return strings.Join(what, " ")
	}
	var env []string
	if b.goexperiment != "" {
		env = []string{"GOEXPERIMENT=" + b.goexperiment}
	}
	out := fmt.Sprintf("== base: %s\n== new:  %s\n", line(b.baseSrc, nil, base, new), line(filepath.Join(b.dir, "new"), env, new, base))
	if b.goexperiment == "" && changed(base, new) == "" {
		out += prog + ": note: both builds have the same codec versions; the comparison shows noise only\n"
	}
	return out
}

// failsInDependency says whether a failed build's first compile error is
// in a module of the module cache (a path with @version in it), not in
// pingpong or a checkout: the version asked for is what does not build.
func failsInDependency(err error, dir string) bool {
	ce, ok := firstCompileError(stderrOf(err), dir)
	return ok && strings.Contains(ce.file, "@")
}

// changed lists the codecs both builds have whose version differs, as
// name@version of a's, in a's order.
func changed(a, b *results.Listing) string {
	var out []string
	for _, c := range a.Codecs {
		if o, ok := b.Codec(c.Name); ok && o.Version != c.Version {
			out = append(out, c.Name+"@"+c.Version)
		}
	}
	return strings.Join(out, " ")
}

// copyModule copies pingpong's module to dst, without .git and runs, so
// that go get and go mod edit change the copy, never the user's go.mod.
func copyModule(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if rel == ".git" || rel == "runs" {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type().IsRegular():
			return copyFile(path, target)
		}
		return nil // a symlink or device is no part of a module's source
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, fi.Mode().Perm()|0o200)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
