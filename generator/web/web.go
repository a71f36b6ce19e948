// Package web renders a Sortie site as static HTML pages from the
// templates embedded in package templates. It only draws what the engine
// rolled: no page rolls a die. Encounters, bands, what follows a campaign
// entry and the Quick Reference Sheets are blocks of package engine/doc,
// each kind drawn by one template (blocks.go), so the package reads no
// rule system's own fields and serves every system alike. Every link is relative, so the site works
// from a web server and straight from the disk, offline at the table.
package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"maps"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/words"
	"github.com/sortie-wargames/sortie/generator/site"
	"github.com/sortie-wargames/sortie/templates"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

func joinErrors(errs []error) error { return errors.Join(errs...) }

// Input is everything the site shows, already rolled.
type Input struct {
	Site      *site.Site
	Systems   []System
	Packs     []Pack
	Campaigns []Campaign
	Series    []Series
	Version   string
	// Layouts are the site's own templates and stylesheet (its layouts/
	// folder), by name: each replaces the embedded file of that name
	// (LayoutNames), as in Hugo's lookup order.
	Layouts map[string]Layout
	// Favicon is the path of the site's own favicon among its static
	// files ("favicon.png"), or "" for Sortie's, written as favicon.svg.
	Favicon string
	// Files are the paths of the other files the build writes beside the
	// pages (the site's static files), which its Markdown may link to.
	Files []string
	// Offline has every page link the web app manifest and load the
	// script that registers the service worker (package pwa), which
	// the build writes.
	Offline bool
	// Roll, when set, has the build write the Roll page (RollPage) with
	// what its form offers, linked from every page's navigation.
	Roll *RollForm

	// templatesOnly draws every page through html/template, the blocks
	// too (direct.go), for the tests that compare the two.
	templatesOnly bool
}

// Layout is a site's own version of one of the embedded templates or of
// style.css.
type Layout struct {
	File string // path for messages: "mysite/layouts/partials.html"
	Data []byte
}

// LayoutNames are the files a site's layouts/ folder may replace: every
// template of package templates and style.css.
func LayoutNames() []string {
	names, _ := fs.Glob(templates.FS, "*.html")
	return append(names, "style.css")
}

// pageKinds are the templates that each draw one kind of page.
var pageKinds = []string{"home", "page", "system", "qrs", "pack", "encounter", "campaign", "entry", "series", "month", "downloads", "404", "roll", "list", "tags", "search"}

// Favicon is the file name of Sortie's own favicon in a built site.
const Favicon = "favicon.svg"

// NotFound is the page static hosts serve for a missing address.
const NotFound = "404.html"

// Downloads is the page that lists every booklet of the site; a site
// with none has no such page.
const Downloads = "downloads.html"

// System is a rule system with its optional intro page and its QRS booklets.
type System struct {
	Set  *rules.Set
	Page *site.Page // nil when the site has no intro for it
	PDFs []Link
}

// Pack is a scenario pack as written and as rolled.
type Pack struct {
	Def    *site.Pack
	Rolled *pack.Pack
	PDFs   []Link
	Sheets map[int]PlaySheet // each encounter's play sheet, by number
}

// Campaign is a campaign as written and as rolled.
type Campaign struct {
	Def    *site.Campaign
	Rolled *campaign.Campaign
	PDFs   []Link
	Sheets map[int]PlaySheet // each entry's play sheet, by entry number
	// File is the campaign file to play this chapter with (a campaign
	// that goes on from one, site.Campaign.From), from the site root;
	// "" for a campaign rolled whole.
	File string
	// Keep is what the play panel's log offers to say of each game, for
	// a campaign whose system keeps a campaign file (engine.Keeper); nil
	// for any other.
	Keep *Keep
}

// Keep is the band's figures, by the names the chapter's campaign file
// gives them, and the words a game's line may say of a figure: the play
// panel's log records what happened to whom with them.
type Keep struct {
	Figures []string
	Words   []engine.Fate
}

// FiguresJSON is Figures as a JSON list, for the play panel's data-figures.
func (k *Keep) FiguresJSON() string {
	b, _ := json.Marshal(k.Figures)
	return string(b)
}

// WordsJSON is Words as a JSON list of {"word", "meaning"}, for the play
// panel's data-words.
func (k *Keep) WordsJSON() string {
	type word struct {
		Word    string `json:"word"`
		Meaning string `json:"meaning"`
	}
	ws := make([]word, len(k.Words))
	for i, w := range k.Words {
		ws[i] = word{w.Word, w.Meaning}
	}
	b, _ := json.Marshal(ws)
	return string(b)
}

// Link is a link from the site root: Href is a path relative to the root.
type Link struct {
	Label string
	Href  string
	Note  string
	// Parts, when set, are the files of one booklet printed as several
	// (a folded booklet's volumes and its card sheets), each linked by
	// its own label after Label, which then links nothing (Href unused).
	Parts []Link
}

