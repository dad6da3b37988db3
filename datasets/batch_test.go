package datasets

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestBatch(t *testing.T) {
	doc := []byte("{\n  \"a\": [1, 2,\t3],\r\n  \"s\": \"keep  \\\" spaces\\n\"\n}\n")
	const line = `{"a":[1,2,3],"s":"keep  \" spaces\n"}`
	for _, c := range []struct {
		k    int
		want string
	}{
		{0, ""},
		{-1, ""},
		{1, line + "\n"},
		{3, strings.Repeat(line+"\n", 3)},
	} {
		if got := Batch(doc, c.k); string(got) != c.want {
			t.Errorf("k=%d: got %q, want %q", c.k, got, c.want)
		}
	}
	for _, line := range bytes.Split(bytes.TrimSuffix(Batch(doc, 3), []byte("\n")), []byte("\n")) {
		if !json.Valid(line) {
			t.Errorf("line %q is not one JSON document", line)
		}
	}
}

// compact must agree with encoding/json on every document the package makes,
// indented corpora included.
func TestCompactMatchesEncodingJSON(t *testing.T) {
	docs := map[string][]byte{}
	for _, b := range Builtins() {
		docs[b.Name], _ = Generate(b.Name, 1)
	}
	for _, spec := range []string{"small-doc", "tiny", "deep:30", "escaped-string:10k", "unicode-string:10k", "wide-object:10k", "floats:10k"} {
		in, err := resolveShape(spec, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		docs[spec] = in.Data
	}
	for name, doc := range docs {
		var want bytes.Buffer
		if err := json.Compact(&want, doc); err != nil {
			t.Fatal(err)
		}
		if got := compact(doc); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: compact differs from json.Compact", name)
		}
	}
}
