package main

import (
	"errors"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// resolved are parts as the go command would have resolved them: two
// codecs of one package called v (a name the file uses itself) and a type.
func resolved() []*part {
	return []*part{
		{flag: "--add", text: "a=/src/wrap", name: "a", mod: "example.com/wrap", pkg: "example.com/wrap/v", pkgName: "v"},
		{flag: "--add", text: "b=/src/wrap", name: "b", mod: "example.com/wrap", pkg: "example.com/wrap/v", pkgName: "v"},
		{flag: "--type", text: "example.com/shop.Order=/src/shop", typ: "Order", mod: "example.com/shop", dir: "/src/shop", pkg: "example.com/shop", pkgName: "shop"},
	}
}

func TestGenerated(t *testing.T) {
	parts := resolved()
	setAliases(parts)
	if parts[0].alias != "v0" || parts[1].alias != "v0" || parts[2].alias != "shop" {
		t.Errorf("aliases %s %s %s, want v0 v0 shop", parts[0].alias, parts[1].alias, parts[2].alias)
	}
	src, err := generate(parts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), generatedFile, src, 0); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	for _, want := range []string{
		"\tv0 \"example.com/wrap/v\"\n", "\tshop \"example.com/shop\"\n",
		`pingpong.Register(pingpong.Codec{Name: "b",`,
		"return v0.Unmarshal(data, v) }, // part 1: Unmarshal([]byte, any) error\n",
		"}, \"example.com/wrap/v\")\n",
		"pingpong.RegisterType[shop.Order]() // part 2: type\n",
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the generated file lacks %q:\n%s", want, src)
		}
	}
	if strings.Count(string(src), "\t"+`v0 "example.com/wrap/v"`) != 1 {
		t.Errorf("one package imported twice:\n%s", src)
	}
}

// A failed build is told in one line about the part it concerns, from what
// the go command printed.
func TestBuildFailures(t *testing.T) {
	dir := t.TempDir()
	parts := resolved()
	setAliases(parts)
	src, err := generate(parts)
	if err != nil {
		t.Fatal(err)
	}
	gen := filepath.Join(dir, generatedFile)
	if err := os.MkdirAll(filepath.Dir(gen), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gen, src, 0o644); err != nil {
		t.Fatal(err)
	}
	// lineOf is the position go gives an error on the line with call and
	// mark: "cmd/pingpong/bench_generated.go:LINE:COL: ".
	lineOf := func(call, mark string) string {
		for i, l := range strings.Split(string(src), "\n") {
			if strings.Contains(l, call) && strings.Contains(l, mark) {
				return filepath.FromSlash(generatedFile) + ":" + strconv.Itoa(i+1) + ":20: "
			}
		}
		t.Fatalf("no line has %q and %q:\n%s", call, mark, src)
		return ""
	}
	for _, c := range []struct{ stderr, want string }{
		{"# github.com/pingpong-bench/pingpong/cmd/pingpong\n" + lineOf("v0.Marshal(v)", "// part 1:") + "undefined: v0.Marshal\n",
			"--add b=/src/wrap: package example.com/wrap/v has no usable Marshal(any) ([]byte, error): undefined: v0.Marshal"},
		{"# github.com/pingpong-bench/pingpong/cmd/pingpong\n" + lineOf("v0.Unmarshal", "// part 0:") + "too many arguments in call to v0.Unmarshal\n\thave ([]byte, any)\n\twant ([]byte)\n",
			"--add a=/src/wrap: package example.com/wrap/v has no usable Unmarshal([]byte, any) error: too many arguments in call to v0.Unmarshal; have ([]byte, any); want ([]byte)"},
		{"# github.com/pingpong-bench/pingpong/cmd/pingpong\n" + lineOf("RegisterType", "// part 2:") + "undefined: shop.Order\n",
			"--type example.com/shop.Order=/src/shop: package example.com/shop has no type Order"},
		{"# github.com/pingpong-bench/pingpong/cmd/pingpong\n" + lineOf("RegisterType", "// part 2:") + "cannot use generic type shop.Order[T any] without instantiation\n",
			"--type example.com/shop.Order=/src/shop: shop.Order cannot be a decode target: cannot use generic type shop.Order[T any] without instantiation"},
		{"# example.com/shop\n../../src/shop/order.go:3:22: undefined: y\n",
			"--type example.com/shop.Order=/src/shop: package example.com/shop does not compile: order.go:3:22: undefined: y"},
		{"go: example.com/shop@v0.0.0: module requires go >= 1.99 (running go 1.26.8; GOTOOLCHAIN=local)\n",
			"--add a=/src/wrap, --add b=/src/wrap, --type example.com/shop.Order=/src/shop: building needs Go 1.99, this machine has go"},
	} {
		err := buildFailure(&goFailure{args: []string{"build"}, stderr: c.stderr, err: errors.New("exit status 1")}, dir, parts)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || exitCode(err, &strings.Builder{}) != 2 {
			t.Errorf("go said:\n%s\ngot %v, want exit 2 and %q", c.stderr, err, c.want)
		}
	}
}

func TestVerdictAndExplain(t *testing.T) {
	stderr := "go: downloading example.com/x v1.0.0\ngo: example.com/x@v9.9.9: reading https://proxy.golang.org/example.com/x/@v/v9.9.9.info: 404 Not Found\n"
	if v := verdict(stderr); v != "example.com/x@v9.9.9: reading https://proxy.golang.org/example.com/x/@v/v9.9.9.info: 404 Not Found" {
		t.Errorf("verdict %q", v)
	}
	err := explain("go get example.com/x@v9.9.9", &goFailure{stderr: stderr, err: errors.New("exit status 1")})
	if !strings.HasPrefix(err.Error(), "go get example.com/x@v9.9.9 is not served by the module proxy (") || exitCode(err, &strings.Builder{}) != 1 {
		t.Errorf("explain: %v", err)
	}
	p := &part{flag: "--add", text: "x=example.com/x@v9.9.9", mod: "example.com/x", ver: "v9.9.9"}
	if err := p.failure("cannot fetch example.com/x@v9.9.9", &goFailure{stderr: stderr, err: errors.New("exit status 1")}); err.Error() !=
		"--add x=example.com/x@v9.9.9: cannot fetch example.com/x@v9.9.9: reading https://proxy.golang.org/example.com/x/@v/v9.9.9.info: 404 Not Found" {
		t.Errorf("part failure: %v", err)
	}
}
