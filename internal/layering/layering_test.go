package layering

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/pingpong-bench/pingpong"

// root is the module's directory, from this package's.
const root = "../.."

// rule is one package's line of the page: the module packages it may
// import.
type rule struct {
	pkg     string
	allowed []string
	line    int
}

var (
	entry  = regexp.MustCompile("^- `([^`]+)` — .* <- (.*)$")
	remark = regexp.MustCompile(`\s*\([^)]*\)`)
)

// readRules reads the page's lines, checking that each names only
// packages above it.
func readRules(r io.Reader) ([]rule, error) {
	var rules []rule
	var errs []error
	above := func(p string) bool { return slices.ContainsFunc(rules, func(r rule) bool { return r.pkg == p }) }
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		m := entry.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		ru := rule{pkg: m[1], line: n}
		list := strings.TrimSpace(remark.ReplaceAllString(m[2], ""))
		switch {
		case list == "":
		case strings.HasPrefix(list, "everything above but "):
			but := strings.FieldsFunc(strings.TrimPrefix(list, "everything above but "), func(r rune) bool { return r == ',' || r == ' ' })
			for _, r := range rules {
				if !slices.Contains(but, r.pkg) {
					ru.allowed = append(ru.allowed, r.pkg)
				}
			}
			for _, b := range but {
				if b != "and" && !above(b) {
					errs = append(errs, fmt.Errorf("line %d: %s leaves out %s, which no line above names", n, ru.pkg, b))
				}
			}
		default:
			for _, p := range strings.Split(list, ", ") {
				if !above(p) {
					errs = append(errs, fmt.Errorf("line %d: %s may import %s, which no line above names (a package imports only packages above it)", n, ru.pkg, p))
				}
				ru.allowed = append(ru.allowed, p)
			}
		}
		if above(ru.pkg) {
			errs = append(errs, fmt.Errorf("line %d: %s has a second line", n, ru.pkg))
		}
		rules = append(rules, ru)
	}
	return rules, errors.Join(append(errs, sc.Err())...)
}

// pkg is what go list says of a package.
type pkg struct {
	ImportPath string
	Imports    []string
	Dir        string
	GoFiles    []string
}

// modulePackages are the module's packages, each with the module packages
// its non-test files import, as this build (GOOS, GOARCH, tags) sees them.
func modulePackages(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,Dir,GoFiles", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	pkgs := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		// read the directories and files go list read: the test cache
		// keys a result on what the test opens, not on what a child
		// process opens, so without this a forbidden import added later
		// would pass as a cached ok
		if _, err := os.ReadDir(p.Dir); err != nil { // a file added to it
			t.Fatal(err)
		}
		for _, f := range p.GoFiles {
			if _, err := os.ReadFile(filepath.Join(p.Dir, f)); err != nil {
				t.Fatal(err)
			}
		}
		rel := relative(p.ImportPath)
		pkgs[rel] = []string{}
		for _, imp := range p.Imports {
			if imp == module || strings.HasPrefix(imp, module+"/") {
				pkgs[rel] = append(pkgs[rel], relative(imp))
			}
		}
	}
	return pkgs
}

func relative(path string) string { return strings.TrimPrefix(strings.TrimPrefix(path, module), "/") }

// check is every way the packages break the rules.
func check(rules []rule, pkgs map[string][]string) []string {
	var out []string
	for _, r := range rules {
		if _, ok := pkgs[r.pkg]; !ok {
			out = append(out, fmt.Sprintf("docs/architecture.md:%d: %s is no package of the module", r.line, r.pkg))
		}
	}
	for p, imports := range pkgs {
		i := slices.IndexFunc(rules, func(r rule) bool { return r.pkg == p })
		if i < 0 {
			out = append(out, fmt.Sprintf("%s has no line in docs/architecture.md", p))
			continue
		}
		for _, imp := range imports {
			if !slices.Contains(rules[i].allowed, imp) {
				out = append(out, fmt.Sprintf("%s imports %s, which its line (docs/architecture.md:%d) does not allow", p, imp, rules[i].line))
			}
		}
	}
	slices.Sort(out)
	return out
}

func TestImportsFollowTheArchitecture(t *testing.T) {
	f, err := os.Open(root + "/docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rules, err := readRules(f)
	if err != nil {
		t.Error(err)
	}
	for _, v := range check(rules, modulePackages(t)) {
		t.Error(v)
	}
}

// The checks catch what they are for, on a page and packages made up.
func TestTheChecksCatchADrift(t *testing.T) {
	page := "- `a` — x <- (nothing)\n- `b` — y <- a (for z)\n- `c` — z <- b, d\n- `e` — w <- everything above but b and c\n"
	rules, err := readRules(strings.NewReader(page))
	if err == nil || !strings.Contains(err.Error(), "c may import d, which no line above names") {
		t.Errorf("a name of no line above: %v", err)
	}
	if got := rules[3].allowed; !slices.Equal(got, []string{"a"}) {
		t.Errorf("everything above but b and c: %q", got)
	}
	got := check(rules, map[string][]string{"a": {"b"}, "b": {"a"}, "c": nil, "e": {"a"}, "f": nil})
	want := []string{"a imports b, which its line (docs/architecture.md:1) does not allow", "f has no line in docs/architecture.md"}
	if !slices.Equal(got, want) {
		t.Errorf("violations %q, want %q", got, want)
	}
}
