package datasets

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// schema:N has N distinct struct types, all reachable from the root, and
// its document fits the root: encoding/json decodes it with unknown fields
// disallowed and encodes it back to the same bytes.
func TestSchemaShape(t *testing.T) {
	for _, n := range []int{1, 10, 100, 500} {
		in, err := Load("schema:"+itoa(int64(n)), DefaultSeed)
		if err != nil {
			t.Fatal(err)
		}
		root, ok := TargetType(in.Name)
		if !ok {
			t.Fatalf("schema:%d has no target type", n)
		}
		if got := countStructs(root, map[reflect.Type]bool{}); got != n {
			t.Errorf("schema:%d: %d distinct struct types", n, got)
		}
		dec := json.NewDecoder(bytes.NewReader(in.Data))
		dec.DisallowUnknownFields()
		p := reflect.New(root).Interface()
		if err := dec.Decode(p); err != nil {
			t.Fatalf("schema:%d does not fit its type: %v", n, err)
		}
		out, err := json.Marshal(p)
		if err != nil || !bytes.Equal(out, in.Data) {
			t.Errorf("schema:%d: a round trip through its type changed it (%v)", n, err)
		}
		if per := len(in.Data) / n; per < 100 || per > 600 {
			t.Errorf("schema:%d: %d bytes a type", n, per)
		}
		if TypeName(root) != "schema's generated struct family" {
			t.Errorf("schema:%d: named %q", n, TypeName(root))
		}
	}
	if SchemaType(10) != SchemaType(10) {
		t.Error("schema:10's family made twice")
	}
	if TypeName(reflect.TypeFor[CITMCatalog]()) != "datasets.CITMCatalog" {
		t.Error("a compiled type's name is not its own")
	}
}

func countStructs(t reflect.Type, seen map[reflect.Type]bool) int {
	for t.Kind() == reflect.Slice || t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return 0
	}
	seen[t] = true
	n := 1
	for i := range t.NumField() {
		n += countStructs(t.Field(i).Type, seen)
	}
	return n
}

// Its bounds are said as deep's are.
func TestSchemaShapeBounds(t *testing.T) {
	for spec, want := range map[string]string{
		"schema":      "schema needs a number of types",
		"schema:":     "no number of types after the colon",
		"schema:x":    `number of types "x" is not a whole number`,
		"schema:0":    "number of types 0 is below 1",
		"schema:5001": "number of types 5001 is above the limit of 5000",
	} {
		_, err := Load(spec, DefaultSeed)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "schema:N with N a whole number from 1 to 5000") {
			t.Errorf("%s: %v, want %q", spec, err, want)
		}
	}
}
