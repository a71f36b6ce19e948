package web_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/web"
)

// searchEntry is one page of the search index, spelled as search.js
// spells it.
type searchEntry struct {
	Title, Href, Summary, Kind, System string
}

var searchData = regexp.MustCompile(`(?s)<script type="application/json" id="search-index" data-root="../">(.*?)</script>`)

// readSearchIndex returns the index the search page of files carries,
// its bytes and its pages.
func readSearchIndex(t *testing.T, files map[string][]byte) ([]byte, []searchEntry) {
	t.Helper()
	m := searchData.FindSubmatch(files[web.SearchPage])
	if m == nil {
		t.Fatalf("%s holds no search index", web.SearchPage)
	}
	var ix struct {
		Kinds          []struct{ Name, Page, Child, Href, Title string }
		Systems, Words []string
		Pages          [][]json.RawMessage
	}
	if err := json.Unmarshal(m[1], &ix); err != nil {
		t.Fatalf("the search index: %v", err)
	}
	slug := regexp.MustCompile(`[^a-z0-9]+`)
	var out []searchEntry
	for _, p := range ix.Pages {
		var kind, system int
		var title, href, summary string
		for i, v := range []any{&kind, &system, &title, &href, &summary} {
			if err := json.Unmarshal(p[i], v); err != nil {
				t.Fatalf("the search index, page %s: %v", p, err)
			}
		}
		k := ix.Kinds[kind]
		if href == "" {
			href = strings.Trim(slug.ReplaceAllString(strings.ToLower(title), "-"), "-")
		}
		href = strings.ReplaceAll(k.Page, "{n}", href)
		sys := ""
		if system >= 0 {
			sys = ix.Systems[system]
		}
		out = append(out, searchEntry{title, href, summary, k.Name, sys})
		if len(p) < 6 {
			continue
		}
		var children [][]any
		if err := json.Unmarshal(p[5], &children); err != nil {
			t.Fatal(err)
		}
		for _, c := range children {
			if len(c) == 1 {
				w := ix.Words[int(c[0].(float64))]
				c = []any{strings.Trim(slug.ReplaceAllString(strings.ToLower(w), "-"), "-"), c[0]}
			}
			n := fmt.Sprint(c[0])
			w := ix.Words[int(c[1].(float64))]
			e := searchEntry{Kind: k.Child, System: sys,
				Title: title + strings.NewReplacer("{n}", n, "{t}", w).Replace(k.Title),
				Href:  path.Join(path.Dir(href), strings.ReplaceAll(k.Href, "{n}", n))}
			if len(c) > 2 {
				e.Summary = ix.Words[int(c[2].(float64))]
			}
			out = append(out, e)
		}
	}
	return m[1], out
}

