package report

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// A write that fails halfway leaves the previous file whole and no
// temporary file behind; one that succeeds replaces it.
func TestWriteFileIsAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := WriteFile(path, func(w io.Writer) error {
		io.WriteString(w, "half of the new")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("err %v, want the writer's", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("after a failed write the file holds %q, want the old content", b)
	}
	if err := WriteFile(path, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("file holds %q, want new", b)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v (%v), want 0644", fi.Mode(), err)
	}
	if names, _ := filepath.Glob(filepath.Join(dir, "*")); len(names) != 1 {
		t.Errorf("files left in the directory: %v", names)
	}
	hidden, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(hidden) != 0 {
		t.Errorf("temporary files left behind: %v", hidden)
	}
}
