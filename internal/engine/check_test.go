package engine

import (
	"github.com/pingpong-bench/pingpong/results"
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

func TestParseLevels(t *testing.T) {
	got, err := results.ParseLevels("1,N,2N, 4n,3,2", 2)
	if err != nil {
		t.Fatal(err)
	}
	var pairs []int
	for _, l := range got {
		pairs = append(pairs, l.Pairs)
	}
	if want := []int{1, 2, 4, 8, 3}; !equalInts(pairs, want) {
		t.Errorf("pairs %v, want %v (duplicates dropped, order kept)", pairs, want)
	}
	for _, bad := range []string{"0", "-1", "x", "N2", "", "0N", "100001"} {
		if _, err := results.ParseLevels(bad, 2); err == nil {
			t.Errorf("ParseLevels(%q) accepted", bad)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestCheckMemory(t *testing.T) {
	const gib = 1 << 30
	if err := CheckMemory(2_000_000, 8, 1, 24*gib); err != nil {
		t.Errorf("8 pairs of 2 MB on 24 GiB refused: %v", err)
	}
	if err := CheckMemory(2_000_000, 100000, 1, 24*gib); err == nil {
		t.Error("100000 pairs of 2 MB on 24 GiB accepted")
	}
	if err := CheckMemory(2_000_000, 100000, 1, 0); err != nil {
		t.Errorf("unknown memory must not refuse: %v", err)
	}
}
