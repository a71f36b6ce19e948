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

// TestReadmeSectionsNamed: a section of the README that Sortie's output
// or code names ("see \"Selling your pack in print\" in the README";
// README, "X" in a comment) is a heading of the README, so that moving
// detail out of the README does not leave a message pointing at nothing.
func TestReadmeSectionsNamed(t *testing.T) {
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	heads := map[string]bool{}
	for _, line := range strings.Split(string(readme), "\n") {
		if h, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " "); ok && strings.HasPrefix(line, "#") {
			heads[h] = true
		}
	}
	named := regexp.MustCompile(`\\?"([^"\\]+)\\?" in the README|README, \\?"([^"\\]+)\\?"`)
	wrap := regexp.MustCompile(`\n\s*// `) // a comment's line break
	seen := 0
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || filepath.Ext(p) != ".go" || p == filepath.Join(root, "cmd", "sortie", "docs_test.go") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range named.FindAllStringSubmatch(wrap.ReplaceAllString(string(data), " "), -1) {
			h := m[1] + m[2]
			seen++
			if !heads[h] {
				t.Errorf("%s names the README's section %q, which the README does not have", p, h)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen == 0 {
		t.Error("no README section named anywhere: the pattern no longer finds cmd/sortie's \"Selling your pack in print\"")
	}
}
