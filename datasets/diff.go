package datasets

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"sort"
	"strconv"
)

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
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	}
	return 0, false
}
