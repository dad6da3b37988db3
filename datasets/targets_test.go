package datasets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"testing"
)

// TestTargetTypesCoverCorpora decodes each typed corpus, real and built-in,
// into its struct with unknown fields disallowed, then checks that encoding
// the struct gives back the document as a JSON value: every field is
// covered, and null, absent, false and "" each survive as they were.
func TestTargetTypesCoverCorpora(t *testing.T) {
	for _, name := range TargetNames() {
		typ, ok := TargetType(name)
		if !ok {
			t.Fatalf("TargetType(%q) not found though listed", name)
		}
		t.Run(name+"/real", func(t *testing.T) {
			checkCovers(t, typ, readReal(t, name))
		})
		for _, seed := range []int64{DefaultSeed, 2} {
			t.Run(fmt.Sprintf("%s/built-in-seed-%d", name, seed), func(t *testing.T) {
				data, err := Generate(name, seed)
				if err != nil {
					t.Fatal(err)
				}
				checkCovers(t, typ, data)
			})
		}
	}
}

func checkCovers(t *testing.T, typ reflect.Type, data []byte) {
	t.Helper()
	p := reflect.New(typ).Interface()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(p); err != nil {
		t.Fatalf("decode into %v: %v", typ, err)
	}
	out, err := json.Marshal(p)
	if err != nil {
		t.Fatalf("encode %v: %v", typ, err)
	}
	var want, got any
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(want, got) {
		t.Errorf("encode(decode(document)) differs from the document: %s", firstDiff("$", want, got))
	}
}

func TestTargetTypeNames(t *testing.T) {
	for _, n := range []string{"twitter", "twitter.json", "citm_catalog.json", "citm-catalog"} {
		if _, ok := TargetType(n); !ok {
			t.Errorf("TargetType(%q): not found", n)
		}
	}
	for _, n := range []string{"govtrack", "large-numbers", "utf-8-unescaped", ""} {
		if typ, ok := TargetType(n); ok {
			t.Errorf("TargetType(%q) = %v, want none: its shape is not fixed", n, typ)
		}
	}
}

// firstDiff names the first path where two encoding/json readings differ.
func firstDiff(path string, a, b any) string {
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: object vs %T", path, b)
		}
		keys := make([]string, 0, len(av)+len(bv))
		for k := range av {
			keys = append(keys, k)
		}
		for k := range bv {
			if _, ok := av[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			x, okx := av[k]
			y, oky := bv[k]
			if okx != oky {
				return fmt.Sprintf("%s.%s: present in document %v, after round trip %v", path, k, okx, oky)
			}
			if d := firstDiff(path+"."+k, x, y); d != "" {
				return d
			}
		}
		return ""
	case []any:
		bv, ok := b.([]any)
		if !ok || len(av) != len(bv) {
			return fmt.Sprintf("%s: %d-element array vs %#v", path, len(av), b)
		}
		for i := range av {
			if d := firstDiff(fmt.Sprintf("%s[%d]", path, i), av[i], bv[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(a, b) {
		return fmt.Sprintf("%s: %#v vs %#v", path, a, b)
	}
	return ""
}
