package machine

import (
	"runtime"
	"testing"
)

// The fresh-page figure is measured where the OS maps memory for us; its
// size is never a figure's reason to fail (a test machine is shared).
func TestFreshPages(t *testing.T) {
	fp := FreshPages(2)
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		if fp.Err == "" {
			t.Errorf("measured without mmap: %+v", fp)
		}
		return
	}
	if fp.Err != "" || fp.Fresh <= 0 || fp.Touched <= 0 || len(fp.Samples) != fp.Tries || fp.MB != 2 {
		t.Errorf("FreshPages(2) = %+v", fp)
	}
	if fp := FreshPages(0); fp.Err == "" {
		t.Errorf("FreshPages(0) = %+v, want an error", fp)
	}
}
