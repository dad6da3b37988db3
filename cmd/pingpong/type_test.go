package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bench_scheduling.sh --type: a user's own type as every codec's decode
// target, from a local module.

// shopModule is a user's module: an order with nested structs, slices and
// maps, and beside it a codec that loses a field of it (the customer's
// email) when it encodes.
func shopModule(t *testing.T, order string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "shop")
	writeModule(t, dir, map[string]string{
		"go.mod":   "module example.com/shop\n\ngo 1.22\n",
		"order.go": order,
		"lossy/lossy.go": `// Package lossy forgets the customer's email when it encodes.
package lossy

import "encoding/json"

func Marshal(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		return b, nil
	}
	if c, ok := m["customer"].(map[string]any); ok {
		delete(c, "email")
	}
	return json.Marshal(m)
}

func Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
`,
	})
	return dir
}

const shopOrder = `// Package shop is a shop's orders.
package shop

type Order struct {
	ID       string            ` + "`json:\"id\"`" + `
	Customer Customer          ` + "`json:\"customer\"`" + `
	Lines    []Line            ` + "`json:\"lines\"`" + `
	Tags     map[string]string ` + "`json:\"tags\"`" + `
}

type Customer struct {
	Name  string ` + "`json:\"name\"`" + `
	Email string ` + "`json:\"email\"`" + `
}

type Line struct {
	SKU   string  ` + "`json:\"sku\"`" + `
	Qty   int     ` + "`json:\"qty\"`" + `
	Price float64 ` + "`json:\"price\"`" + `
}
`

const orderDoc = `{"id":"o-17","customer":{"name":"Ada","email":"ada@example.com"},"lines":[{"sku":"tea","qty":2,"price":4.5},{"sku":"cake","qty":1,"price":12.25}],"tags":{"channel":"web"}}`

// runType runs the script in a fresh directory holding order.json (doc),
// as a user would: -i order.json.
func runType(t *testing.T, doc string, args ...string) (code int, stdout, stderr, out string) {
	t.Helper()
	cwd := t.TempDir()
	if err := os.WriteFile(filepath.Join(cwd, "order.json"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	out = filepath.Join(cwd, "out")
	args = append(append([]string{"-i", "order.json", "--duration", "50ms", "-o", out}, args...), "--", "-warmup", "0", "-levels", "1", "-probe", "0")
	code, stdout, stderr = runScriptIn(t, cwd, nil, args...)
	return code, stdout, stderr, out
}

func TestBenchSchedulingDecodesIntoAUsersType(t *testing.T) {
	t.Parallel()
	mod := shopModule(t, shopOrder)
	code, _, stderr, out := runType(t, orderDoc, "--type", "example.com/shop.Order="+mod, "--add", "lossy="+mod+":example.com/shop/lossy", "--compare", "std,goccy")
	if code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr)
	}
	console := readFile(t, filepath.Join(out, "console.txt"))
	if !strings.Contains(console, "  target:      shop.Order (a type of this build") {
		t.Errorf("the header does not name shop.Order:\n%s", console)
	}
	for _, codec := range []string{"std", "goccy"} {
		if row := rowOf(console, codec); !strings.HasPrefix(row, "  1x encdec shop.Order ") || !strings.Contains(row, " n=") || strings.Contains(row, "MISMATCH") || strings.Contains(row, "error") {
			t.Errorf("%s's row does not measure shop.Order cleanly: %q", codec, row)
		}
	}
	if row := rowOf(console, "lossy"); !strings.Contains(row, "MISMATCH") || !strings.Contains(console, "  ! lossy disagrees with encoding/json through shop.Order at $.customer.email: present on one side only") {
		t.Errorf("the lost field is not a mismatch at its JSON path: row %q\n%s", row, console)
	}
	for _, r := range readRun(t, filepath.Join(out, "results.json")).Results {
		if r.Target != "shop.Order" {
			t.Errorf("%s ran into %q", r.Name(), r.Target)
		}
	}
}

// A type that is not there, does not compile or cannot hold the input is
// refused before anything is measured, in one line, with exit status 2.
func TestBenchSchedulingRefusesABadType(t *testing.T) {
	t.Parallel()
	mod := shopModule(t, shopOrder)
	broken := shopModule(t, "package shop\n\ntype Order struct{ Total money }\n")
	for _, c := range []struct {
		name, typ, doc, want string
	}{
		{"no such type", "example.com/shop.Cart=" + mod, orderDoc,
			"bench_scheduling.sh: --type example.com/shop.Cart=" + mod + ": package example.com/shop has no type Cart"},
		{"does not compile", "example.com/shop.Order=" + broken, orderDoc,
			"bench_scheduling.sh: --type example.com/shop.Order=" + broken + ": package example.com/shop does not compile: order.go:3:26: undefined: money"},
		{"cannot hold the input", "example.com/shop.Order=" + mod, `{"id":"o-1","coupon":"SPRING"}`,
			`pingpong: -target shop.Order: order does not fit shop.Order: json: unknown field "coupon"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr, out := runType(t, c.doc, "--type", c.typ, "--compare", "std")
			if line := oneLine(t, stderr); code != 2 || line != c.want || strings.Contains(stdout, "n=") {
				t.Errorf("exit %d, line %q; want 2 and %q, nothing measured", code, line, c.want)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("%s exists after a refused --type (stat: %v)", out, err)
			}
		})
	}
}
