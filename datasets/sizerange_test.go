package datasets

import (
	"strings"
	"testing"
)

func TestParseRange(t *testing.T) {
	r, ok, err := ParseRange("long-string:1MB..64MB")
	if !ok || err != nil || r != (Range{"long-string", 1e6, 64e6}) || r.SizeSpec(5_100_000) != "long-string:5100kB" {
		t.Errorf("got %+v, %v, %v", r, ok, err)
	}
	if r, ok, err := ParseRange("grow:a:b.json:16k..1M"); !ok || err != nil || r.Base != "grow:a:b.json" || r.Min != 16e3 || r.Max != 1e6 {
		t.Errorf("a grown file's range: %+v, %v, %v", r, ok, err)
	}
	for _, spec := range []string{"long-string:16MB", "citm-catalog", "../x..y/file.json", "deep:10"} {
		if _, ok, _ := ParseRange(spec); ok {
			t.Errorf("%q read as a range", spec)
		}
	}
	for spec, want := range map[string]string{
		"long-string:1MB..":      `"" is not a size`,
		"long-string:4MB..1MB":   "4MB is not below 1MB",
		"long-string:1MB..1MB":   "1MB is not below 1MB",
		"long-string:1MB..2GB":   `size "2GB" is above the limit of 1GB`,
		"long-string:1..1MB":     `size "1" is below the minimum`,
		"long-string:1XB..64MB":  `"1XB" is not a size`,
		"long-string:1MB...64MB": `".64MB" is not a size`,
	} {
		_, ok, err := ParseRange(spec)
		if !ok || err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "SPEC:MIN..MAX") {
			t.Errorf("%q: %v (range %v), want %q", spec, err, ok, want)
		}
	}
}