// Short is the link's label up to its first colon or parenthesis, for a
// list where the full one would be too long ("Folded A5 booklet" for
// "Folded A5 booklet: print on A4, flip on short edge (9 sheets of A4)",
// "volume 1" for "volume 1 (pages 1–56)"): page footers, which repeat
// what the page's top says in full.
func (l Link) Short() string {
	if i := strings.IndexAny(l.Label, ":("); i > 0 {
		return strings.TrimRight(l.Label[:i], " ")
	}
	return l.Label
}

// More is the rest of the label after Short: Short and More are Label.
// A phone's narrow screen shows Short alone at the top of a page, where
// the full labels made the links some 550 px tall.
func (l Link) More() string { return l.Label[len(l.Short()):] }

// File is one rendered file, its path relative to the site root.
type File struct {
	Path string
	Data []byte
}

// Paths of the pages, relative to the site root. The generator uses them
// to place booklets beside their pages.
func SystemDir(id string) string     { return path.Join("systems", id) }
func PackDir(slug string) string     { return path.Join("packs", slug) }
func CampaignDir(slug string) string { return path.Join("campaigns", slug) }

func encounterPage(slug string, n int) string {
	return path.Join(PackDir(slug), "encounter-"+strconv.Itoa(n)+".html")
}

// renderer holds the parsed templates of one build and the links its
// Markdown holds.
// Renderer renders a site's pages part by part, so a build can write
// each part as it is made and drop it: New parses the templates and the
// site's Markdown once; PackIndex, PackEncounter and Campaign draw one
// pack's or campaign's pages; Site draws the pages that list them all;
// CheckLinks checks the Markdown's links once every file is known. Its
// methods may be called from several goroutines at once.
type Renderer struct {
	in    Input
	pages map[string]*template.Template
	nav   []Link
	// downloadsAt is the downloads page from the root, or "" when the
	// site has no booklet to list.
	downloadsAt string
	md          map[*site.Page]template.HTML
	links       []mdLink
	want        map[string]map[string]bool // page -> the #fragments Markdown links to on it
	isolated    bool                       // no part's page sees another part (reuse.go)

	mu    sync.Mutex
	found map[string]map[string]bool // page -> the wanted ids it has

	kept   kept // the rule tables' views, drawn once for every page (kept.go)
	direct bool // the blocks are drawn in Go (direct.go)
	frame  bool // each page's frame (layout.html) is drawn in Go (direct.go)
	// encounterDirect: a pack's encounter pages are drawn in Go
	// whole (direct.go).
	encounterDirect bool
}

