package codecs

import (
	"fmt"

	"github.com/pingpong-bench/pingpong/datasets"
	"github.com/pingpong-bench/pingpong/results"
)

// Prepared is a codec ready to run on one input, or the reason it is not.
type Prepared struct {
	Entry Entry
	Info  results.CodecInfo
	Codec Codec  // nil when the codec cannot run the input
	Bin   []byte // the input as the codec encodes it: a pair's first message
	// NewTarget makes what each decode fills; nil: any.
	NewTarget func() any
}

// Prepare builds the codec for the input and checks it against
// encoding/json before anything is measured.
func Prepare(im Entry, in *datasets.Input) (p Prepared, info results.CodecInfo) {
	info = results.CodecInfo{Name: im.Name, Desc: im.Desc, Version: im.Version(), Input: in.Name, Env: im.Env, Notes: im.Notes}
	if im.Check != nil {
		if err := im.Check(); err != nil {
			info.Err = err.Error()
			p.Entry, p.Info = im, info
			return p, info
		}
	}
	check := func(c Codec) ([]byte, string, error) { return Check(c, in.Data) }
	if l := im.Library; l != nil && l.NewTarget != nil {
		check, p.NewTarget = l.check(in.Data), l.NewTarget // a program's codec, into its own type
	}
	c, bin, mismatch, err := ready(im, in, "check", check)
	if err != nil {
		info.Err = err.Error()
	} else {
		p.Codec, p.Bin, info.Mismatch = c, bin, mismatch
	}
	p.Entry, p.Info = im, info
	return p, info
}

// ready builds im's codec for in and runs check on it (which returns the
// pair's first message and the first difference from encoding/json). A
// panic in either becomes the error; on error the codec is not to be used.
func ready(im Entry, in *datasets.Input, what string, check func(Codec) ([]byte, string, error)) (c Codec, bin []byte, mismatch string, err error) {
	defer RecoverInto(&err, what)
	if c, err = im.New(in.Data); err != nil {
		return nil, nil, "", err
	}
	if bin, mismatch, err = check(c); err != nil {
		return nil, nil, "", err
	}
	return c, bin, mismatch, nil
}

// InfoOf is what a run records of in.
func InfoOf(in *datasets.Input) results.InputInfo {
	return results.InputInfo{Name: in.Name, Kind: in.Kind, Path: in.Path, Bytes: len(in.Data), SHA256: in.SHA256, Seed: in.Seed,
		Shape: in.Shape, AskedSize: in.AskedSize}
}

// RecoverInto turns a codec's panic into the goroutine's error, so one
// codec's panic costs its own row, not the run.
func RecoverInto(errp *error, who string) {
	if r := recover(); r != nil {
		*errp = fmt.Errorf("%s panicked: %v", who, r)
	}
}
