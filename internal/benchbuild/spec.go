package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pingpong-bench/pingpong/results"
)

// A part is one --add or --type: a package of the user's built into
// pingpong, as a codec or as a decode target. Everything a spec says is
// checked here, before any go command runs.
type part struct {
	flag string // "--add" or "--type"
	text string // the spec as given, which every message about it quotes
	name string // --add: the codec's name
	typ  string // --type: the type's name in its package ("Order")
	mod  string // the module; for a checkout, what its go.mod says
	ver  string // the version asked ("" = keep or latest); only when fetched
	dir  string // the checkout, absolute; "" when fetched
	pkg  string // the package imported

	// Found by the go command (resolve).
	pkgName string // the package's own name, which reflect shows: "shop"
	alias   string // what the generated file imports it as
}

// isType says what the part makes of its package: a type, or a codec.
func (p *part) isType() bool { return p.flag == "--type" }

// what names the part in progress lines: the codec's name, or the type
// with its import path.
func (p *part) what() string {
	if p.isType() {
		return p.pkg + "." + p.typ
	}
	return p.name
}

// typeName is a --type's name as reflect, rows and -target spell it:
// "shop.Order". Known once the package is resolved.
func (p *part) typeName() string { return p.pkgName + "." + p.typ }

func (p *part) errorf(format string, args ...any) error {
	return usagef("%s %s: %s", p.flag, p.text, fmt.Sprintf(format, args...))
}

var (
	codecName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
	// Module and import paths end up in generated Go source and go
	// commands; these are the characters module paths may hold.
	pathChars = regexp.MustCompile(`^[A-Za-z0-9._~+/-]+$`)
	verChars  = regexp.MustCompile(`^[A-Za-z0-9._+-]+$`)
)

// parseAdd reads --add NAME=MODULE[@VERSION][:IMPORT_PATH] or
// NAME=PATH[:IMPORT_PATH], PATH a local checkout (/, ./, ../, ~/).
func parseAdd(text string) (*part, error) {
	p := &part{flag: "--add", text: text}
	name, rest, ok := strings.Cut(text, "=")
	if !ok || rest == "" {
		return nil, p.errorf("want NAME=MODULE[@VERSION][:IMPORT_PATH] or NAME=PATH (a local checkout)")
	}
	if !codecName.MatchString(name) {
		return nil, p.errorf("codec name %q is malformed: use lowercase letters, digits and '-' (like oj or go-json2)", name)
	}
	if slices.Contains(results.BuiltinCodecs, name) {
		return nil, p.errorf("%s is a built-in codec; pick another NAME (see pingpong -list)", name)
	}
	p.name = name
	target, pkg, hasPkg := strings.Cut(rest, ":")
	if hasPkg && pkg == "" {
		return nil, p.errorf("empty IMPORT_PATH after ':'")
	}
	if isLocalPath(target) {
		if err := p.checkout(target); err != nil {
			return nil, err
		}
	} else if err := p.module(target, "want NAME=MODULE[@VERSION][:IMPORT_PATH], or NAME=/path/to/checkout"); err != nil {
		return nil, err
	}
	if pkg == "" {
		pkg = p.mod
	}
	return p, p.setPackage(pkg, "IMPORT_PATH")
}

// parseType reads --type IMPORT_PATH.TypeName=DIR, DIR a local module, or
// =MODULE@VERSION, fetched.
func parseType(text string) (*part, error) {
	p := &part{flag: "--type", text: text}
	qualified, where, ok := strings.Cut(text, "=")
	slash := strings.LastIndex(qualified, "/")
	dot := strings.LastIndex(qualified, ".")
	if !ok || where == "" || dot <= slash {
		return nil, p.errorf("want IMPORT_PATH.TypeName=DIR (a local module) or IMPORT_PATH.TypeName=MODULE@VERSION, like example.com/shop.Order=../shop")
	}
	pkg, typ := qualified[:dot], qualified[dot+1:]
	if !exportedIdent(typ) {
		return nil, p.errorf("%q is not an exported type name (a Go identifier starting with an upper-case letter)", typ)
	}
	p.typ = typ
	if strings.Contains(where, "@") {
		if err := p.module(where, "want MODULE@VERSION after '='"); err != nil {
			return nil, err
		}
	} else if err := p.checkout(where); err != nil {
		return nil, err
	}
	return p, p.setPackage(pkg, "IMPORT_PATH")
}

// module reads MODULE[@VERSION].
func (p *part) module(target, want string) error {
	mod, ver, hasVer := strings.Cut(target, "@")
	if !pathChars.MatchString(mod) {
		return p.errorf("%q is not a module path (%s)", mod, want)
	}
	if hasVer && !verChars.MatchString(ver) {
		return p.errorf("%q is not a version (want a tag like v1.2.3, a commit or latest)", ver)
	}
	p.mod, p.ver = mod, ver
	return nil
}

// checkout reads a local module: its go.mod names the module.
func (p *part) checkout(dir string) error {
	abs, err := absPath(dir)
	if err != nil {
		return p.errorf("%v", err)
	}
	mod, err := modulePath(abs)
	if err != nil {
		return p.errorf("%v", err)
	}
	if !pathChars.MatchString(mod) {
		return p.errorf("%s/go.mod names no module path", abs)
	}
	p.mod, p.dir = mod, abs
	return nil
}

// setPackage checks the import path and that it lies in the module.
func (p *part) setPackage(pkg, what string) error {
	if !pathChars.MatchString(pkg) {
		return p.errorf("%q is not an import path", pkg)
	}
	if pkg != p.mod && !strings.HasPrefix(pkg, p.mod+"/") {
		return p.errorf("%s is not in module %s (%s is %s or a package under it)", pkg, p.mod, what, p.mod)
	}
	p.pkg = pkg
	return nil
}

func isLocalPath(s string) bool {
	return s == "." || s == ".." || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../") || strings.HasPrefix(s, "~/")
}

// absPath is dir as an absolute path, ~ for the home directory.
func absPath(dir string) (string, error) {
	if rest, ok := strings.CutPrefix(dir, "~/"); ok {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(home, rest)
	}
	return filepath.Abs(dir)
}

// modulePath is the module a checkout's go.mod declares.
func modulePath(dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return "", fmt.Errorf("%s holds no go.mod (a module checkout is needed)", dir)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	return "", fmt.Errorf("%s/go.mod names no module path", dir)
}

func exportedIdent(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	if !unicode.IsUpper(r) {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' {
			return false
		}
	}
	return true
}

// parseReplace reads --replace MODULE=PATH, PATH a checkout.
func parseReplace(text string) (mod, dir string, err error) {
	mod, path, ok := strings.Cut(text, "=")
	if !ok || mod == "" || path == "" {
		return "", "", usagef("--replace %s: want MODULE=PATH", text)
	}
	abs, err := absPath(path)
	if err != nil {
		return "", "", usagef("--replace %s: %v", text, err)
	}
	if _, err := os.Stat(filepath.Join(abs, "go.mod")); err != nil {
		return "", "", usagef("--replace %s: %s holds no go.mod (a module checkout is needed)", text, path)
	}
	return mod, abs, nil
}

var versionSpec = regexp.MustCompile(`^[^@=\s]+@[^@\s]+$`)

func checkVersion(text string) error {
	if !versionSpec.MatchString(text) {
		return usagef("--version %s: want MODULE@VERSION, like github.com/bytedance/sonic@v1.14.2", text)
	}
	return nil
}