// New parses the templates and renders the site's Markdown, recording
// its links. in.Packs and in.Campaigns need their definitions and
// booklet links here (every page's footer lists the booklets); what was
// rolled for them is given to the methods that draw them.
func New(in Input) (*Renderer, error) {
	r := &Renderer{in: in, md: map[*site.Page]template.HTML{}, want: map[string]map[string]bool{}, found: map[string]map[string]bool{}}
	if err := r.parse(); err != nil {
		return nil, err
	}
	r.isolated = r.partsIsolated()
	r.nav = []Link{{Label: "Home", Href: "index.html"}}
	for _, s := range in.Series {
		r.nav = append(r.nav, Link{Label: s.Def.Title, Href: path.Join(SeriesDir(s.Def.Slug), "index.html")})
	}
	for _, s := range in.Systems {
		r.nav = append(r.nav, Link{Label: s.Set.System.Name, Href: path.Join(SystemDir(s.Set.System.ID), "index.html")})
	}
	for _, p := range in.Site.Pages {
		r.nav = append(r.nav, Link{Label: p.Title, Href: path.Join("pages", p.Slug+".html")})
	}
	if len(tagsOf(newest(in.Packs, in.Campaigns))) > 0 {
		r.nav = append(r.nav, Link{Label: "Tags", Href: TagsPage})
	}
	if in.Roll != nil {
		r.nav = append(r.nav, Link{Label: "Roll", Href: RollPage})
	}
	r.nav = append(r.nav, Link{Label: "Search", Href: SearchPage})
	if len(r.bookletPaths()) > 0 {
		r.downloadsAt = Downloads
	}

	// Every page's Markdown, rendered once, in the site's order.
	var errs []error
	md := func(p *site.Page, out string) {
		if p == nil {
			return
		}
		h, err := r.render(p, out)
		if err != nil {
			errs = append(errs, err)
		}
		r.md[p] = h
	}
	md(in.Site.Home, "index.html")
	for _, p := range in.Site.Pages {
		md(p, path.Join("pages", p.Slug+".html"))
	}
	for _, s := range in.Systems {
		md(s.Page, path.Join(SystemDir(s.Set.System.ID), "index.html"))
	}
	for _, p := range in.Packs {
		md(&p.Def.Page, path.Join(PackDir(p.Def.Slug), "index.html"))
	}
	for _, c := range in.Campaigns {
		md(&c.Def.Page, path.Join(CampaignDir(c.Def.Slug), "index.html"))
	}
	for _, s := range in.Series {
		md(&s.Def.Page, path.Join(SeriesDir(s.Def.Slug), "index.html"))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	for _, l := range r.links {
		if target, frag, ok := l.target(); ok && frag != "" {
			// Sets, not lists: a page of many links to many ids took
			// the square of their number.
			if r.want[target] == nil {
				r.want[target] = map[string]bool{}
			}
			r.want[target][frag] = true
		}
	}
	return r, nil
}

// Render renders every page of the site, sorted by path: New, then every
// part, then CheckLinks against the pages, the booklets and play sheets
// the site links, and in.Files.
func Render(in Input) ([]File, error) {
	r, err := New(in)
	if err != nil {
		return nil, err
	}
	files, err := r.Site(in.Packs, in.Campaigns)
	if err != nil {
		return nil, err
	}
	for _, p := range in.Packs {
		f, err := r.PackIndex(p)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		for _, e := range p.Rolled.Entries {
			f, err := r.PackEncounter(p, e)
			if err != nil {
				return nil, err
			}
			files = append(files, f)
		}
	}
	for _, c := range in.Campaigns {
		fs, err := r.Campaign(c)
		if err != nil {
			return nil, err
		}
		files = append(files, fs...)
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
	}
	if err := r.CheckLinks(slices.Concat(paths, r.bookletPaths(), r.sheetPaths())); err != nil {
		return nil, err
	}
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return files, nil
}

// Site renders the pages that are not one pack's or campaign's: the home
// page, the style sheet, the icon, the 404 page, the site's own pages,
// each system's page and Quick Reference Sheets, and each series with its
// months. packs and campaigns are the site's, in its order, as those pages
// list them: their encounters and entries need not be there, only what
// the lists show (each pack's seed and band, how many entries).
func (r *Renderer) Site(packs []Pack, campaigns []Campaign) ([]File, error) {
	r.in.Packs, r.in.Campaigns = packs, campaigns
	var files []File
	var errs []error
	add := func(p string, data []byte, err error) {
		if err != nil {
			errs = append(errs, err)
			return
		}
		files = append(files, File{p, data})
	}
	at := func(p string) func([]byte, error) {
		return func(data []byte, err error) { add(p, data, err) }
	}
	at("index.html")(r.home())
	at("style.css")(r.source("style.css"))
	if r.in.Favicon == "" {
		at(Favicon)(templates.FS.ReadFile(Favicon))
	}
	at(NotFound)(r.notFound())
	if r.downloadsAt != "" {
		at(Downloads)(r.downloads())
	}
	if r.in.Roll != nil {
		at(RollPage)(r.roll())
	}
	at(SearchPage)(r.search())
	files = append(files, searchFiles()...)
	for _, p := range r.in.Site.Pages {
		out := path.Join("pages", p.Slug+".html")
		at(out)(r.page("page", out, p.Title, p.Summary, nil, pageContent{Body: r.markdown(p, out)}))
	}
	for _, s := range r.in.Systems {
		add(r.system(s))
		add(r.qrs(s))
	}
	for _, s := range r.in.Series {
		add(r.series(s))
		for i := range s.Rolled.Months {
			add(r.month(s, i))
		}
	}
	r.lists(add)
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return files, nil
}

// PackIndex renders a pack's own page, which lists its encounters.
func (r *Renderer) PackIndex(p Pack) (File, error) {
	out, data, err := r.pack(p)
	return File{out, data}, err
}

// PackEncounter renders the page of one encounter of a pack.
func (r *Renderer) PackEncounter(p Pack, e *pack.Entry) (File, error) {
	out, data, err := r.packEncounter(p, e)
	return File{out, data}, err
}

// Campaign renders a campaign's pages: its own page and one per entry.
func (r *Renderer) Campaign(c Campaign) ([]File, error) {
	var files []File
	var errs []error
	r.campaign(c, func(p string, data []byte, err error) {
		if err != nil {
			errs = append(errs, err)
			return
		}
		files = append(files, File{p, data})
	})
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return files, nil
}

// CheckLinks checks every link in the site's Markdown against paths, the
// files the build writes (in.Files, the site's static files, are added
// here), and each #fragment against the ids of the page it names.
func (r *Renderer) CheckLinks(paths []string) error {
	exists := map[string]bool{}
	for _, p := range slices.Concat(paths, r.in.Files) {
		exists[p] = true
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	gone := map[string]string{}
	for _, o := range r.in.Site.LeftOut {
		at := ContentPage(o.Kind, o.Page.Slug)
		if o.Kind != site.KindPage {
			at = path.Dir(at) // the encounters, booklets and sheets beside it too
		}
		gone[at] = o.Why
	}
	return checkLinks(r.links, exists, gone, func(p, id string) bool { return r.found[p][id] })
}

// noteIDs records which of the ids Markdown links to are on the page out.
func (r *Renderer) noteIDs(out string, data []byte) {
	want := r.want[out]
	if len(want) == 0 {
		return
	}
	has := map[string]bool{}
	for _, m := range idAttr.FindAllSubmatch(data, -1) {
		if want[string(m[1])] {
			has[string(m[1])] = true
		}
	}
	r.mu.Lock()
	r.found[out] = has
	r.mu.Unlock()
}

// source returns the text of one of the embedded files, or the site's
// own version of it.
func (r *Renderer) source(name string) ([]byte, error) {
	if l, ok := r.in.Layouts[name]; ok {
		return l.Data, nil
	}
	return templates.FS.ReadFile(name)
}

// checkLayouts refuses a layouts/ file whose name is not one Sortie has.
func (r *Renderer) checkLayouts() error {
	names := LayoutNames()
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(r.in.Layouts)) {
		if !slices.Contains(names, name) {
			errs = append(errs, fmt.Errorf("%s: not a file Sortie has to replace (layouts/ may hold %s)", r.in.Layouts[name].File, strings.Join(names, ", ")))
		}
	}
	return errors.Join(errs...)
}

// templateError names the file and line of a template error: the site's
// layouts/ file when it is the site's own, else the embedded one under
// templates/. html/template's messages start "template: NAME:LINE:" or
// "html/template:NAME:LINE:".
func (r *Renderer) templateError(err error) error {
	msg := err.Error()
	for _, p := range []string{"template: ", "html/template:"} {
		rest, ok := strings.CutPrefix(msg, p)
		if !ok {
			continue
		}
		name, rest, ok := strings.Cut(rest, ":")
		if !ok {
			break
		}
		file := "templates/" + name
		if l, ok := r.in.Layouts[name]; ok {
			file = l.File
		}
		return &TemplateError{File: file, Msg: strings.TrimPrefix(rest, " "), Err: err}
	}
	return err
}

// TemplateError is an error in a template: File is the site's layouts/
// file or the embedded templates/ file, Msg starts with its line.
type TemplateError struct {
	File string
	Msg  string // "12: unexpected EOF" or "12:3: executing ..."
	Err  error
}

func (e *TemplateError) Error() string {
	if e.Msg != "" && e.Msg[0] >= '0' && e.Msg[0] <= '9' {
		return e.File + ":" + e.Msg
	}
	return e.File + ": " + e.Msg
}

func (e *TemplateError) Unwrap() error { return e.Err }

func (r *Renderer) parse() error {
	if err := r.checkLayouts(); err != nil {
		return err
	}
	base := template.New("layout.html").Funcs(template.FuncMap{
		"plural": words.Plural,
		"add":    func(a, b int) int { return a + b },
		"pdfs":   func(l layout, links []Link) pdfLinks { return pdfLinks{l, links} },
		"sheet":  func(l layout, s PlaySheet) sheetLinks { return sheetLinks{l, s} },
		"lists": func(l layout, cs []Campaign, ps []Pack) bookLists {
			return bookLists{Layout: l, Campaigns: cs, Packs: ps}
		},
		"items":       func(l layout, v []listedView, p pager) itemList { return itemList{l, v, p} },
		"browse":      func(l layout, b browseLinks) browseView { return browseView{l, b} },
		"kept":        r.keptHTML,
		"drawnBlocks": r.drawnBlocks,
		"drawnTable":  r.drawnTable,
		"drawn":       r.drawn,
	})
	add := func(t *template.Template, name string) error {
		src, err := r.source(name)
		if err == nil {
			if name != t.Name() {
				t = t.New(name)
			}
			_, err = t.Parse(string(src))
		}
		if err != nil {
			return fmt.Errorf("failed to parse templates: %w", r.templateError(err))
		}
		return nil
	}
	for _, name := range []string{"layout.html", "partials.html"} {
		if err := add(base, name); err != nil {
			return err
		}
	}
	r.frame = !r.in.templatesOnly && r.canDrawFrame()
	if r.direct = !r.in.templatesOnly && r.canDrawDirect(); r.direct {
		if _, err := base.New("direct").Parse(directDefs); err != nil {
			return fmt.Errorf("failed to parse templates: %w", err)
		}
	}
	_, own := r.in.Layouts["encounter.html"]
	r.encounterDirect = r.frame && r.direct && !own
	var err error
	if r.kept.tmpl, err = base.Clone(); err != nil {
		return fmt.Errorf("failed to parse templates: %w", r.templateError(err))
	}
	r.pages = map[string]*template.Template{}
	for _, kind := range pageKinds {
		t, err := base.Clone()
		if err != nil {
			return fmt.Errorf("failed to parse templates: %w", r.templateError(err))
		}
		if err := add(t, kind+".html"); err != nil {
			return err
		}
		r.pages[kind] = t
	}
	return nil
}

// layout is what every page's template gets.
type layout struct {
	Root    string // relative path from the page to the site root, "" or "../../"
	Site    *site.Site
	Version string
	Title   string
	Summary string
	Nav     []Link
	Here    string // the page's path, to mark it in the navigation
	Favicon favicon
	PDFs    []Link // this page's booklets, at its top and in its footer
	// Downloads is the page that lists every booklet of the site, from
	// the root, for the footer; "" when the site has none. The footer
	// lists only the page's own: every booklet on every page made a
	// phone scroll past some 50 links at the end of each page, and a
	// large site's pages grow with the site.
	Downloads string
	// Offline: the page links the web app manifest and registers the
	// service worker (Input.Offline).
	Offline bool
	Content any
}

// favicon is the site's icon: Sortie's SVG or the site's own.
type favicon struct {
	Href string // from the root
	Type string // its media type, "" when not known
}

func (r *Renderer) favicon() favicon {
	if r.in.Favicon == "" {
		return favicon{Favicon, "image/svg+xml"}
	}
	return favicon{r.in.Favicon, faviconTypes[path.Ext(r.in.Favicon)]}
}

var faviconTypes = map[string]string{".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon", ".gif": "image/gif", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp"}

// pdfLinks are booklet links with the page they are shown on.
type pdfLinks struct {
	Layout layout
	Links  []Link
}

// bookLists are the campaigns and packs a page lists, with the page.
type bookLists struct {
	Layout    layout
	Campaigns []Campaign
	Packs     []Pack
}

// Href returns a root-relative path as seen from the page.
func (l layout) Href(p string) string { return l.Root + p }

func (r *Renderer) page(tmpl, out, title, summary string, pdfs []Link, content any) ([]byte, error) {
	return r.pageAt(strings.Repeat("../", strings.Count(out, "/")), tmpl, out, title, summary, pdfs, content)
}

// pageAt renders a page whose links to the rest of the site start with
// root.
func (r *Renderer) pageAt(root, tmpl, out, title, summary string, pdfs []Link, content any) ([]byte, error) {
	l := layout{
		Root: root, Site: r.in.Site, Version: r.in.Version, Favicon: r.favicon(),
		Title: title, Summary: summary, Nav: r.nav, Here: out, PDFs: pdfs, Downloads: r.downloadsAt, Content: content,
		Offline: r.in.Offline,
	}
	// A page is drawn in a pooled buffer grown to the largest page it
	// held, then copied out at its size: grown from empty, or from the
	// size of the page before, a page's buffer was grown and copied
	// again for most pages.
	buf := pageBufs.Get().(*bytes.Buffer)
	defer pageBufs.Put(buf)
	buf.Reset()
	if r.frame {
		// Sortie's own layout.html, drawn in Go (direct.go) around the
		// page's content.
		w := directWriter{r: r, b: buf.AvailableBuffer()}
		err := w.frameTop(&l)
		buf.Write(w.b)
		if c, ok := content.(packEncounterContent); ok && err == nil && r.encounterDirect {
			w.b = buf.AvailableBuffer()
			err = w.encounterContent(&l, &c)
			buf.Write(w.b)
		} else if err == nil {
			err = r.pages[tmpl].ExecuteTemplate(buf, "content", l)
		}
		if err == nil {
			w.b = buf.AvailableBuffer()
			err = w.frameEnd(&l)
			buf.Write(w.b)
		}
		if err != nil {
			return nil, fmt.Errorf("failed to render %s: %w", out, r.templateError(err))
		}
	} else if err := r.pages[tmpl].ExecuteTemplate(buf, "layout.html", l); err != nil {
		return nil, fmt.Errorf("failed to render %s: %w", out, r.templateError(err))
	}
	data := bytes.Clone(buf.Bytes())
	r.noteIDs(out, data)
	return data, nil
}

// pageBufs are the buffers pages are drawn in.
var pageBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// notFound renders 404.html. A static host serves it at whatever address
// was missing, however deep, so its links start from the site's root:
// the path of the site's baseurl, else "/" (a site published under a
// folder needs its baseurl for this page's links to work).
func (r *Renderer) notFound() ([]byte, error) {
	root := "/"
	if u, err := url.Parse(r.in.Site.BaseURL); err == nil && r.in.Site.BaseURL != "" {
		root = u.EscapedPath()
	}
	return r.pageAt(root, "404", NotFound, "Page not found", "", nil, nil)
}

func (r *Renderer) allPDFs() []Link {
	var all []Link
	for _, p := range r.in.Packs {
		for _, l := range p.PDFs {
			all = append(all, Link{Label: p.Def.Title + " (" + l.Label + ")", Href: l.Href})
		}
	}
	for _, c := range r.in.Campaigns {
		for _, l := range c.PDFs {
			all = append(all, Link{Label: c.Def.Title + " (" + l.Label + ")", Href: l.Href})
		}
	}
	for _, s := range r.in.Systems {
		for _, l := range s.PDFs {
			all = append(all, Link{Label: s.Set.System.Name + " QRS (" + l.Label + ")", Href: l.Href})
		}
	}
	// A series' booklets are not listed: the list would change every
	// month, and with it every page of the site.
	return all
}

// markdown is a page's body as New rendered it.
func (r *Renderer) markdown(p *site.Page, out string) template.HTML {
	if p == nil {
		return ""
	}
	if h, ok := r.md[p]; ok {
		return h
	}
	h, _ := r.render(p, out) // a page New was not given: its links go unchecked
	return h
}

// render renders a page's body, shown on the page out. Raw HTML stays
// off (goldmark's default), so a page's Markdown cannot put script or
// markup of its own on the page; linkGuard turns links that could run
// script into plain text and records the rest for CheckLinks.
func (r *Renderer) render(p *site.Page, out string) (template.HTML, error) {
	md := goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough),
		goldmark.WithRendererOptions(html.WithXHTML()),
		goldmark.WithParserOptions(parser.WithASTTransformers(
			util.Prioritized(&linkGuard{found: &r.links, file: p.File, page: out, first: p.BodyLine}, 100),
			util.Prioritized(headingShift{}, 200))),
	)
	var b bytes.Buffer
	if err := md.Convert(p.Body, &b); err != nil {
		return "", fmt.Errorf("%s: failed to render Markdown: %w", p.File, err)
	}
	return template.HTML(b.String()), nil //nolint: goldmark output with raw HTML off
}

