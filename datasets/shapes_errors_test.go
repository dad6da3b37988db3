package datasets

import (
	"errors"
	"strings"
	"testing"
)

func TestShapeErrors(t *testing.T) {
	const sized = "long-string:SIZE with SIZE from 16B to 1GB, like 512k, 16MB or 1G"
	for _, c := range []struct {
		spec   string
		reason string // part of the message saying what is wrong
		form   string // part of the message giving the accepted form
	}{
		{"nope:1k", `"nope" is not a shape`, "SHAPE:SIZE (SHAPE one of long-string, unicode-string, escaped-string, attachment, floats, ints, wide-object), deep:D, schema:N, small-doc or tiny"},
		{"./data/x:1.json", `no such file, and "./data/x" is not a shape`, "SHAPE:SIZE"},
		{"long-string:", "no size after the colon", sized},
		{"long-string:-1", `size "-1" is not a size`, sized},
		{"long-string:10XB", `size "10XB" is not a size`, sized},
		{"long-string:1.5MB", `size "1.5MB" is not a size`, sized},
		{"long-string:16MiB", `size "16MiB" is not a size`, sized},
		{"long-string:2G", `size "2G" is above the limit of 1GB`, sized},
		{"long-string:1000000001", `is above the limit of 1GB`, sized},
		{"long-string:99999999999999999999999G", `is above the limit of 1GB`, sized},
		{"long-string:15", `size "15" is below the minimum of 16B`, sized},
		{"long-string:0", `below the minimum`, sized},
		{"long-string", "long-string needs a size", sized},
		{"floats", "floats needs a size", "floats:SIZE with SIZE"},
		{"deep:0", "depth 0 is below 1", "deep:D with D a whole number from 1 to 10000"},
		{"deep:-3", "depth -3 is below 1", "deep:D with D"},
		{"deep:", "no depth after the colon", "deep:D with D"},
		{"deep:1k", `depth "1k" is not a whole number`, "deep:D with D"},
		{"deep:10001", "depth 10001 is above the nesting limit of 10000", "deep:D with D"},
		{"deep", "deep needs a depth", "deep:D with D"},
		{"tiny:1k", "tiny takes no size", "use -input tiny"},
		{"tiny:", "tiny takes no size", "use -input tiny"},
		{"small-doc:1MB", "small-doc takes no size", "use -input small-doc"},
	} {
		t.Run(c.spec, func(t *testing.T) {
			t.Setenv("PINGPONG_DATA", "")
			in, err := Load(c.spec, 1)
			var se *ShapeError
			if !errors.As(err, &se) {
				t.Fatalf("got %+v, %v; want a *ShapeError", in, err)
			}
			msg := err.Error()
			for _, want := range []string{`input "` + c.spec + `": `, c.reason, "; use -input ", c.form} {
				if !strings.Contains(msg, want) {
					t.Errorf("error %q lacks %q", msg, want)
				}
			}
			if strings.ContainsAny(msg, "\r\n") {
				t.Errorf("multi-line error %q", msg)
			}
		})
	}
}

// A name without a colon that is no shape keeps the corpus error, which now
// points at shapes as well.
func TestUnknownPlainNameIsNotAShapeError(t *testing.T) {
	t.Setenv("PINGPONG_DATA", "")
	_, err := Load("long-strings", 1)
	var se *ShapeError
	if err == nil || errors.As(err, &se) || !strings.Contains(err.Error(), "SHAPE:SIZE") {
		t.Errorf("got %v", err)
	}
}

// go test -run '^$' -bench GenerateShape -benchtime 3x ./datasets
func BenchmarkGenerateShape(b *testing.B) {
	specs := []string{"deep:10000", "small-doc"}
	for _, name := range sizedShapes {
		specs = append(specs, name+":256MB")
	}
	for _, spec := range specs {
		b.Run(strings.ReplaceAll(spec, ":", "-"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				in, err := resolveShape(spec, DefaultSeed, nil)
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(in.Data)))
			}
		})
	}
}
