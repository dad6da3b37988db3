// Package outfile writes the output files of the report, the page and the
// command (results, CSV, histograms, charts) so that an output path can
// never do harm: a failed write leaves the previous file whole.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Write writes a result file so that an output path can never do harm:
//   - a regular file, or a path that does not exist yet, is written through
//     a temporary file in the same directory, renamed into place only when
//     complete: an interrupted or failed write leaves the previous file,
//     never a truncated one;
//   - a symlink is followed, and its target is the file replaced that way,
//     so the symlink stays a symlink;
//   - a device, FIFO or other file that is not regular is written in place,
//     never renamed over; so is whatever a path in /proc names, since
//     there it is a handle on a file already open (/dev/stdout is
//     /proc/self/fd/1), which is appended to as the shell's >> would;
//   - a directory is refused.
//
// A failure to write or to close (where a full disk shows) names the path.
func Write(path string, write func(io.Writer) error) error {
	target, fi, err := resolve(path)
	if err != nil {
		return err
	}
	switch {
	case fi == nil:
		return replace(target, 0o644, write)
	case fi.IsDir():
		return &fs.PathError{Op: "write", Path: path, Err: errIsDir}
	case fi.Mode().IsRegular() && !inProc(target):
		return replace(target, fi.Mode().Perm(), write)
	default:
		return writeInPlace(target, write)
	}
}

// Check tells, before anything is measured, whether Write(path)
// will be able to write. It leaves nothing behind, changes no file and
// opens no FIFO, so that a reader waiting on one sees only the real write.
func Check(path string) error {
	target, fi, err := resolve(path)
	switch {
	case err != nil:
		return err
	case fi == nil || fi.Mode().IsRegular() && !inProc(target):
		if fi != nil { // a file its owner made read-only is not one to replace
			f, err := os.OpenFile(target, os.O_WRONLY, 0) // no O_TRUNC: the old file stays until the new one is ready
			if err != nil {
				return err
			}
			f.Close()
		}
		tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".check-*")
		if err != nil {
			return err
		}
		tmp.Close()
		return os.Remove(tmp.Name())
	case fi.IsDir():
		return &fs.PathError{Op: "write", Path: path, Err: errIsDir}
	case fi.Mode()&fs.ModeNamedPipe != 0:
		return nil // opening it would hand its reader an empty file
	default:
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		return f.Close()
	}
}

var errIsDir = errors.New("is a directory, not a file")

// maxSymlinks bounds resolve as the kernel bounds a path lookup (ELOOP).
const maxSymlinks = 40

// resolve follows path's symlinks, also one that points at nothing yet,
// to the file Write writes: its path and, when it exists, its FileInfo.
// It stops at a link in /proc, whose text (pipe:[1234], or the name of a
// file since deleted) is no path: only the kernel can follow it.
func resolve(path string) (string, fs.FileInfo, error) {
	for range maxSymlinks {
		fi, err := os.Lstat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return path, nil, nil
		case err != nil:
			return "", nil, err
		case fi.Mode()&fs.ModeSymlink == 0:
			return path, fi, nil
		case inProc(path):
			fi, err := os.Stat(path)
			return path, fi, err
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", nil, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", nil, &fs.PathError{Op: "resolve", Path: path, Err: fmt.Errorf("more than %d symlinks in a row", maxSymlinks)}
}

// inProc says whether path is in Linux's /proc, where files are the
// kernel's views and links its handles, never files to replace.
func inProc(path string) bool {
	abs, err := filepath.Abs(path)
	return err == nil && strings.HasPrefix(abs, "/proc/")
}

// replace writes path through a temporary file in its directory and
// renames it into place.
func replace(path string, mode fs.FileMode, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	if err := write(tmp); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), mode); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// writeInPlace writes to a device, a FIFO or a file already open as the
// shell's >> would, except that it never creates one.
func writeInPlace(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
