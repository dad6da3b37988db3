package datasets

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// sizedShapes are the shapes that take a SIZE, kept apart from Shapes() so
// that a shape added there without tests here is noticed by TestShapesList.
var sizedShapes = []string{"long-string", "unicode-string", "escaped-string", "attachment", "floats", "ints", "wide-object"}

func loadShape(t testing.TB, spec string, seed int64) *Input {
	t.Helper()
	t.Setenv("PINGPONG_DATA", "")
	in, err := Load(spec, seed)
	if err != nil {
		t.Fatalf("Load(%q): %v", spec, err)
	}
	return in
}

func TestShapesList(t *testing.T) {
	want := append(append([]string{}, sizedShapes...), "deep", "schema", "small-doc", "tiny")
	var got []string
	for _, s := range Shapes() {
		got = append(got, s.Name)
		wantParam := map[string]string{"deep": "D", "schema": "N", "small-doc": "", "tiny": ""}[s.Name]
		if slices.Contains(sizedShapes, s.Name) {
			wantParam = "SIZE"
		}
		if s.Param != wantParam || s.Desc == "" || strings.ContainsRune(s.Desc, '\n') {
			t.Errorf("%s: bad metadata %+v", s.Name, s)
		}
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("Shapes() = %v, want %v", got, want)
	}
}

func TestShapeSizes(t *testing.T) {
	for _, name := range sizedShapes {
		for _, size := range []string{"1k", "100k", "1MB"} {
			t.Run(name+":"+size, func(t *testing.T) {
				in := loadShape(t, name+":"+size, 3)
				want, _ := parseSize(size)
				// Within 2% is the promise; the generators pad exactly.
				if len(in.Data) != int(want) || in.AskedSize != int(want) {
					t.Errorf("got %d bytes, AskedSize %d, want %d", len(in.Data), in.AskedSize, want)
				}
				if !json.Valid(in.Data) {
					t.Error("not valid JSON")
				}
				if in.Kind != "shape" || in.Shape != name || in.Seed != 3 || in.Path != "" || len(in.SHA256) != 64 {
					t.Errorf("got Kind=%s Shape=%s Seed=%d Path=%q", in.Kind, in.Shape, in.Seed, in.Path)
				}
			})
		}
	}
}

// Every size from the minimum up: the filler arithmetic has edge cases at
// each length, and the small sizes are where they show.
func TestShapeExactAtEverySmallSize(t *testing.T) {
	for _, name := range sizedShapes {
		for size := MinShapeSize; size <= 700; size++ {
			in, err := resolveShape(fmt.Sprintf("%s:%d", name, size), 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(in.Data) != size || !json.Valid(in.Data) || Validate(in.Name, in.Data) != nil {
				t.Fatalf("%s: %d bytes (want %d), valid=%v: %s", in.Name, len(in.Data), size, json.Valid(in.Data), in.Data)
			}
		}
	}
}

func TestShapeNames(t *testing.T) {
	// Every spelling of one size gives one name, so results of runs that
	// spelled it differently still line up.
	for _, c := range []struct{ size, name string }{
		{"16MB", "16MB"}, {"16M", "16MB"}, {"16mb", "16MB"}, {"16000kB", "16MB"}, {"16000000", "16MB"},
		{"1k", "1kB"}, {"1K", "1kB"}, {"1KB", "1kB"}, {"1000", "1kB"}, {"1000b", "1kB"}, {"1000B", "1kB"},
		{"4M", "4MB"}, {"1G", "1GB"}, {"1gb", "1GB"}, {"1500", "1500B"}, {"2500k", "2500kB"}, {"16", "16B"},
	} {
		n, ok := parseSize(c.size)
		if got := formatSize(int(n)); !ok || got != c.name {
			t.Errorf("size %q: parsed %d, %v, named %q; want %q", c.size, n, ok, got, c.name)
		}
	}
	for _, c := range []struct{ spec, name string }{
		{"long-string:2k", "long-string:2kB"},
		{"ints:1500", "ints:1500B"},
		{"deep:010", "deep:10"},
		{"small-doc", "small-doc"},
		{"tiny", "tiny"},
	} {
		if in := loadShape(t, c.spec, 1); in.Name != c.name {
			t.Errorf("%s: Name = %q, want %q", c.spec, in.Name, c.name)
		}
	}
}

func TestEscapedStringShare(t *testing.T) {
	for _, size := range []string{"1k", "100k", "1MB"} {
		for _, seed := range []int64{1, 2, 3} {
			data := loadShape(t, "escaped-string:"+size, seed).Data
			esc := 0
			for i := 1; i < len(data)-1; i++ {
				if data[i] == '\\' {
					n := 2
					if data[i+1] == 'u' {
						n = 6
					}
					esc += n
					i += n - 1
				}
			}
			if share := float64(esc) / float64(len(data)); share < 0.30 {
				t.Errorf("escaped-string:%s seed %d: %.1f%% of bytes in escapes, want >= 30%%", size, seed, 100*share)
			}
		}
	}
}

func TestUnicodeStringMostlyMultibyte(t *testing.T) {
	for _, size := range []string{"1k", "1MB"} {
		data := loadShape(t, "unicode-string:"+size, 1).Data
		byLen := map[int]int{}
		for _, r := range string(data[1 : len(data)-1]) {
			byLen[utf8.RuneLen(r)] += utf8.RuneLen(r)
		}
		multi := byLen[2] + byLen[3] + byLen[4]
		if share := float64(multi) / float64(len(data)); share < 0.8 {
			t.Errorf("%s: %.1f%% of bytes in multi-byte runes, want >= 80%%", size, 100*share)
		}
		if byLen[2] == 0 || byLen[3] == 0 || byLen[4] == 0 {
			t.Errorf("%s: bytes by rune length %v, want 2-, 3- and 4-byte runes", size, byLen)
		}
		if bytes.IndexByte(data[1:len(data)-1], '\\') >= 0 {
			t.Errorf("%s: has escapes; the text should be raw UTF-8", size)
		}
	}
}

func TestWideObjectKeysDistinct(t *testing.T) {
	for _, size := range []string{"1k", "100k", "1MB"} {
		dec := json.NewDecoder(bytes.NewReader(loadShape(t, "wide-object:"+size, 1).Data))
		if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
			t.Fatalf("%s: first token %v, %v", size, tok, err)
		}
		seen := map[string]bool{}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				t.Fatal(err)
			}
			k := tok.(string)
			if seen[k] {
				t.Fatalf("%s: key %q repeats", size, k)
			}
			seen[k] = true
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
		}
		if tok, err := dec.Token(); tok != json.Delim('}') || err != nil {
			t.Fatalf("%s: last token %v, %v", size, tok, err)
		}
		if _, err := dec.Token(); err != io.EOF {
			t.Fatalf("%s: more than one object", size)
		}
		if len(seen) < 40 {
			t.Errorf("%s: only %d keys", size, len(seen))
		}
	}
}

