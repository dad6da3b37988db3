package codecs

import (
	"strings"
	"testing"
)

func TestToolchainVersionNamesTheExperiment(t *testing.T) {
	for in, want := range map[string]string{
		"go1.26.8":                     "go1.26.8",
		"go1.26.8-X:jsonv2":            "go1.26.8 (GOEXPERIMENT=jsonv2)",
		"go1.25.0 X:jsonv2,greenteagc": "go1.25.0 (GOEXPERIMENT=jsonv2,greenteagc)",
		"devel go1.27-abcdef X:jsonv2": "devel go1.27-abcdef (GOEXPERIMENT=jsonv2)",
	} {
		if got := toolchainVersion(in); got != want {
			t.Errorf("toolchainVersion(%q) = %q, want %q", in, got, want)
		}
	}
}

// A codec of another build is known by name: asking for it says how to get
// it, and the name cannot be registered by another codec (a --add NAME).
func TestUnavailableCodec(t *testing.T) {
	const name = "test-elsewhere"
	RegisterUnavailable(name, "needs a build with -tags elsewhere")
	t.Cleanup(func() { delete(unavailable, name) })
	_, err := LookupAll([]string{"std", name})
	if err == nil || err.Error() != name+" needs a build with -tags elsewhere" {
		t.Errorf("LookupAll: %v", err)
	}
	defer func() {
		if p := recover(); p == nil || !strings.Contains(p.(string), "codec registered twice: "+name) {
			t.Errorf("Register of an unavailable codec's name: panic %v", p)
		}
	}()
	Register(Entry{Name: name})
}
