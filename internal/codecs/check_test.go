package codecs

import (
	"strings"
	"testing"
)

// lossy drops every string's last byte on encode, a codec bug the check
// must catch and locate.
type lossy struct{ Codec }

func (l lossy) Marshal(v any) ([]byte, error) {
	if m, ok := v.(map[string]any); ok {
		for k, x := range m {
			if s, ok := x.(string); ok && s != "" {
				m[k] = s[:len(s)-1]
			}
		}
	}
	return l.Codec.Marshal(v)
}

func TestCheckFindsFirstDifference(t *testing.T) {
	std := registry["std"]
	c, _ := std.New(nil)
	doc := []byte(`{"n":1,"s":"abc"}`)
	if _, mm, err := Check(c, doc); err != nil || mm != "" {
		t.Fatalf("std against itself: mismatch %q err %v", mm, err)
	}
	_, mm, err := Check(lossy{c}, doc)
	if err != nil || !strings.HasPrefix(mm, `$.s: "ab" vs`) && !strings.HasPrefix(mm, `$.s: "abc" vs "ab"`) {
		t.Fatalf("mismatch %q err %v, want one at $.s", mm, err)
	}
}