type pageContent struct{ Body template.HTML }

type homeContent struct {
	Series []seriesNow
	Body   template.HTML
	// Newest are the first page of the site's packs and campaigns,
	// newest first; the Pager leads to the older pages (lists.go).
	Newest    []listedView
	Pager     pager
	Tags      string // the page of every tag, from the root, or ""
	Systems   []System
	Packs     []Pack
	Campaigns []Campaign
	Pages     []*site.Page
}

func (r *Renderer) home() ([]byte, error) {
	s := r.in.Site
	lede := s.Home.Summary
	if lede == "" {
		lede = s.Tagline
	}
	c := homeContent{
		Body: r.markdown(s.Home, "index.html"), Systems: r.in.Systems, Packs: r.in.Packs, Campaigns: r.in.Campaigns, Pages: s.Pages,
	}
	for _, sr := range r.in.Series {
		n := seriesNow{Series: sr, Index: path.Join(SeriesDir(sr.Def.Slug), "index.html"), Entry: sr.Current()}
		if n.Entry != nil {
			n.Href, n.PDFs = MonthPage(sr.Def.Slug, n.Entry.Month), sr.PDFs[n.Entry.Month]
			n.Sheet = sr.Sheets[n.Entry.Month]
		}
		c.Series = append(c.Series, n)
	}
	first := r.listPages("", newest(r.in.Packs, r.in.Campaigns))[0]
	c.Newest, c.Pager = first.Items, first.Pager
	if len(tagsOf(newest(r.in.Packs, r.in.Campaigns))) > 0 {
		c.Tags = TagsPage
	}
	return r.page("home", "index.html", s.Home.Title, lede, nil, c)
}

