package datasets

import (
	"fmt"
	"io"
	"os"
	"slices"
)

// MaxInputSize is the most that is read from an input file or stream, the
// shapes' limit and for the same reason: beyond it a run exhausts the
// memory of ordinary machines before it measures anything.
const MaxInputSize = MaxShapeSize

// Stdin is the -input name of standard input.
const Stdin = "-"

// readFile reads the file at path, which may also be a FIFO, a device or
// a process substitution, or standard input when path is Stdin.
func readFile(path string) ([]byte, error) {
	f := os.Stdin
	if path != Stdin {
		var err error
		if f, err = os.Open(path); err != nil {
			return nil, fmt.Errorf("input %q: cannot read file: %w", path, err)
		}
		defer f.Close()
	}
	size := int64(0)
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	data, err := readLimited(f, size, MaxInputSize)
	if err != nil {
		return nil, fmt.Errorf("input %q: %w", path, err)
	}
	return data, nil
}

// Chunks of a stream read: the first is firstChunk (or the size expected,
// plus one), each next one twice the last (at least firstChunk), up to
// lastChunk.
const (
	firstChunk = 512 << 10
	lastChunk  = 64 << 20
)

// readLimited reads r to its end, failing as soon as more than limit bytes
// come. size is what r is expected to hold (a regular file's size), 0 when
// unknown. A stream is read in chunks joined once at the end, so that an
// endless one costs about limit bytes of memory before it is refused,
// where io.ReadAll's growing buffer would take several times that.
func readLimited(r io.Reader, size, limit int64) ([]byte, error) {
	tooLarge := fmt.Errorf("larger than the input size limit of %s", formatSize(int(limit)))
	if size > limit {
		return nil, tooLarge
	}
	var chunks [][]byte
	total, next := int64(0), int64(firstChunk)
	if size > 0 {
		next = size + 1 // seeing the end takes one byte more
	}
	for {
		buf := make([]byte, min(next, limit+1-total))
		n, err := io.ReadFull(r, buf)
		chunks = append(chunks, buf[:n])
		total += int64(n)
		if total > limit {
			return nil, tooLarge
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
		next = min(max(2*next, firstChunk), lastChunk)
	}
	if len(chunks) == 1 {
		return chunks[0], nil
	}
	return slices.Concat(chunks...), nil
}
