package datasets

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestBuiltinsSortedAndComplete(t *testing.T) {
	bs := Builtins()
	names := make([]string, len(bs))
	for i, b := range bs {
		names[i] = b.Name
		if b.Size <= 0 || b.Desc == "" || strings.ContainsRune(b.Desc, '\n') {
			t.Errorf("%s: bad metadata %+v", b.Name, b)
		}
	}
	if !slices.IsSorted(names) {
		t.Errorf("Builtins not sorted: %v", names)
	}
	for _, want := range []string{"canada", "citm-catalog", "github", "govtrack", "large-numbers", "twitter", "utf-8-unescaped"} {
		if !slices.Contains(names, want) {
			t.Errorf("missing built-in %s", want)
		}
	}
}

func TestGenerateDeterministic(t *testing.T) {
	for _, b := range Builtins() {
		t.Run(b.Name, func(t *testing.T) {
			a, _ := Generate(b.Name, 7)
			again, _ := Generate(b.Name+".json", 7)
			other, _ := Generate(b.Name, 8)
			if !bytes.Equal(a, again) {
				t.Error("same seed gave different bytes")
			}
			if bytes.Equal(a, other) {
				t.Error("different seeds gave identical bytes")
			}
		})
	}
}

func TestGenerateValidAndSized(t *testing.T) {
	for _, b := range Builtins() {
		t.Run(b.Name, func(t *testing.T) {
			for _, seed := range []int64{DefaultSeed, 2, -99} {
				data, err := Generate(b.Name, seed)
				if err != nil {
					t.Fatal(err)
				}
				if err := Validate(b.Name, data); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if d := float64(len(data)-b.Size) / float64(b.Size); d < -0.10 || d > 0.10 {
					t.Errorf("seed %d: size %d is %.1f%% off the target %d (tolerance 10%%)", seed, len(data), 100*d, b.Size)
				}
			}
		})
	}
}

func TestGenerateUnknown(t *testing.T) {
	_, err := Generate("nope", 1)
	if err == nil || !strings.Contains(err.Error(), "twitter") || !strings.Contains(err.Error(), `"nope"`) {
		t.Fatalf("want an error naming the input and listing built-ins, got %v", err)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestLoadExistingPathWins(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "twitter.json")
	writeFile(t, p, `{"a": 1}`)
	in, err := Load(p, 3)
	if err != nil {
		t.Fatal(err)
	}
	if in.Kind != "file" || in.Name != "twitter" || in.Path != p || in.Seed != 0 || string(in.Data) != `{"a": 1}` {
		t.Errorf("got %+v", in)
	}
	if in.SHA256 != "f9d86028c6e0d64e225186f96acb69338b2c59764df79162107f5c4bb34d1310" {
		t.Errorf("SHA256 = %s", in.SHA256)
	}
}

func TestLoadDataDir(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "mine.json"), `[1,2]`)
	writeFile(t, filepath.Join(dir, "github.json"), `[]`)
	t.Setenv("PINGPONG_DATA", dir)
	for _, name := range []string{"mine", "mine.json"} {
		in, err := Load(name, 1)
		if err != nil {
			t.Fatal(err)
		}
		if in.Kind != "data-dir" || in.Name != "mine" || in.Path != filepath.Join(dir, "mine.json") {
			t.Errorf("%s: got %+v", name, in)
		}
	}
	// The data directory shadows a built-in of the same name.
	if in, err := Load("github", 1); err != nil || in.Kind != "data-dir" {
		t.Errorf("github: got %+v, %v", in, err)
	}
}

func TestLoadBuiltin(t *testing.T) {
	t.Setenv("PINGPONG_DATA", "")
	for _, name := range []string{"github", "github.json"} {
		in, err := Load(name, 5)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := Generate("github", 5)
		if in.Kind != "built-in" || in.Name != "github" || in.Path != "" || in.Seed != 5 || !bytes.Equal(in.Data, want) || len(in.SHA256) != 64 {
			t.Errorf("%s: got Kind=%s Name=%s Path=%q Seed=%d", name, in.Kind, in.Name, in.Path, in.Seed)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	t.Setenv("PINGPONG_DATA", "")
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.json")
	_, err := Load(missing, 1)
	if err == nil || !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), missing) || !strings.Contains(err.Error(), "citm-catalog") {
		t.Errorf("missing file: %v", err)
	}
	_, err = Load("no-such-corpus", 1)
	if err == nil || !strings.Contains(err.Error(), `"no-such-corpus"`) || !strings.Contains(err.Error(), "govtrack") {
		t.Errorf("unknown name: %v", err)
	}
	_, err = Load(dir, 1)
	if err == nil || !strings.Contains(err.Error(), dir) || errors.Unwrap(err) == nil {
		t.Errorf("directory: %v", err)
	}
	bad := filepath.Join(dir, "bad.json")
	writeFile(t, bad, "{\n")
	_, err = Load(bad, 1)
	if err == nil || !strings.Contains(err.Error(), "bad.json") {
		t.Errorf("invalid file: %v", err)
	}
	for _, e := range []error{err} {
		if e != nil && strings.ContainsAny(e.Error(), "\r\n") {
			t.Errorf("multi-line error: %q", e)
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, bi := range Builtins() {
		b.Run(bi.Name, func(b *testing.B) {
			b.SetBytes(int64(bi.Size))
			for b.Loop() {
				if _, err := Generate(bi.Name, DefaultSeed); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
