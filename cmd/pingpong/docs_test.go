package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	mdLink    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	mdFence   = regexp.MustCompile("(?s)```.*?```")
	mdHeading = regexp.MustCompile(`(?m)^#{1,6}\s+(.*?)\s*$`)
	notSlug   = regexp.MustCompile(`[^\p{L}\p{N}_\- ]`)
	isURL     = regexp.MustCompile(`^[a-z]+:`)
)

// Every relative link of the README and docs/ reaches a file, and a
// #fragment a heading of it, by GitHub's rule for heading anchors.
func TestDocsLinksResolve(t *testing.T) {
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "../../README.md")
	links := 0
	for _, f := range files {
		text := mdFence.ReplaceAllString(readFile(t, f), "")
		for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if isURL.MatchString(target) {
				continue // a URL
			}
			links++
			path, anchor, _ := strings.Cut(target, "#")
			dest := f
			if path != "" {
				dest = filepath.Join(filepath.Dir(f), path)
			}
			if _, err := os.Stat(dest); err != nil {
				t.Errorf("%s: link %s: %v", f, target, err)
				continue
			}
			if anchor != "" && !anchorsOf(t, dest)[anchor] {
				t.Errorf("%s: link %s: no heading #%s in %s", f, target, anchor, dest)
			}
		}
	}
	if links == 0 {
		t.Fatal("no relative links found: the docs moved?")
	}
}

// anchorsOf is the heading anchors GitHub gives a Markdown file.
func anchorsOf(t *testing.T, path string) map[string]bool {
	out, seen := map[string]bool{}, map[string]int{}
	text := mdFence.ReplaceAllString(readFile(t, path), "")
	for _, m := range mdHeading.FindAllStringSubmatch(text, -1) {
		s := strings.ReplaceAll(notSlug.ReplaceAllString(strings.ToLower(m[1]), ""), " ", "-")
		if n := seen[s]; n > 0 {
			out[s+"-"+strconv.Itoa(n)] = true
		} else {
			out[s] = true
		}
		seen[s]++
	}
	return out
}
