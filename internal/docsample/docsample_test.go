package docsample

import (
	"slices"
	"testing"
)

// A sample line's shape takes any figure where it has one (sign, decimals
// and unit with it) and anything where it has "...", and nothing else.
func TestPattern(t *testing.T) {
	p := Pattern("  1x encdec: goccy 2.1x, ... std; worst stop 43.7ms, +0.4 points (0.0 to 1.0)")
	for _, l := range []string{
		"  1x encdec: goccy 2.1x, ... std; worst stop 43.7ms, +0.4 points (0.0 to 1.0)",
		"  2x encdec: goccy 12x, sonic 1.9x std; worst stop 400us, -0.1 points (-0.2 to 0.1)",
	} {
		if !p.MatchString(l) {
			t.Errorf("%q does not match %s", l, p)
		}
	}
	for _, l := range []string{
		"  1x encdec: sonic 2.1x, goccy 1.9x std; worst stop 43.7ms, +0.4 points (0.0 to 1.0)", // another codec first
		"  1x encdec: goccy 2.1x std; worst stop 43.7ms, +0.4 points (0.0 to 1.0)",             // no ", "
		"  1x encdec: goccy 2.1x, sonic 1.9x std; worst stop 43.7ms, +0.4 points (0.0 to 1.0) more",
	} {
		if p.MatchString(l) {
			t.Errorf("%q matches %s", l, p)
		}
	}
}

// The blocks are the fenced output blocks, not commands or code; a block
// matches a run that prints its lines in its order, wrapped or not.
func TestBlocksAndOrder(t *testing.T) {
	page := "text\n```\ngo run ./cmd/pingpong\n```\n\n```go\nfunc f() {}\n```\n\n```\nanswer: two\n  a 1.0ms\n...\n  c 3\n  d 5 and more\n```\n"
	bs := Blocks(page)
	if len(bs) != 1 || bs[0].At != 10 || !slices.Equal(bs[0].Lines, []string{"answer: two", "  a 1.0ms", "...", "  c 3", "  d 5 and more"}) {
		t.Fatalf("blocks %+v", bs)
	}
	printed := Printed("answer: two\n  a 2.5ms\n  b\n  c 4\n  d 6 and\n      more")
	if got := Unmatched(bs[0], [][]string{printed}); len(got) > 0 {
		t.Errorf("unmatched %q in %q", got, printed)
	}
	bs[0].Lines = []string{"  c 3", "answer: two"} // out of order
	if got := Unmatched(bs[0], [][]string{printed}); !slices.Equal(got, []string{"answer: two"}) {
		t.Errorf("out of order: unmatched %q", got)
	}
}
