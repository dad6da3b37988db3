package datasets

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	read := func(s string) any {
		var v any
		d := json.NewDecoder(strings.NewReader(s))
		d.UseNumber()
		if err := d.Decode(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	cases := []struct {
		a, b any
		want string // prefix of the answer; "" = equal
	}{
		{read(`{"a":[1,2,{"b":1.0}]}`), map[string]any{"a": []any{1.0, int64(2), map[string]any{"b": 1.0}}}, ""},
		{read(`{"a":[1,2,{"b":1}]}`), read(`{"a":[1,2,{"b":2}]}`), "$.a[2].b: "},
		{read(`{"x y":true}`), read(`{"x y":false}`), `$["x y"]: `},
		{read(`{"a":1,"b":2}`), read(`{"a":1}`), "$.b: present on one side only"},
		{read(`[1,2]`), read(`[1]`), "$: array length 2 vs 1"},
		{read(`{"a":"1"}`), read(`{"a":1}`), "$.a: "},
		{read(`{"a":null}`), read(`{"a":null}`), ""},
	}
	for _, c := range cases {
		got := Diff(c.a, c.b)
		if (c.want == "") != (got == "") || !strings.HasPrefix(got, c.want) {
			t.Errorf("Diff(%v, %v) = %q, want prefix %q", c.a, c.b, got, c.want)
		}
	}
}
