package datasets

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestValidate(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	okDeep := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	cases := []struct {
		name, doc string
		want      string // substring of the error; "" means valid
	}{
		{"valid", `{"a": [1, 2.5, "x", true, null]}`, ""},
		{"depth at limit", okDeep, ""},
		{"empty", "", "empty document"},
		{"whitespace", " \n\t\r\n ", "only whitespace"},
		{"bad key", "{\n  \"a\": 1,\n  }", "invalid JSON at line 3, column 3: invalid character '}' looking for beginning of object key string"},
		{"bad value", "[1,\n 2,\n\t x]", "invalid JSON at line 3, column 3: invalid character 'x'"},
		{"column counts characters", "[\"é\", @]", "line 1, column 7"},
		{"truncated", "{\"a\": [1, 2\n", "unexpected end of JSON at line 1, column 12"},
		{"truncated string", `"abc`, "unexpected end of JSON at line 1, column 5"},
		{"invalid utf8", "[\"ok\",\n\"\xff\"]", "invalid UTF-8 at byte offset 8 (line 2, column 2)"},
		{"invalid utf8 in broken json", "[\"\xc3\x28\"", "invalid UTF-8 at byte offset 2"},
		{"too deep", deep, "nesting depth 10001 exceeds the limit of 10000"},
		{"brackets in strings do not count", `["` + strings.Repeat("[", 20000) + `"]`, ""},
		{"trailing garbage", "{}\n  x", "trailing data after the JSON value at line 2, column 3"},
		{"two values", "1 2", "trailing data after the JSON value at line 1, column 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Validate("foo.json", []byte(c.doc))
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case c.want == "":
				return
			case err == nil:
				t.Fatalf("accepted, want error containing %q", c.want)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, `input "foo.json": `) || !strings.Contains(msg, c.want) {
				t.Errorf("got  %q\nwant %q", msg, c.want)
			}
			if strings.ContainsAny(msg, "\r\n") {
				t.Errorf("error spans lines: %q", msg)
			}
		})
	}
}

func FuzzValidate(f *testing.F) {
	for _, s := range []string{`{}`, `[1, "a", {"b": null}]`, `{"a":`, "\"\xff\"", `[[[]]]`, `1 2`, ` `, `"\u00e9\n"`, `{"a" 1}`, `-0.5e+3`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := Validate("fuzz", data)
		if err != nil && strings.ContainsAny(err.Error(), "\r\n") {
			t.Fatalf("multi-line error: %q", err)
		}
		if depth, _ := nestingDepth(data); depth > maxDepth || !utf8.Valid(data) {
			if err == nil {
				t.Fatalf("accepted invalid UTF-8 or too deep input")
			}
			return
		}
		if valid := json.Valid(data); valid != (err == nil) {
			t.Fatalf("json.Valid=%v but Validate error=%v", valid, err)
		}
	})
}
