package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
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

// TestReadmeShort: the README is a page a newcomer reads in five
// minutes (issue 39): at most 25,000 bytes, its first sections the
// quick start and "Your own site", the quick start's commands the two a
// fresh machine needs (make site, make test), with how long each takes.
// Detail belongs in docs/*.md, linked from it (TestDocLinks).
func TestReadmeShort(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 25_000 {
		t.Errorf("README.md is %d bytes, over 25,000: move detail into docs/*.md", len(data))
	}
	var heads []string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "## ") {
			heads = append(heads, strings.TrimPrefix(line, "## "))
		}
	}
	if len(heads) < 2 || heads[0] != "Quick start" || heads[1] != "Your own site" {
		t.Errorf("README.md's sections begin %q, want \"Quick start\" then \"Your own site\"", heads)
	}
	quick, _, _ := strings.Cut(string(data), "\n## Your own site")
	_, quick, _ = strings.Cut(quick, "\n## Quick start")
	block := regexp.MustCompile("(?s)```sh\n(.*?)```").FindStringSubmatch(quick)
	if block == nil {
		t.Fatal("README.md's quick start has no ```sh block")
	}
	var cmds []string
	for _, line := range strings.Split(strings.TrimSpace(block[1]), "\n") {
		cmd, _, _ := strings.Cut(line, "#")
		cmds = append(cmds, strings.TrimSpace(cmd))
	}
	if !slices.Equal(cmds, []string{"make site", "make test"}) {
		t.Errorf("README.md's quick start runs %q, want exactly make site and make test", cmds)
	}
	for _, took := range []*regexp.Regexp{
		regexp.MustCompile(`first ` + "`make site`" + `[^.]*\*\*\d+ min \d+ s\*\*`),
		regexp.MustCompile("`make test` took \\*\\*\\d+ min \\d+ s\\*\\*"),
	} {
		if !took.MatchString(quick) {
			t.Errorf("README.md's quick start does not say how long it takes: no %s", took)
		}
	}
}