type systemContent struct {
	Set       *rules.Set
	Body      template.HTML
	Types     map[string]string // the page of each encounter type some pack or campaign plays, from the root
	Atom      string            // the system's feeds, from the root, or "" (List.HasFeeds)
	JSON      string
	Packs     []Pack
	Campaigns []Campaign
	QRS       string
}

func (r *Renderer) system(s System) (string, []byte, error) {
	id := s.Set.System.ID
	out := path.Join(SystemDir(id), "index.html")
	c := systemContent{Set: s.Set, Body: r.markdown(s.Page, out), QRS: path.Join(SystemDir(id), "qrs.html"),
		Types: map[string]string{}}
	for _, p := range r.in.Packs {
		if p.Def.System == id {
			c.Packs = append(c.Packs, p)
		}
	}
	for _, k := range r.in.Campaigns {
		if k.Def.System == id {
			c.Campaigns = append(c.Campaigns, k)
		}
	}
	items := newest(c.Packs, c.Campaigns)
	for _, it := range items {
		for _, t := range it.Types() {
			c.Types[t] = path.Join(TypeDir(id, t), "index.html")
		}
	}
	if (List{Items: items}).HasFeeds() {
		c.Atom, c.JSON = path.Join(SystemDir(id), "feed.xml"), path.Join(SystemDir(id), "feed.json")
	}
	data, err := r.page("system", out, s.Set.System.Name, s.Set.System.Summary, s.PDFs, c)
	return out, data, err
}

