package measurelock

import (
	"os"
	"path/filepath"
	"testing"
)

// While this process holds the lock, another open of the same file (as
// another process would make) cannot take it; a second taker in this
// process shares it, and the file's lock goes only with the last.
func TestOneProcessAtATime(t *testing.T) {
	// A lock file of its own: on the shared one, another package's test
	// waiting for the lock takes it the moment both takers give it back,
	// and the last check would read the lock as kept.
	t.Setenv("TMPDIR", t.TempDir())
	release, _, err := Acquire()
	if err != nil {
		t.Skipf("no lock here: %v", err)
	}
	again, waited, err := Acquire()
	if err != nil || waited != 0 {
		t.Fatalf("a second taker in the holding process: waited %s, err %v", waited, err)
	}
	if free(t) {
		t.Fatal("another open took the lock this process holds")
	}
	release()
	release() // twice: once
	if free(t) {
		t.Fatal("the lock went with the first of two takers")
	}
	again()
	if !free(t) {
		t.Fatal("the lock stayed held after both takers gave it back")
	}
}

// free says whether another open of the lock file can take its lock now.
// It opens the file for reading, as another user's process does (the
// file is the first taker's, and the umask leaves it theirs to write).
func free(t *testing.T) bool {
	t.Helper()
	f, err := os.Open(filepath.Join(os.TempDir(), Name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ok, err := tryLock(f)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}
