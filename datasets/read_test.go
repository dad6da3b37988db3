package datasets

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// endless is a stream that never ends, as /dev/zero.
type endless struct{ read int64 }

func (e *endless) Read(p []byte) (int, error) {
	clear(p)
	e.read += int64(len(p))
	return len(p), nil
}

func TestReadLimitedStopsOneByteBeyondTheLimit(t *testing.T) {
	const limit = 3*firstChunk + 17 // across chunks of growing sizes
	doc := bytes.Repeat([]byte("x"), limit)
	for _, c := range []struct {
		name    string
		r       io.Reader
		size    int64
		want    []byte // nil: refused
		readMax int64  // for endless: the most it may have been asked for
	}{
		{name: "empty", r: strings.NewReader(""), want: []byte{}},
		{name: "stream at the limit", r: bytes.NewReader(doc), want: doc},
		{name: "file at the limit", r: bytes.NewReader(doc), size: limit, want: doc},
		{name: "file that grew", r: bytes.NewReader(doc), size: 10, want: doc},
		{name: "stream one beyond", r: bytes.NewReader(append(doc, 'y'))},
		{name: "file beyond, not read", r: strings.NewReader(""), size: limit + 1},
		{name: "endless", r: &endless{}, readMax: limit + 1},
	} {
		got, err := readLimited(c.r, c.size, limit)
		if c.want == nil {
			if err == nil || !strings.Contains(err.Error(), "limit of "+formatSize(limit)) {
				t.Errorf("%s: err %v, want the limit named", c.name, err)
			}
		} else if err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("%s: %d bytes, err %v; want %d bytes", c.name, len(got), err, len(c.want))
		}
		if e, ok := c.r.(*endless); ok && e.read != c.readMax {
			t.Errorf("%s: read %d bytes, want limit+1 = %d", c.name, e.read, c.readMax)
		}
	}
}
