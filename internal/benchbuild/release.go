package main

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// The release against the checkout: --base MOD@VERSION builds the base
// with that version (go get in a temporary copy) and --replace MOD=DIR the
// second with the checkout; a bare VERSION (the script's positional
// argument, as `./bench.sh 1.1.3` of the original) is --base of the one
// module --replace names. Two flags that would set one module of one build
// two ways are refused: the second would win silently.

// checkReleases resolves the positional VERSION into --base and refuses
// what contradicts itself, before anything is built.
func (r *request) checkReleases() error {
	if r.release != "" {
		if r.base != "" {
			return usagef("%s and --base %s both name the base: give the release once", r.release, r.base)
		}
		if strings.Contains(r.release, "@") {
			r.base = r.release
		} else {
			if len(r.replaces) != 1 {
				return usagef("%s: a bare VERSION is a release of the module the checkout holds: give exactly one --replace MOD=DIR (or SONIC_ROOT, PINGPONG_REPLACE), or MOD@%s; %d given", r.release, r.release, len(r.replaces))
			}
			mod, _, _ := strings.Cut(r.replaces[0], "=")
			r.base = mod + "@" + r.release
		}
	}
	if r.base != "" {
		if !versionSpec.MatchString(r.base) {
			return usagef("--base %s: want MODULE@VERSION, like github.com/goccy/go-json@v0.10.5", r.base)
		}
		if !r.second() {
			return usagef("--base %s sets the base build only: give the second too (--replace MOD=DIR, --version MOD@VERSION or --goexperiment)", r.base)
		}
	}
	seen := map[string]string{}
	for _, text := range r.replaces {
		mod, _, _ := strings.Cut(text, "=")
		if other, ok := seen[mod]; ok {
			return usagef("--replace %s and --replace %s both replace %s: give one", other, text, mod)
		}
		seen[mod] = text
	}
	if r.version != "" {
		mod, _, _ := strings.Cut(r.version, "@")
		if text, ok := seen[mod]; ok {
			return usagef("--version %s and --replace %s both set %s in the second build, and the replace would win: for the release against the checkout, give --base %s --replace %s", r.version, text, mod, r.version, text)
		}
		if r.version == r.base {
			return usagef("--base %s and --version %s are the same: the comparison would show noise only", r.base, r.version)
		}
	}
	return nil
}

// onceFlag is a string flag that refuses a second value rather than
// dropping the first.
type onceFlag struct {
	name string
	into *string
}

func (f onceFlag) Set(s string) error {
	if *f.into != "" {
		return fmt.Errorf("--%s %s and --%s %s: give it once", f.name, *f.into, f.name, s)
	}
	*f.into = s
	return nil
}

func (f onceFlag) String() string {
	if f.into == nil {
		return ""
	}
	return *f.into
}

// moduleOf is `go list -m -json` of one module in a build's source.
type moduleOf struct {
	Path, Version, Sum string
	Replace            *struct{ Path, Dir, Version string }
}

// describe says exactly what a build holds of each module that the two
// builds were asked to differ in: its version and go.sum hash, or the
// directory that replaces it and that checkout's commit.
func describe(src string, mods []string, env []string) string {
	var out []string
	for _, mod := range mods {
		text, err := goRun(src, env, "list", "-mod=mod", "-m", "-json", mod)
		var m moduleOf
		if err != nil || json.Unmarshal([]byte(text), &m) != nil {
			out = append(out, mod+" (not in this build)")
			continue
		}
		switch {
		case m.Replace != nil && m.Replace.Version == "":
			dir := m.Replace.Dir
			if dir == "" {
				dir = m.Replace.Path
			}
			out = append(out, fmt.Sprintf("%s => %s (%s)", mod, dir, commitOf(dir)))
		case m.Replace != nil:
			out = append(out, fmt.Sprintf("%s => %s %s", mod, m.Replace.Path, m.Replace.Version))
		default:
			out = append(out, fmt.Sprintf("%s %s (%s)", mod, m.Version, cmpOr(m.Sum, "no go.sum entry")))
		}
	}
	return strings.Join(out, ", ")
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// commitOf is a checkout's commit as git tells it, with a word when the
// work tree has changes the commit lacks.
func commitOf(dir string) string {
	head, err := exec.Command("git", "-C", dir, "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return "not a git checkout: no commit to name"
	}
	s := "git commit " + strings.TrimSpace(string(head))
	if status, err := exec.Command("git", "-C", dir, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(strings.TrimSpace(string(status))) > 0 {
		s += ", with uncommitted changes"
	}
	return s
}

// differing are the modules the request makes the builds differ in.
func (r request) differing() []string {
	var mods []string
	add := func(spec, sep string) {
		if mod, _, ok := strings.Cut(spec, sep); ok && !slices.Contains(mods, mod) {
			mods = append(mods, mod)
		}
	}
	add(r.base, "@")
	add(r.version, "@")
	for _, text := range r.replaces {
		add(text, "=")
	}
	return mods
}

// notBuilding is a version that does not compile with this Go, in one
// line: the version, the Go, the first compile error, and what to try.
func notBuilding(spec, dir string, err error) error {
	stderr := stderrOf(err)
	mod, ver, _ := strings.Cut(spec, "@")
	if need := needsGo(stderr); need != "" {
		return usagef("%s needs Go %s, this machine has %s: run with GOTOOLCHAIN=go%s (the go command fetches it), or pick an older release", spec, need, goVersion(), need)
	}
	ce, ok := firstCompileError(stderr, dir)
	if !ok {
		return explain("building with "+spec, err)
	}
	where := ce.file
	if i := strings.Index(where, "@"+ver+string(filepath.Separator)); i >= 0 {
		where = filepath.Base(where[:i]) + where[i:] // sonic@v1.14.2/internal/rt/stubs.go
	}
	// An older Go (GOTOOLCHAIN) is no way out: pingpong itself needs this
	// one. A version that needs a newer Go was told above.
	hint := "try a newer release" + newerReleases(dir, mod, ver)
	if !strings.Contains(hint, "(") {
		hint = "no newer release is served: this version cannot be measured with this Go"
	}
	return usagef("%s does not build with %s: %s:%s: %s; %s", spec, goVersion(), where, ce.at, ce.msg, hint)
}

// newerReleases names the releases of mod after ver, as the proxy lists
// them (in semver order): " (v1.15.0 ... v1.15.5)", or nothing when it
// cannot say.
func newerReleases(dir, mod, ver string) string {
	out, err := goRun(dir, nil, "list", "-m", "-versions", mod)
	if err != nil {
		return ""
	}
	versions := strings.Fields(out)
	i := slices.Index(versions, ver)
	if i < 1 {
		return ""
	}
	var newer []string
	for _, v := range versions[i+1:] {
		if !strings.Contains(v, "-") { // no pre-releases
			newer = append(newer, v)
		}
	}
	switch len(newer) {
	case 0:
		return ""
	case 1, 2, 3:
		return " (" + strings.Join(newer, ", ") + ")"
	}
	return fmt.Sprintf(" (%s ... %s)", newer[0], newer[len(newer)-1])
}
