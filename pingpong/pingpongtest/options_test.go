package pingpongtest

import (
	"testing"
	"time"
)

// A guard that cannot tell measures for up to a fifth of its deadline by
// default (beside other work its program runs a part of each window), at
// least three windows; an Until the test sets stands.
func TestTheGuardsUntilFollowsItsDeadline(t *testing.T) {
	for _, c := range []struct {
		opts []Option
		want time.Duration
	}{
		{[]Option{Duration(time.Second), Deadline(30 * time.Second)}, 6 * time.Second},
		{[]Option{Duration(500 * time.Millisecond), Deadline(10 * time.Second)}, 2 * time.Second},
		{[]Option{Duration(4 * time.Second), Deadline(30 * time.Second)}, 12 * time.Second},
		{[]Option{Duration(time.Second), Deadline(30 * time.Second), Until(2 * time.Second)}, 2 * time.Second},
	} {
		if got := settle(c.opts).run.Until; got != c.want {
			t.Errorf("%+v: Until %v, want %v", settle(c.opts).run, got, c.want)
		}
	}
}