func TestDeepExactDepth(t *testing.T) {
	for _, d := range []int{1, 2, 3, 4, 99, 1000, maxDepth} {
		in := loadShape(t, fmt.Sprintf("deep:%d", d), 1)
		if got, _ := nestingDepth(in.Data); got != d {
			t.Errorf("deep:%d is %d deep", d, got)
		}
		var v any
		if err := json.Unmarshal(in.Data, &v); err != nil {
			t.Errorf("deep:%d: %v", d, err)
		}
		if in.AskedSize != 0 || in.Seed != 0 {
			t.Errorf("deep:%d: AskedSize=%d Seed=%d, want 0 and 0", d, in.AskedSize, in.Seed)
		}
	}
	if got := string(loadShape(t, "deep:4", 1).Data); got != `[{"a":[{"a":1}]}]` {
		t.Errorf("deep:4 = %s", got)
	}
}

func TestFixedShapes(t *testing.T) {
	if in := loadShape(t, "tiny", 1); string(in.Data) != `{"test":1}` || in.Kind != "shape" || in.Shape != "tiny" {
		t.Errorf("tiny: %+v", in)
	}
	for seed := int64(-50); seed < 250; seed++ {
		in := loadShape(t, "small-doc", seed)
		if len(in.Data) != smallDocSize {
			t.Fatalf("seed %d: small-doc is %d bytes, want %d", seed, len(in.Data), smallDocSize)
		}
		var doc map[string]any
		if err := json.Unmarshal(in.Data, &doc); err != nil {
			t.Fatal(err)
		}
		items, _ := doc["items"].([]any)
		if len(doc["_id"].(string)) != 32 || !strings.Contains(doc["_rev"].(string), "-") || len(items) == 0 || doc["customer"] == nil {
			t.Fatalf("seed %d: not CouchDB-like: %s", seed, in.Data)
		}
	}
}

func TestShapesDeterministic(t *testing.T) {
	specs := []string{"deep:50", "small-doc", "tiny"}
	for _, name := range sizedShapes {
		specs = append(specs, name+":10k")
	}
	for _, spec := range specs {
		a, again, other := loadShape(t, spec, 7), loadShape(t, spec, 7), loadShape(t, spec, 8)
		if !bytes.Equal(a.Data, again.Data) {
			t.Errorf("%s: same seed gave different bytes", spec)
		}
		// deep and tiny use no randomness, and say so with a zero Seed.
		seeded := a.Seed != 0
		if seeded == bytes.Equal(a.Data, other.Data) {
			t.Errorf("%s: Seed=%d but other seed gives equal bytes: %v", spec, a.Seed, bytes.Equal(a.Data, other.Data))
		}
	}
}

func TestLoadShapeResolutionOrder(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PINGPONG_DATA", dir)
	writeFile(t, dir+"/tiny.json", `[1]`)
	if in, err := Load("tiny", 1); err != nil || in.Kind != "data-dir" {
		t.Errorf("tiny with $PINGPONG_DATA/tiny.json: %+v, %v", in, err)
	}
	path := dir + "/long-string:1k"
	writeFile(t, path, `"x"`)
	if in, err := Load(path, 1); err != nil || in.Kind != "file" {
		t.Errorf("existing path with a colon: %+v, %v", in, err)
	}
	generators["small-doc"] = generator{Builtin{Name: "small-doc"}, func(int64) []byte { return []byte(`[]`) }}
	defer delete(generators, "small-doc")
	if in, err := Load("small-doc", 1); err != nil || in.Kind != "built-in" {
		t.Errorf("small-doc shadowed by a built-in corpus: %+v, %v", in, err)
	}
	_, err := Load(dir+"/missing:1.json", 1)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing path with a colon: %v, want it to wrap fs.ErrNotExist", err)
	}
}
