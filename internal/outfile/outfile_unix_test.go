//go:build unix

package outfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// A FIFO is written in place, so its reader gets the content and the FIFO
// stays a FIFO.
func TestWriteWritesAFIFOInPlace(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	if err := Check(fifo); err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- b
	}()
	if err := Write(fifo, writeString("through the pipe")); err != nil {
		t.Fatal(err)
	}
	if b := <-got; string(b) != "through the pipe" {
		t.Errorf("the reader got %q", b)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("%s is no longer a FIFO: %v %v", fifo, fi, err)
	}
}

// A device is written in place: /dev/null's double takes the content,
// /dev/full's fails with ENOSPC naming the path, and both stay devices.
func TestWriteWritesADeviceInPlace(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("making device nodes needs root")
	}
	dir := t.TempDir()
	null, full := filepath.Join(dir, "null"), filepath.Join(dir, "full")
	for _, d := range []struct {
		path       string
		maj, minor int
	}{{null, 1, 3}, {full, 1, 7}} {
		if err := syscall.Mknod(d.path, syscall.S_IFCHR|0o666, d.maj<<8|d.minor); err != nil {
			t.Skipf("mknod %s: %v", d.path, err)
		}
	}
	if err := Check(null); err != nil {
		t.Skipf("cannot open a device node here (a nodev mount?): %v", err)
	}
	if err := Write(null, writeString("gone")); err != nil {
		t.Errorf("null: %v", err)
	}
	err := Write(full, writeString("no room"))
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), full) {
		t.Errorf("full: err %v, want ENOSPC naming %s", err, full)
	}
	for _, p := range []string{null, full} {
		if fi, err := os.Lstat(p); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
			t.Errorf("%s is no longer a device: %v %v", p, fi, err)
		}
	}
	if hidden, _ := filepath.Glob(filepath.Join(dir, ".*")); len(hidden) != 0 {
		t.Errorf("temporary files left behind: %v", hidden)
	}
}

// A link into /proc, as /dev/stdout is, names a file already open: it is
// written in place, appended to, whatever the file is. Renaming over it
// would leave what was written to the descriptor in a deleted file.
func TestWriteWritesAnOpenFileInPlace(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "stdout.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString("console\n"); err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for _, c := range []struct {
		name string
		fd   uintptr
	}{{"file", f.Fd()}, {"pipe", w.Fd()}} {
		link := filepath.Join(dir, c.name)
		if err := os.Symlink(filepath.Join("/proc/self/fd", strconv.Itoa(int(c.fd))), link); err != nil {
			t.Fatal(err)
		}
		if err := Check(link); err != nil {
			t.Errorf("%s: check: %v", c.name, err)
		}
		if err := Write(link, writeString("results\n")); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s: %s is no longer a symlink", c.name, link)
		}
	}
	w.Close()
	if b, _ := io.ReadAll(r); string(b) != "results\n" {
		t.Errorf("the pipe's reader got %q", b)
	}
	if b, _ := os.ReadFile(path); string(b) != "console\nresults\n" {
		t.Errorf("the open file holds %q, want what was written to it, then the results", b)
	}
	open, err1 := f.Stat()
	named, err2 := os.Stat(path)
	if err1 != nil || err2 != nil || !os.SameFile(open, named) {
		t.Errorf("the open file was replaced (%v, %v)", err1, err2)
	}
}
