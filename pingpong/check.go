package pingpong

import (
	stdjson "encoding/json"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"sort"
	"strconv"
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
	return bin, Diff(want, again), nil
}

// Diff returns the first JSON path at which a and b differ, with both
// values, or "" when they are equal. Numbers compare as numbers (1 == 1.0,
// json.Number or float64 alike); object keys are visited in sorted order so
// the answer is stable.
func Diff(a, b any) string { return diff("$", a, b) }

func diff(path string, a, b any) string {
	if x, ok := number(a); ok {
		if y, ok := number(b); ok && (x == y || math.IsNaN(x) && math.IsNaN(y)) {
			return ""
		}
		return differs(path, a, b)
	}
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok {
			return differs(path, a, b)
		}
		keys := make([]string, 0, len(av)+len(bv))
		for k := range av {
			keys = append(keys, k)
		}
		for k := range bv {
			if _, dup := av[k]; !dup {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			x, okx := av[k]
			y, oky := bv[k]
			p := path + member(k)
			if !okx || !oky {
				return fmt.Sprintf("%s: present on one side only", p)
			}
			if d := diff(p, x, y); d != "" {
				return d
			}
		}
		return ""
	case []any:
		bv, ok := b.([]any)
		if !ok {
			return differs(path, a, b)
		}
		if len(av) != len(bv) {
			return fmt.Sprintf("%s: array length %d vs %d", path, len(av), len(bv))
		}
		for i := range av {
			if d := diff(path+"["+strconv.Itoa(i)+"]", av[i], bv[i]); d != "" {
				return d
			}
		}
		return ""
	default:
		if !reflect.DeepEqual(a, b) {
			return differs(path, a, b)
		}
		return ""
	}
}

func differs(path string, a, b any) string {
	return fmt.Sprintf("%s: %s vs %s", path, short(a), short(b))
}

func short(v any) string {
	s := fmt.Sprintf("%#v", v)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

var ident = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func member(k string) string {
	if ident.MatchString(k) {
		return "." + k
	}
	return "[" + strconv.Quote(k) + "]"
}

// number converts any JSON number representation a codec may produce.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case float32:
		return float64(n), true
	case int64:
		return float64(n), true
	case int:
		return float64(n), true
	case uint64:
		return float64(n), true
	case stdjson.Number:
		f, err := n.Float64()
		return f, err == nil
	}
	return 0, false
}