// qrsSuffix ends the title of a system's Quick Reference Sheets page.
const qrsSuffix = ": Quick Reference Sheets"

func (r *Renderer) qrs(s System) (string, []byte, error) {
	out := path.Join(SystemDir(s.Set.System.ID), "qrs.html")
	data, err := r.page("qrs", out, s.Set.System.Name+qrsSuffix, "Every table the book collects for play, printed from the data Sortie rolls on.", s.PDFs, r.qrsTables(s))
	return out, data, err
}

// qrsTables are the tables of a system's Quick Reference Sheets page, with
// their ids on it.
func (r *Renderer) qrsTables(s System) []*tableView {
	d := r.newDrawer(nil)
	var tables []*tableView
	for _, id := range s.Set.System.QRS {
		if t := s.Set.Table(id); t != nil {
			tables = append(tables, d.table(d.kept.ruleTable(t), t.ID))
		}
	}
	return tables
}

// encounterView is one encounter as the templates draw it.
type encounterView struct {
	ID      string // prefix for element ids, unique on the page
	Summary bool   // print the encounter's summary (the page's lede has not)
	E       *engine.Encounter
	Layout  layoutView
}

// newEncounterView draws an encounter whose sections are headings of
// level: 2 on a page that is the encounter (under the page's h1), 3 where
// the encounter sits under an h2 of its own.
func newEncounterView(d *drawer, id string, level int, e *engine.Encounter) encounterView {
	return encounterView{ID: id, E: e, Layout: split(d.blocks(id, level, e.Blocks))}
}

