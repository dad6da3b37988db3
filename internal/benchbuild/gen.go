package main

import (
	_ "embed"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/template"
)

// The generated file registers each --add as a pingpong.Codec (the
// package's own Marshal and Unmarshal, called as users call them:
// Unmarshal gets the pointer to the target, *any or *T) and each --type
// as a decode target, through the public API a Go program uses.

//go:embed generated.go.tmpl
var generatedText string

var generated = template.Must(template.New("generated").Parse(generatedText))

// generatedFile is where the file goes in the copy of pingpong's module.
const generatedFile = "cmd/pingpong/bench_generated.go"

type genData struct {
	Imports []genImport
	Parts   []genPart
}

type genImport struct{ Alias, Path string }

type genPart struct {
	Index         int
	Name, Package string // a codec's, and the package whose functions it calls
	Type          string // a type's name in its package; "" for a codec
	Alias         string
}

// reserved are the names the generated file uses itself: an import may not
// take them (a package may be called any, or v).
var reserved = []string{"pingpong", "any", "byte", "error", "v", "data", "init", "main"}

// setAliases names each part's import: its package name, unless another
// import or the file itself has it already. Parts of one package share it.
func setAliases(parts []*part) {
	byPath := map[string]string{}
	taken := slices.Clone(reserved)
	for i, p := range parts {
		if a, ok := byPath[p.pkg]; ok {
			p.alias = a
			continue
		}
		p.alias = p.pkgName
		if slices.Contains(taken, p.alias) {
			p.alias = p.pkgName + strconv.Itoa(i)
		}
		taken = append(taken, p.alias)
		byPath[p.pkg] = p.alias
	}
}

// generate is the source of the file for parts, aliases set.
func generate(parts []*part) ([]byte, error) {
	var d genData
	for i, p := range parts {
		if !slices.ContainsFunc(d.Imports, func(im genImport) bool { return im.Path == p.pkg }) {
			d.Imports = append(d.Imports, genImport{p.alias, p.pkg})
		}
		g := genPart{Index: i, Alias: p.alias}
		if p.isType() {
			g.Type = p.typ
		} else {
			g.Name, g.Package = p.name, p.pkg
		}
		d.Parts = append(d.Parts, g)
	}
	var b strings.Builder
	if err := generated.Execute(&b, d); err != nil {
		return nil, fmt.Errorf("generating %s: %w", generatedFile, err)
	}
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return nil, fmt.Errorf("generating %s: %w\n%s", generatedFile, err, b.String())
	}
	return src, nil
}

func writeGenerated(moduleDir string, parts []*part) error {
	src, err := generate(parts)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(moduleDir, generatedFile), src, 0o644)
}

var partMark = regexp.MustCompile(`// part (\d+): (.+)$`)

// markOf is the part and the call a line of the generated file is about.
func markOf(line string) (index int, what string, ok bool) {
	m := partMark.FindStringSubmatch(line)
	if m == nil {
		return 0, "", false
	}
	index, err := strconv.Atoi(m[1])
	return index, m[2], err == nil
}

// buildFailure explains a failed build of pingpong with parts, in one
// line about the part it concerns: a call of the generated file that does
// not compile (the package lacks that function in a usable form, or the
// type), a package of the user's that does not compile, or go's verdict.
func buildFailure(err error, moduleDir string, parts []*part) error {
	stderr := stderrOf(err)
	if ce, ok := firstCompileError(stderr, moduleDir); ok {
		if ce.file == filepath.Join(moduleDir, generatedFile) {
			return generatedFailure(ce, moduleDir, parts)
		}
		for _, p := range parts {
			if ce.pkg == p.pkg || strings.HasPrefix(ce.pkg, p.mod+"/") || ce.pkg == p.mod {
				return p.errorf("package %s does not compile: %s:%s: %s", ce.pkg, filepath.Base(ce.file), ce.at, ce.msg)
			}
		}
	}
	var flags []string
	for _, p := range parts {
		flags = append(flags, p.flag+" "+p.text)
	}
	what := strings.Join(flags, ", ")
	if need := needsGo(stderr); need != "" {
		return usagef("%s: building needs Go %s, this machine has %s", what, need, goVersion())
	}
	return usagef("%s: building pingpong with it failed: %s", what, buildVerdict(stderr))
}

// generatedFailure is a compile error on a line of the generated file.
func generatedFailure(ce compileError, moduleDir string, parts []*part) error {
	src, err := os.ReadFile(filepath.Join(moduleDir, generatedFile))
	lines := strings.Split(string(src), "\n")
	if err != nil || ce.line < 1 || ce.line > len(lines) {
		return usagef("the generated %s does not compile: %s", generatedFile, ce.msg)
	}
	i, what, ok := markOf(lines[ce.line-1])
	if !ok || i >= len(parts) {
		return usagef("the generated %s does not compile: %s", generatedFile, ce.msg)
	}
	p := parts[i]
	if !p.isType() {
		return p.errorf("package %s has no usable %s: %s", p.pkg, what, ce.msg)
	}
	if strings.HasPrefix(ce.msg, "undefined: ") {
		return p.errorf("package %s has no type %s", p.pkg, p.typ)
	}
	return p.errorf("%s cannot be a decode target: %s", p.typeName(), ce.msg)
}

// buildVerdict is a failed build's verdict: its first line that is neither
// progress, a package heading (#) nor detail (indented).
func buildVerdict(stderr string) string {
	for _, l := range nonEmpty(stderr) {
		if !progress.MatchString(l) && !strings.HasPrefix(l, "#") && l[0] != ' ' && l[0] != '\t' {
			return strings.TrimPrefix(l, "go: ")
		}
	}
	return verdict(stderr)
}
