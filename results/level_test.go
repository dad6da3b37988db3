package results

import (
	"testing"
)

func TestParseLevels(t *testing.T) {
	got, err := ParseLevels("1,N,2N, 4n,3,2", 2)
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
		if _, err := ParseLevels(bad, 2); err == nil {
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