// bandView is the player's force, drawn as blocks; nil when the system
// recruits none.
type bandView struct {
	Title  string
	Blocks []blockView
}

func newBandView(d *drawer, f *engine.Force) *bandView {
	if f == nil {
		return nil
	}
	outer := d.section
	d.section = f.Title // names the band's untitled tables
	defer func() { d.section = outer }()
	return &bandView{Title: f.Title, Blocks: d.blocks("band", 3, f.Blocks())}
}

type packContent struct {
	Pack
	Body    template.HTML
	System  *rules.Set
	Band    *bandView
	Entries []packEntry
	Board   bool   // some encounter has a map: list the first one's terrain
	Sealed  string // the sealed items' title, if some encounter has any
	Browse  browseLinks
}

type packEntry struct {
	*pack.Entry
	Href   string
	Board  string // the terrain of the encounter's first map
	Sealed int    // sealed items
}

func (r *Renderer) systemSet(id string) *rules.Set {
	for _, s := range r.in.Systems {
		if s.Set.System.ID == id {
			return s.Set
		}
	}
	return nil
}

func (r *Renderer) pack(p Pack) (string, []byte, error) {
	out := path.Join(PackDir(p.Def.Slug), "index.html")
	d := r.newDrawer(nil, "band")
	c := packContent{Pack: p, Body: r.markdown(&p.Def.Page, out), System: r.systemSet(p.Def.System), Band: newBandView(d, p.Rolled.Band),
		Browse: r.browseLinks(Item{Pack: &p})}
	for _, e := range p.Rolled.Entries {
		pe := packEntry{Entry: e, Href: encounterPage(p.Def.Slug, e.Number)}
		if ms := doc.Maps(e.Encounter.Blocks); len(ms) > 0 {
			pe.Board, c.Board = ms[0].Terrain, true
		}
		title, items := sealedItems(e.Encounter.Blocks)
		if pe.Sealed = len(items); pe.Sealed > 0 && c.Sealed == "" {
			c.Sealed = title
			if c.Sealed == "" {
				c.Sealed = "Sealed"
			}
		}
		c.Entries = append(c.Entries, pe)
	}
	data, err := r.page("pack", out, p.Def.Title, p.Def.Summary, p.PDFs, c)
	return out, data, err
}

type packEncounterContent struct {
	Pack   Pack
	Entry  *pack.Entry
	View   encounterView
	Tables *encTablesView
	Band   *bandView
	Print  printView
	Index  string
	Prev   string
	Next   string
	System *rules.Set
	Sheet  PlaySheet
}

func (r *Renderer) packEncounter(p Pack, e *pack.Entry) (string, []byte, error) {
	out := encounterPage(p.Def.Slug, e.Number)
	d := r.newDrawer(nil, "band")
	c := packEncounterContent{Pack: p, Entry: e, View: newEncounterView(d, "e"+strconv.Itoa(e.Number), 2, e.Encounter),
		Band:  newBandView(d, p.Rolled.Band),
		Print: d.printSealed([]int{0}, [][]doc.Block{e.Encounter.Blocks}),
		Index: path.Join(PackDir(p.Def.Slug), "index.html"), System: r.systemSet(p.Def.System), Sheet: p.Sheets[e.Number]}
	c.Tables = newEncTablesView(d, "e"+strconv.Itoa(e.Number), 2, c.System, e.Encounter.Tables)
	if e.Number > 1 {
		c.Prev = encounterPage(p.Def.Slug, e.Number-1)
	}
	if e.Number < len(p.Rolled.Entries) {
		c.Next = encounterPage(p.Def.Slug, e.Number+1)
	}
	title := fmt.Sprintf("%s %d: %s", p.Def.Title, e.Number, e.Encounter.Title)
	data, err := r.page("encounter", out, title, e.Encounter.Summary, p.PDFs, c)
	return out, data, err
}

type campaignContent struct {
	Campaign
	Body    template.HTML
	System  *rules.Set
	Begin   []blockView // the roll that set the first state, if any
	Between []blockView // the steps after the last chapter's games, when it goes on from a campaign file
	FileRef string      // the campaign file for this chapter, from this page
	Log     []blockView // the system's sheet to keep beside the campaign log, if any
	Band    *bandView
	Start   string // the first entry's page, from this one
	Steps   []campaignStep
	Chart   template.HTML // the gamebook drawn as a flowchart (chart.go)
	Browse  browseLinks
}

