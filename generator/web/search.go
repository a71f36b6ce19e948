package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"path"
	"strings"

	"github.com/sortie-wargames/sortie/generator/pwa"
)

// SearchPage is the search page, from the site's root: an input that
// finds any pack, encounter, campaign and entry, series and month,
// system, Quick Reference Sheet table and page of the site by its name,
// in the player's browser, with no server (pwa.SearchScript). The index
// it searches is in the page itself, so the page works opened from the
// disk, where a browser fetches no file, and the service worker keeps it
// as it keeps every page.
const SearchPage = "search/index.html"

// searchSummaryWords is how many words of a summary the index keeps: the
// result's line under its title, and enough words to find it by.
const searchSummaryWords = 12

// searchIndex is what the search page searches, small enough to be a
// few kilobytes for a hundred pages. Each page is
//
//	[kind, system, title, n, summary, children]
//
// kind an index into Kinds, system into Systems (-1 for none), n its
// slug, which its kind's Page spells its address with ("packs/{n}/index.html"),
// or "" when it is the slug of its title (searchSlug: "marsh-and-ruin"
// for "Marsh and Ruin"); children (left out when none) are the pages under it,
// each [n, t, s]: n its number or name, t and s indexes into Words, its
// title's own part and its summary (s left out when none), or [t] when
// n is the slug of t (searchSlug: "star-power" for "Star Power"). Its kind's
// Href and Title spell its file, from the parent's folder, and what
// follows the parent's title in its own: "encounter-{n}.html" and
// " {n}: {t}" make encounter 3, an Explore, "encounter-3.html" and
// "Marsh and Ruin 3: Explore". Encounters of one type share their
// title's part and summary, written once.
type searchIndex struct {
	Kinds   []searchKind `json:"kinds"`
	Systems []string     `json:"systems"`
	Words   []string     `json:"words"`
	Pages   [][]any      `json:"pages"`
}

// searchKind is a kind of page, and of the pages under it.
type searchKind struct {
	Name  string `json:"name"`            // "Scenario pack"
	Page  string `json:"page"`            // "packs/{n}/index.html", from the site's root
	Child string `json:"child,omitempty"` // "Encounter"
	Href  string `json:"href,omitempty"`  // "encounter-{n}.html"
	Title string `json:"title,omitempty"` // " {n}: {t}"
}

// The kinds of page the index holds, indexes into searchKinds.
const (
	searchPack = iota
	searchCampaign
	searchSeries
	searchSystem
	searchQRS
	searchPage
	searchList
)

var searchKinds = []searchKind{
	searchPack:     {"Scenario pack", "packs/{n}/index.html", "Encounter", "encounter-{n}.html", " {n}: {t}"},
	searchCampaign: {"Campaign", "campaigns/{n}/index.html", "Campaign entry", "entry-{n}.html", ", entry {n}: {t}"},
	searchSeries:   {"Monthly series", "series/{n}/index.html", "Month", "{n}.html", ", {t}"},
	searchSystem:   {Name: "Rule system", Page: "systems/{n}/index.html"},
	searchQRS:      {"Quick Reference Sheets", "systems/{n}/qrs.html", "Table", "qrs.html#{n}", ": {t}"},
	searchPage:     {Name: "Page", Page: "pages/{n}.html"},
	searchList:     {Name: "List", Page: "{n}/index.html"}, // an encounter type's, a tag's, the tags'
}

// searchBuilder gathers the index, numbering systems and words in the
// order first met.
type searchBuilder struct {
	r       *Renderer
	ix      searchIndex
	systems map[string]int
	words   map[string]int
	err     error
}

func (b *searchBuilder) system(id string) int {
	if id == "" {
		return -1
	}
	if n, ok := b.systems[id]; ok {
		return n
	}
	name := id
	if set := b.r.systemSet(id); set != nil {
		name = set.System.Name
	}
	b.systems[id] = len(b.ix.Systems)
	b.ix.Systems = append(b.ix.Systems, name)
	return b.systems[id]
}

func (b *searchBuilder) word(s string) int {
	n, ok := b.words[s]
	if !ok {
		n = len(b.ix.Words)
		b.words[s] = n
		b.ix.Words = append(b.ix.Words, s)
	}
	return n
}

// page adds a page and returns a function that adds a page under it:
// its number or name n, its file from the page's folder and its title's
// part after the page's (both checked against its kind's patterns), the
// part t that varies and its summary.
func (b *searchBuilder) page(kind, system int, title, slug, href, summary string) func(n any, file, suffix, t, summary string) {
	k := searchKinds[kind]
	if a := strings.ReplaceAll(k.Page, "{n}", slug); a != href && b.err == nil {
		b.err = fmt.Errorf("the search index spells %s as %s", href, a)
	}
	if slug == searchSlug(title) && ascii(title) {
		slug = ""
	}
	b.ix.Pages = append(b.ix.Pages, []any{kind, system, title, slug, fewWords(summary, searchSummaryWords)})
	at := len(b.ix.Pages) - 1
	return func(n any, file, suffix, t, summary string) {
		ns := fmt.Sprint(n)
		if f := strings.ReplaceAll(k.Href, "{n}", ns); f != file && b.err == nil {
			b.err = fmt.Errorf("the search index spells %s as %s", path.Join(path.Dir(href), file), f)
		}
		if s := strings.NewReplacer("{n}", ns, "{t}", t).Replace(k.Title); s != suffix && b.err == nil {
			b.err = fmt.Errorf("the search index spells the title %q as %q", title+suffix, title+s)
		}
		c := []any{n, b.word(t)}
		if s := fewWords(summary, searchSummaryWords); s != "" {
			c = append(c, b.word(s))
		} else if ns == searchSlug(t) && ascii(t) {
			c = c[1:] // [t]: n is t's slug
		}
		p := b.ix.Pages[at]
		if len(p) == 5 {
			p = append(p, [][]any{})
		}
		p[5] = append(p[5].([][]any), c)
		b.ix.Pages[at] = p
	}
}