// pagesOnly builds the site at source ("" for the built-in default) with
// its pages only, no booklets, and returns its files by path.
func pagesOnly(t *testing.T, source string, workers int) map[string][]byte {
	t.Helper()
	files, _, err := generator.Render(generator.Options{Source: source, Month: "2026-11", Systems: systems.Builtin(), PagesOnly: true, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		m[f.Path] = f.Data
	}
	return m
}

var (
	h1Text  = regexp.MustCompile(`(?s)<h1[^>]*>(.*?)</h1>`)
	tagText = regexp.MustCompile(`<[^>]*>`)
)

func plainText(b []byte) string {
	return strings.Join(strings.Fields(html.UnescapeString(tagText.ReplaceAllString(string(b), ""))), " ")
}

// TestSearchIndex builds the default site's pages and reads its search
// index as search.js does: every pack, encounter, campaign, entry,
// series, month, system, Quick Reference Sheets page and page of the
// site is in it once, under the title its page's h1 shows, with its
// kind and system; every table of the Quick Reference Sheets is in it,
// its link landing on the table, under its title. A second build, on
// one worker, writes the same index.
func TestSearchIndex(t *testing.T) {
	files := pagesOnly(t, "", 0)
	data, entries := readSearchIndex(t, files)
	seen := map[string]bool{}
	tables := 0
	for _, e := range entries {
		if seen[e.Href] {
			t.Errorf("%s is in the index twice", e.Href)
		}
		seen[e.Href] = true
		page, frag, _ := strings.Cut(e.Href, "#")
		body, ok := files[page]
		if !ok {
			t.Errorf("%q links %s, which the build did not write", e.Title, e.Href)
			continue
		}
		if frag != "" {
			tables++
			at := bytes.Index(body, []byte(` id="`+frag+`"`))
			if at < 0 {
				t.Errorf("%q links %s, which has no id %s", e.Title, page, frag)
				continue
			}
			if e.Kind != "Table" {
				t.Errorf("%s: kind %q, want Table", e.Href, e.Kind)
			}
			caption := regexp.MustCompile(`(?s)<span class="title">(.*?)</span>`).FindSubmatch(body[at:])
			if want := strings.TrimPrefix(e.Title, e.System+": Quick Reference Sheets: "); caption == nil || plainText(caption[1]) != want {
				t.Errorf("%s: the table is titled %q, the index says %q", e.Href, caption, want)
			}
			continue
		}
		h := h1Text.FindSubmatch(body)
		if h == nil || plainText(h[1]) != e.Title {
			t.Errorf("%s: its h1 is %q, the index says %q", e.Href, h, e.Title)
		}
		if e.Kind == "" {
			t.Errorf("%s: no kind", e.Href)
		}
		if e.System == "" && !strings.HasPrefix(e.Href, "pages/") && !strings.HasPrefix(e.Href, "tags/") {
			t.Errorf("%s: no system", e.Href)
		}
	}
	// Every page a player looks for is in it.
	skip := map[string]bool{"index.html": true, web.NotFound: true, web.Downloads: true, web.SearchPage: true, web.RollPage: true}
	for p := range files {
		if path.Ext(p) == ".html" && !skip[p] && !seen[p] {
			t.Errorf("%s is not in the search index", p)
		}
	}
	// The kinds and systems the default site has.
	kinds := map[string]int{}
	for _, e := range entries {
		kinds[e.Kind]++
	}
	for _, k := range []string{"Scenario pack", "Encounter", "Campaign", "Campaign entry", "Monthly series", "Month", "Rule system", "Quick Reference Sheets", "Table", "Page"} {
		if kinds[k] == 0 {
			t.Errorf("no %s in the index: %v", k, kinds)
		}
	}
	if tables < 100 {
		t.Errorf("%d tables in the index, want every table of the five systems' Quick Reference Sheets", tables)
	}
	// Summaries: a few words.
	for _, e := range entries {
		if n := len(strings.Fields(e.Summary)); n > 12 {
			t.Errorf("%s: a summary of %d words, want at most 12: %q", e.Href, n, e.Summary)
		}
	}
	again, _ := readSearchIndex(t, pagesOnly(t, "", 1))
	if !bytes.Equal(data, again) {
		t.Error("a second build wrote another search index")
	}
}

// searchBudget is the most bytes the search index may take for every
// hundred pages of a site: the default site (five systems' 165 tables of
// Quick Reference Sheets over its 130 pages), and a site of 500 packs.
const (
	searchBudgetDefault = 7500
	searchBudgetLarge   = 3300
)

// TestSearchIndexSize measures the search index of the default site and
// of a site of 500 packs (each like one of the default site's, in turn)
// per hundred pages of the site, against the budget.
func TestSearchIndexSize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site of 500 packs")
	}
	perHundred := func(files map[string][]byte) (int, int, int) {
		data, _ := readSearchIndex(t, files)
		pages := 0
		for p := range files {
			if path.Ext(p) == ".html" {
				pages++
			}
		}
		return len(data), pages, len(data) * 100 / pages
	}
	size, pages, per := perHundred(pagesOnly(t, "", 0))
	t.Logf("the default site: %d bytes for %d pages, %d bytes per hundred", size, pages, per)
	if per > searchBudgetDefault {
		t.Errorf("the default site's search index: %d bytes for %d pages, %d per hundred, over the budget of %d", size, pages, per, searchBudgetDefault)
	}
	size, pages, per = perHundred(pagesOnly(t, largeSite(t, 500), 0))
	t.Logf("500 packs: %d bytes for %d pages, %d bytes per hundred", size, pages, per)
	if pages < 2500 {
		t.Fatalf("the site of 500 packs has %d pages", pages)
	}
	if per > searchBudgetLarge {
		t.Errorf("the search index of 500 packs: %d bytes for %d pages, %d per hundred, over the budget of %d", size, pages, per, searchBudgetLarge)
	}
}

// largeSite writes a site of n packs, each the default site's packs in
// turn under a title, slug and seed of its own, and returns its folder.
func largeSite(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	defaults, err := fs.Glob(content.FS, "packs/*.md")
	if err != nil || len(defaults) == 0 {
		t.Fatalf("the default packs: %v", err)
	}
	write := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("sortie.conf", "title: Club\npaper: a4\n")
	write("content/index.md", "---\ntitle: Club\n---\nEvery pack the club has played.\n")
	title := regexp.MustCompile(`(?m)^(title|seed):\s*(.*)$`)
	for i := range n {
		src, err := content.FS.ReadFile(defaults[i%len(defaults)])
		if err != nil {
			t.Fatal(err)
		}
		text := title.ReplaceAllString(string(src), fmt.Sprintf("${1}: ${2} %d", i+1))
		write(fmt.Sprintf("content/packs/%s-%d.md", strings.TrimSuffix(path.Base(defaults[i%len(defaults)]), ".md"), i+1), text)
	}
	return dir
}
