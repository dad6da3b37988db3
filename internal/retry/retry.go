// Package retry is the one way the project's tests retry a check that
// depends on a shared machine's timing.
package retry

import (
	"strings"
	"testing"

	"github.com/pingpong-bench/pingpong/internal/measurelock"
)

// Three runs attempt up to three times and fails t with every try's error
// when none passed: a timing check on a shared 2-core machine may lose to
// a neighbour once, never three times in a row. It holds the machine-wide
// measuring lock (measurelock) for the tries, so that go test ./... never
// runs two timing checks at once, whichever packages they are in.
func Three(t testing.TB, attempt func() error) {
	t.Helper()
	measurelock.Take(t)
	var errs []string
	for try := range 3 {
		err := attempt()
		if err == nil {
			return
		}
		t.Logf("try %d: %v", try+1, err)
		errs = append(errs, err.Error())
	}
	t.Fatal(strings.Join(errs, "\n"))
}
