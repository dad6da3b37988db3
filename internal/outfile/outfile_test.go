package outfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// A write that fails halfway leaves the previous file whole and no
// temporary file behind; one that succeeds replaces it.
func TestWriteIsAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(path, func(w io.Writer) error {
		io.WriteString(w, "half of the new")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("err %v, want the writer's", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("after a failed write the file holds %q, want the old content", b)
	}
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
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

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// A symlink is followed, also a relative one, one in a chain and one that
// points at nothing yet: the target gets the content, the link stays.
func TestWriteFollowsSymlinks(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, link, target string
		links              []string // link -> its destination, as written
		old                string   // the target's content before, "" for none
	}{
		{name: "absolute", link: "a.json", target: "sub/a-target.json", links: []string{filepath.Join(sub, "a-target.json")}, old: "old"},
		{name: "relative", link: "r.json", target: "sub/r-target.json", links: []string{"sub/r-target.json"}, old: "old"},
		{name: "chain", link: "c.json", target: "sub/c-target.json", links: []string{"c2.json", "sub/c-target.json"}, old: "old"},
		{name: "dangling", link: "d.json", target: "sub/d-target.json", links: []string{"sub/d-target.json"}},
	} {
		link, target := filepath.Join(dir, c.link), filepath.Join(dir, c.target)
		from := link
		for i, to := range c.links {
			if err := os.Symlink(to, from); err != nil {
				t.Fatal(err)
			}
			if i+1 < len(c.links) {
				from = filepath.Join(dir, to)
			}
		}
		if c.old != "" {
			if err := os.WriteFile(target, []byte(c.old), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		if err := Check(link); err != nil {
			t.Errorf("%s: check: %v", c.name, err)
		}
		if err := Write(link, writeString("new")); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s: %s is no longer a symlink (%v, %v)", c.name, link, fi, err)
		}
		fi, err := os.Lstat(target)
		if b, _ := os.ReadFile(target); err != nil || !fi.Mode().IsRegular() || string(b) != "new" {
			t.Errorf("%s: target %s holds %q (%v, %v), want a regular file holding new", c.name, target, b, fi, err)
		}
		want := fs.FileMode(0o644)
		if c.old != "" {
			want = 0o600 // a file replaced keeps its mode
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s: target mode %v, want %v", c.name, fi.Mode().Perm(), want)
		}
	}
	if hidden, _ := filepath.Glob(filepath.Join(sub, ".*")); len(hidden) != 0 {
		t.Errorf("temporary files left behind: %v", hidden)
	}
}

func TestWriteRefusesADirectoryAndALoop(t *testing.T) {
	dir := t.TempDir()
	loop := filepath.Join(dir, "loop")
	if err := os.Symlink("loop", loop); err != nil {
		t.Fatal(err)
	}
	toDir := filepath.Join(dir, "to-dir")
	if err := os.Symlink(".", toDir); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{dir, toDir, loop} {
		if err := Check(p); err == nil {
			t.Errorf("Check(%s): no error", p)
		}
		if err := Write(p, writeString("x")); err == nil {
			t.Errorf("Write(%s): no error", p)
		}
	}
	if fi, err := os.Lstat(toDir); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("%s is no longer a symlink", toDir)
	}
}
