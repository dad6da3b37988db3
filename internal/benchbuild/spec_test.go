package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkout is a local module example.com/wrap in a temporary directory.
func checkout(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/wrap\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestParseAdd(t *testing.T) {
	dir := checkout(t)
	for spec, want := range map[string]part{
		"oj=github.com/ohler55/ojg@v1.28.5:github.com/ohler55/ojg/oj": {name: "oj", mod: "github.com/ohler55/ojg", ver: "v1.28.5", pkg: "github.com/ohler55/ojg/oj"},
		"jit=github.com/json-iterator/go":                             {name: "jit", mod: "github.com/json-iterator/go", pkg: "github.com/json-iterator/go"},
		"w=" + dir:                                                    {name: "w", mod: "example.com/wrap", dir: dir, pkg: "example.com/wrap"},
		"lossy=" + dir + ":example.com/wrap/lossy":                    {name: "lossy", mod: "example.com/wrap", dir: dir, pkg: "example.com/wrap/lossy"},
	} {
		p, err := parseAdd(spec)
		if err != nil {
			t.Errorf("%s: %v", spec, err)
			continue
		}
		if p.name != want.name || p.mod != want.mod || p.ver != want.ver || p.dir != want.dir || p.pkg != want.pkg || p.isType() {
			t.Errorf("%s: got %+v, want %+v", spec, *p, want)
		}
	}
}

// A built-in codec's name is refused as the spec is read, before any go
// get or build: with no module proxy, in no time.
func TestParseAddRefusesBuiltinNames(t *testing.T) {
	for _, name := range []string{"std", "sonic-optdec", "stdv2", "baseline"} {
		spec := name + "=github.com/ohler55/ojg@v1.28.5"
		_, err := parseAdd(spec)
		if want := "--add " + spec + ": " + name + " is a built-in codec; pick another NAME"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", spec, err, want)
		}
	}
}

func TestParseType(t *testing.T) {
	dir := checkout(t)
	p, err := parseType("example.com/wrap/shop.Order=" + dir)
	if err != nil || p.pkg != "example.com/wrap/shop" || p.typ != "Order" || p.mod != "example.com/wrap" || p.dir != dir || !p.isType() {
		t.Errorf("a local module: %+v, %v", p, err)
	}
	p, err = parseType("gopkg.in/yaml.v3.Node=gopkg.in/yaml.v3@v3.0.1")
	if err != nil || p.pkg != "gopkg.in/yaml.v3" || p.typ != "Node" || p.mod != "gopkg.in/yaml.v3" || p.ver != "v3.0.1" || p.dir != "" {
		t.Errorf("a module from the proxy: %+v, %v", p, err)
	}
}

// Each bad spec is one line naming the flag, the spec and what is wrong,
// before any go command runs.
func TestBadSpecs(t *testing.T) {
	dir := checkout(t)
	empty := t.TempDir()
	cases := []struct{ spec, want string }{
		{"--add Oj=" + dir, `codec name "Oj" is malformed: use lowercase letters, digits and '-' (like oj or go-json2)`},
		{"--add my_json=" + dir, `codec name "my_json" is malformed`},
		{"--add =" + dir, `codec name "" is malformed`},
		{"--add oj", "want NAME=MODULE[@VERSION][:IMPORT_PATH] or NAME=PATH (a local checkout)"},
		{"--add oj=" + empty, empty + " holds no go.mod (a module checkout is needed)"},
		{"--add oj=" + dir + ":example.com/other", "example.com/other is not in module example.com/wrap (IMPORT_PATH is example.com/wrap or a package under it)"},
		{"--add oj=" + dir + ":", "empty IMPORT_PATH after ':'"},
		{"--add oj=github.com/x/y@v1 2", `"v1 2" is not a version`},
		{"--add oj=github.com/x y", `"github.com/x y" is not a module path`},
		{"--type example.com/wrap.order=" + dir, `"order" is not an exported type name`},
		{"--type example.com/wrap=" + dir, "want IMPORT_PATH.TypeName=DIR (a local module) or IMPORT_PATH.TypeName=MODULE@VERSION"},
		{"--type example.com/wrap.Order", "want IMPORT_PATH.TypeName=DIR"},
		{"--type shop.Order=" + dir, "shop is not in module example.com/wrap"},
		{"--type example.com/wrap.Order=" + empty, empty + " holds no go.mod"},
	}
	for _, c := range cases {
		flag, spec, _ := strings.Cut(c.spec, " ")
		var err error
		if flag == "--add" {
			_, err = parseAdd(spec)
		} else {
			_, err = parseType(spec)
		}
		want := flag + " " + spec + ": " + c.want
		if err == nil || !strings.HasPrefix(err.Error(), want) || exitCode(err, &strings.Builder{}) != 2 {
			t.Errorf("%s: err %v; want exit 2 and %q", c.spec, err, want)
		}
	}
	for _, c := range []struct {
		adds, types []string
		want        string
	}{
		{[]string{"a=" + dir, "a=" + dir}, nil, "--add a=" + dir + ": codec name a is given twice"},
		{nil, []string{"example.com/wrap.A=" + dir, "example.com/wrap.B=" + dir}, "--type example.com/wrap.B=" + dir + ": one --type at a time"},
	} {
		if _, err := parseParts(c.adds, c.types); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%v %v: err %v, want %q", c.adds, c.types, err, c.want)
		}
	}
}
