package datasets

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Grow on small made-up documents, each result checked by hand.
func TestGrow(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		size      int
		want      string
	}{
		// 9 items of 1 byte and their commas in 20 bytes; the 10th would make 21
		{"a top-level array", "[1,2,3]", 20, "[1,2,3,1,2,3,1,2,3]"},
		{"cut to fewer items", "[1,2,3]", 5, "[1,2]"},
		// the array holds more bytes than the string; the space around it stays
		{"the array of an object", ` {"a": [{"x":1}, {"y":2}], "b":"hi"} `, 45, ` {"a": [{"x":1},{"y":2},{"x":1}], "b":"hi"} `},
		// 8 bytes of text (h é l l o \n) in 14 around it: to 32, twice
		// and "h", since 2 bytes are left and é would make 3
		{"a string", `{"s":"héllo\n","n":1}`, 32, `{"s":"héllo\nhéllo\nh","n":1}`},
		// no cut inside an escape: 1 byte left, "\n" takes 2
		{"a string cut before an escape", `"\nab"`, 7, `"\nab"`},
		{"a string shrunk", `"abcdef"`, 5, `"abc"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Grow([]byte(tc.doc), tc.size)
			if err != nil || string(got) != tc.want || len(got) > tc.size || !json.Valid(got) {
				t.Errorf("Grow(%s, %d) = %s (%d bytes, valid %v), %v; want %s", tc.doc, tc.size, got, len(got), json.Valid(got), err, tc.want)
			}
		})
	}
	if _, err := Grow([]byte(`{"a":1,"b":[]}`), 100); !errors.Is(err, ErrCannotGrow) {
		t.Errorf("nothing to grow: %v", err)
	}
	if _, err := Grow([]byte(`["`+strings.Repeat("a", 100)+`"]`), 50); err == nil || !strings.Contains(err.Error(), "smallest form, with one item of its largest array, is 104B") {
		t.Errorf("an item larger than the size: %v", err)
	}
}

// -input grow:FILE:SIZE loads a file grown, named after it and its size,
// a path with a colon in it included; what cannot be grown says so.
func TestLoadGrow(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a:b")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "orders.json")
	writeFile(t, path, `{"orders":[{"id":1,"item":"tea"},{"id":2,"item":"café"}]}`)
	in, err := Load("grow:"+path+":2k", 1)
	if err != nil {
		t.Fatal(err)
	}
	if in.Name != "grow:orders:2kB" || in.Shape != "grow:orders" || in.AskedSize != 2000 || in.Kind != "grown file" || in.Path != path ||
		len(in.Data) > 2000 || len(in.Data) < 2000-32 || in.SHA256 == "" {
		t.Errorf("got %s %s %d %q %s, %d bytes", in.Name, in.Shape, in.AskedSize, in.Kind, in.Path, len(in.Data))
	}
	if in, err := Load("grow:citm-catalog:3MB", 1); err != nil || in.Name != "grow:citm-catalog:3MB" || len(in.Data) > 3e6 || len(in.Data) < 2.9e6 {
		t.Errorf("a built-in grown: %v", err)
	}
	for spec, want := range map[string]string{
		"grow:" + path + ":2GB":   "above the limit of 1GB",
		"grow:" + path:            `size "b/orders.json" is not a size`,
		"grow:" + path + ":10":    "below the minimum",
		"grow:" + path + ":20":    "cannot be grown to 20B: its smallest form",
		"grow:nosuch.json:1MB":    "no such file",
		"grow:-:1MB":              `"-" cannot be grown`,
		"grow:grow:x.json:1M:2MB": "cannot be grown",
		"grow:tiny:1MB":           "cannot be grown to 1MB: it holds no array",
	} {
		_, err := Load(spec, 1)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line with %q", spec, err, want)
		}
	}
}

// The real corpora, when ../shared/datasets has them, grow to a valid
// document within one item of the size.
func TestGrowRealFiles(t *testing.T) {
	for _, name := range []string{"twitter", "citm-catalog", "canada", "utf-8-unescaped"} {
		src := readReal(t, name)
		size := 2 * len(src)
		got, err := Grow(src, size)
		if err != nil || len(got) > size || !json.Valid(got) {
			t.Errorf("%s to %d: %d bytes, valid %v, %v", name, size, len(got), json.Valid(got), err)
		}
		t.Logf("%s: %d bytes grown to %d of %d", name, len(src), len(got), size)
	}
}
