package codecs

import (
	stdjson "encoding/json"
	"fmt"

	"github.com/pingpong-bench/pingpong/datasets"
)

// Check decodes input with the codec, encodes the result, decodes that again
// and compares the value with encoding/json's reading of input. It returns
// the codec's own encoding of input (the first message of a pair) and a
// description of the first difference ("" when they agree). err is set when
// the codec fails on the input at all.
func Check(c Codec, input []byte) (bin []byte, mismatch string, err error) {
	var want any
	if err := stdjson.Unmarshal(input, &want); err != nil {
		return nil, "", fmt.Errorf("encoding/json reading input: %w", err)
	}
	var first any
	if err := c.Unmarshal(input, &first); err != nil {
		return nil, "", fmt.Errorf("decode: %w", err)
	}
	bin, err = c.Marshal(first)
	if err != nil {
		return nil, "", fmt.Errorf("encode: %w", err)
	}
	var again any
	if err := c.Unmarshal(bin, &again); err != nil {
		return nil, "", fmt.Errorf("decode of own output: %w", err)
	}
	return bin, datasets.Diff(want, again), nil
}