// searchSlug is s in lower case, each run of other characters than ASCII
// letters and digits a hyphen, none at either end: "Star Power" gives
// "star-power", as a table's id often is. search.js spells it alike.
func searchSlug(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(s) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(c)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// ascii reports whether s is ASCII only, where search.js lowers case as
// Go does.
func ascii(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// fewWords is s cut to its first n words, with an ellipsis when cut.
func fewWords(s string, n int) string {
	w := strings.Fields(s)
	if len(w) <= n {
		return strings.Join(w, " ")
	}
	return strings.TrimRight(strings.Join(w[:n], " "), ",;:.") + "…"
}

// searchIndex builds the index of every page the site lists, in the
// home page's order: packs with their encounters, campaigns with their
// entries, series with their months, systems and their Quick Reference
// Sheets' tables, then the site's own pages. The titles are the pages' own (their h1), so a result reads
// as the page it opens.
func (r *Renderer) searchIndex() ([]byte, error) {
	b := searchBuilder{r: r, ix: searchIndex{Kinds: searchKinds, Systems: []string{}, Words: []string{}, Pages: [][]any{}},
		systems: map[string]int{}, words: map[string]int{}}
	for _, p := range r.in.Packs {
		add := b.page(searchPack, b.system(p.Def.System), p.Def.Title, p.Def.Slug, path.Join(PackDir(p.Def.Slug), "index.html"), p.Def.Summary)
		if p.Rolled == nil {
			continue
		}
		for _, e := range p.Rolled.Entries {
			add(e.Number, path.Base(encounterPage(p.Def.Slug, e.Number)), fmt.Sprintf(" %d: %s", e.Number, e.Encounter.Title), e.Encounter.Title, e.Encounter.Summary)
		}
	}
	for _, c := range r.in.Campaigns {
		add := b.page(searchCampaign, b.system(c.Def.System), c.Def.Title, c.Def.Slug, path.Join(CampaignDir(c.Def.Slug), "index.html"), c.Def.Summary)
		if c.Rolled == nil {
			continue
		}
		for _, n := range c.Rolled.Nodes {
			add(n.Number, entryFile(n.Number), fmt.Sprintf(", entry %d: %s", n.Number, n.Encounter.Title), n.Encounter.Title, n.Encounter.Summary)
		}
	}
	for _, s := range r.in.Series {
		add := b.page(searchSeries, b.system(s.Def.System), s.Def.Title, s.Def.Slug, path.Join(SeriesDir(s.Def.Slug), "index.html"), s.Def.Summary)
		for _, e := range s.Rolled.Months {
			t := e.Month.Title() + ": " + e.Encounter.Title
			add(e.Month.String(), path.Base(MonthPage(s.Def.Slug, e.Month)), ", "+t, t, e.Encounter.Summary)
		}
	}
	for _, s := range r.in.Systems {
		id := s.Set.System.ID
		sys := b.system(id)
		b.page(searchSystem, sys, s.Set.System.Name, id, path.Join(SystemDir(id), "index.html"), s.Set.System.Summary)
		add := b.page(searchQRS, sys, s.Set.System.Name+qrsSuffix, id, path.Join(SystemDir(id), "qrs.html"), "")
		for _, t := range r.qrsTables(s) {
			if t.ID != "" && t.Title != "" {
				add(t.ID, "qrs.html#"+t.ID, ": "+t.Title, t.Title, "")
			}
		}
	}
	for _, p := range r.in.Site.Pages {
		b.page(searchPage, -1, p.Title, p.Slug, path.Join("pages", p.Slug+".html"), p.Summary)
	}
	// The lists of an encounter type and of a tag (a system's list is its
	// page, already in), and the page of every tag.
	tags := false
	for _, l := range r.Lists() {
		if !l.drawn {
			continue
		}
		tags = tags || l.System == ""
		b.page(searchList, b.system(l.System), l.Title, l.Dir, path.Join(l.Dir, "index.html"), "") // its title says it all
	}
	if tags {
		b.page(searchList, -1, "Tags", path.Dir(TagsPage), TagsPage, "")
	}
	if b.err != nil {
		return nil, b.err
	}
	// Escaped as for HTML (<, > and & as \u003c, \u003e, \u0026): nothing
	// in it ends its script element, and the page stays well-formed XML.
	var out bytes.Buffer
	if err := json.NewEncoder(&out).Encode(b.ix); err != nil {
		return nil, fmt.Errorf("failed to write the search index: %w", err)
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
}

// searchContent is what search.html draws.
type searchContent struct {
	Index template.JS // the index, JSON, in a script element of type application/json
}

// search renders the search page.
func (r *Renderer) search() ([]byte, error) {
	ix, err := r.searchIndex()
	if err != nil {
		return nil, err
	}
	return r.page("search", SearchPage, "Search", "Find any pack, encounter, campaign, month, system or table of this site by its name.", nil,
		searchContent{Index: template.JS(ix)}) //nolint: JSON with <, > and & escaped
}

// searchFiles are the search page's script and style beside it.
func searchFiles() []File {
	var fs []File
	for _, f := range pwa.SearchFiles() {
		fs = append(fs, File{f.Path, f.Data})
	}
	return fs
}
