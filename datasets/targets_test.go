package datasets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
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
		t.Errorf("encode(decode(document)) differs from the document: %s", Diff(want, got))
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
