package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocLinks: every relative link in README.md and docs/*.md leads to a
// file of the repository, so what moved out of the README (issue 22) is
// still found from it.
func TestDocLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join(root, "README.md"))
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	code := regexp.MustCompile("`[^`]*`") // an example in code is not a link
	links := map[string][]string{}        // page to the pages it links
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(code.ReplaceAllString(string(data), ""), -1) {
			target, _, _ := strings.Cut(m[1], "#")
			if target == "" || strings.Contains(target, ":") {
				continue // a fragment of the same page, or another site
			}
			p := filepath.Join(filepath.Dir(f), filepath.FromSlash(target))
			if _, err := os.Stat(p); err != nil {
				t.Errorf("%s links %s, which does not exist", f, m[1])
			}
			links[filepath.Clean(f)] = append(links[filepath.Clean(f)], filepath.Clean(p))
		}
	}
	// The README leads to every page of docs/, directly or through the
	// pages it links.
	seen := map[string]bool{}
	var visit func(string)
	visit = func(f string) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, to := range links[f] {
			visit(to)
		}
	}
	visit(filepath.Join(root, "README.md"))
	for _, f := range files {
		if !seen[filepath.Clean(f)] {
			t.Errorf("no link from README.md leads to %s", f)
		}
	}
}