// campaignStep is one row of a campaign page's list of entries: the
// entries of one encounter of the campaign.
type campaignStep struct {
	Step    int
	Entries []campaignLink
}

// campaignLink is one entry in the list: its page and what its box on the
// chart says (its number, encounter and state), nothing more.
type campaignLink struct {
	ID     string // the entry's old fragment on the campaign page, "entry-4"
	Number int
	Title  string
	State  string
	Href   string
}

type campaignEntryContent struct {
	Campaign   Campaign
	Node       *campaign.Node
	State      string
	System     *rules.Set
	View       encounterView
	Afterwards []blockView
	Links      []blockView // none at the last step
	Sheet      PlaySheet
	Index      string // the campaign's page, from the root
	Print      printView
}

// entryID is the element id of a gamebook entry: its place in the list of
// entries on the campaign page (so that an old address,
// index.html#entry-4, still lands on the link to it), and the prefix of
// the ids on the entry's own page.
func entryID(n int) string { return "entry-" + strconv.Itoa(n) }

// entryFile is the file name of a gamebook entry's page in its campaign's
// folder: entry-4.html, which no booklet (SLUG-PAPER.pdf) or the sheets/
// folder can be.
func entryFile(n int) string { return entryID(n) + ".html" }

// campaign renders a campaign's page (its intro, chart, band and the list
// of its entries) and one page per entry, so a campaign of any length
// opens fast on a phone: each page holds one entry, whose links lead to
// the other entries' pages.
func (r *Renderer) campaign(c Campaign, add func(string, []byte, error)) {
	dir := CampaignDir(c.Def.Slug)
	out := path.Join(dir, "index.html")
	taken := []string{"band", "between", "chart", "entries", "file", "log"}
	for _, n := range c.Rolled.Nodes {
		taken = append(taken, entryID(n.Number))
	}
	d := r.newDrawer(entryFile, taken...)
	cc := campaignContent{Campaign: c, Body: r.markdown(&c.Def.Page, out), System: r.systemSet(c.Def.System), Band: newBandView(d, c.Rolled.Band),
		Start: entryFile(c.Rolled.Start), Browse: r.browseLinks(Item{Campaign: &c})}
	if c.Rolled.Begin != nil {
		cc.Begin = d.blocks("begin", 3, []doc.Block{c.Rolled.Begin})
	}
	cc.Log = d.blocks("log", 3, c.Rolled.Log)
	cc.Between = d.blocks("between", 3, c.Rolled.Between)
	if c.File != "" {
		cc.FileRef = path.Base(c.File)
	}
	var err error
	if cc.Chart, err = chartSVG(c.Rolled, entryFile); err != nil {
		add(out, nil, fmt.Errorf("campaign %s: %w", c.Def.Slug, err))
		return
	}
	for _, n := range c.Rolled.Nodes {
		if len(cc.Steps) == 0 || cc.Steps[len(cc.Steps)-1].Step != n.Step {
			cc.Steps = append(cc.Steps, campaignStep{Step: n.Step})
		}
		s := &cc.Steps[len(cc.Steps)-1]
		s.Entries = append(s.Entries, campaignLink{ID: entryID(n.Number), Number: n.Number, Title: n.Encounter.Title, State: nodeState(n), Href: entryFile(n.Number)})
	}
	data, err := r.page("campaign", out, c.Def.Title, c.Def.Summary, c.PDFs, cc)
	add(out, data, err)
	for i := range c.Rolled.Nodes {
		add(r.campaignEntry(c, i))
	}
}

// campaignEntry renders the page of the campaign's i-th entry: its
// encounter, what follows it and where it leads, and nothing of any other
// entry but its number, as on the chart. Its only ways on are its own
// links: no "next entry" invites reading an entry the player was not sent
// to, as a gamebook's numbers are not read in order.
func (r *Renderer) campaignEntry(c Campaign, i int) (string, []byte, error) {
	n := c.Rolled.Nodes[i]
	dir := CampaignDir(c.Def.Slug)
	out := path.Join(dir, entryFile(n.Number))
	id := entryID(n.Number)
	d := r.newDrawer(entryFile, id)
	cc := campaignEntryContent{Campaign: c, Node: n, State: nodeState(n), System: r.systemSet(c.Def.System),
		View: newEncounterView(d, id, 2, n.Encounter), Afterwards: d.blocks(id+"-after", 3, n.Afterwards),
		Sheet: c.Sheets[n.Number], Index: path.Join(dir, "index.html")}
	if len(n.Links) > 0 {
		cc.Links = d.blocks(id, 2, []doc.Block{&doc.Links{Links: n.Links}})
	}
	cc.Print = d.printSealed([]int{n.Number}, [][]doc.Block{n.Encounter.Blocks})
	title := fmt.Sprintf("%s, entry %d: %s", c.Def.Title, n.Number, n.Encounter.Title)
	data, err := r.page("entry", out, title, n.Encounter.Summary, c.PDFs, cc)
	return out, data, err
}
