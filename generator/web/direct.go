package web

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"sync"
	"text/template/parse"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/words"
)

// The blocks of a page (partials.html's "blocks" and every template under
// it, and "table") were most of the CPU time of an encounter page: html/
// template makes every action a chain of reflective calls, and an
// encounter prints thousands (each card's boxes alone are five actions a
// box). When the site draws them with Sortie's own templates, the build
// draws them here instead, in Go, to the same bytes: each function below
// is the template of its name written out, escaping as html/template
// escapes in the place each value stands. So are the partials that hold
// blocks ("encounter", "band", "print", "enctables"), each page's frame
// (layout.html, around the page's own "content" template) and a pack's
// encounter page whole (encounter.html). The templates stay what a site
// copies and changes (`sortie layouts copy`): a site whose layouts/
// replace partials.html or define one of directNames again gets
// html/template for the blocks, one that replaces layout.html for the
// frame, one that replaces encounter.html for those pages.
// TestDirectSameBytes renders sites both ways and compares every page.

// directNames are the partials drawn here: "blocks", "table" and the
// four that hold blocks are replaced (directDefs), the rest are reached
// only through them.
var directNames = []string{"blocks", "block", "heading", "section", "para", "list", "checklist", "roll", "table", "caption", "grid",
	"odds", "odds-grid", "map", "sealed", "cards", "card", "links", "encounter", "band", "print", "enctables"}

// directDefs replace the templates the pages call with the Go drawing.
const directDefs = `{{define "blocks"}}{{drawnBlocks .}}{{end}}{{define "table"}}{{drawnTable .}}{{end}}` +
	`{{define "encounter"}}{{drawn "encounter" .}}{{end}}{{define "band"}}{{drawn "band" .}}{{end}}` +
	`{{define "print"}}{{drawn "print" .}}{{end}}{{define "enctables"}}{{drawn "enctables" .}}{{end}}`

// canDrawFrame reports whether every page's frame is Sortie's own
// layout.html, which pageAt then draws in Go (frame), executing only the
// page's "content" template.
func (r *Renderer) canDrawFrame() bool {
	if _, ok := r.in.Layouts["layout.html"]; ok {
		return false
	}
	return !r.layoutsDefine("layout.html")
}

// layoutsDefine reports whether a template of the site's layouts/
// defines one of names (or does not parse: the templates' own parse
// reports it).
func (r *Renderer) layoutsDefine(names ...string) bool {
	for name, l := range r.in.Layouts {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		trees, err := parse.Parse(name, string(l.Data), "", "", builtinFuncs)
		if err != nil {
			return true
		}
		for _, n := range names {
			if _, ok := trees[n]; ok {
				return true
			}
		}
	}
	return false
}

// canDrawDirect reports whether the build's templates draw the blocks as
// Sortie's own partials.html does: no file of the site's layouts/ defines
// one of directNames (a site's page template may define a partial again).
func (r *Renderer) canDrawDirect() bool {
	if _, ok := r.in.Layouts["partials.html"]; ok {
		return false
	}
	return !r.layoutsDefine(directNames...)
}

// builtinFuncs name the functions a template may call, for parse.Parse:
// its own and text/template's (it checks only that a name is known).
var builtinFuncs = map[string]any{
	"plural": nil, "add": nil, "pdfs": nil, "sheet": nil, "lists": nil, "items": nil, "browse": nil, "kept": nil, "drawnBlocks": nil, "drawnTable": nil, "drawn": nil,
	"and": nil, "call": nil, "html": nil, "index": nil, "slice": nil, "js": nil, "len": nil, "not": nil, "or": nil,
	"print": nil, "printf": nil, "println": nil, "urlquery": nil, "eq": nil, "ge": nil, "gt": nil, "le": nil, "lt": nil, "ne": nil,
}

// drawnBlocks is the templates' "drawnBlocks": "blocks" drawn in Go.
func (r *Renderer) drawnBlocks(bs []blockView) (template.HTML, error) {
	buf := directBufs.Get().(*[]byte)
	w := directWriter{r: r, b: (*buf)[:0]}
	defer func() { *buf = w.b[:0]; directBufs.Put(buf) }()
	if err := w.blocks(bs); err != nil {
		return "", err
	}
	return template.HTML(string(w.b)), nil //nolint: every value is escaped by directWriter
}

// drawn is the templates' "drawn": the partial of that name drawn in
// Go, for those that take a view of their own type.
func (r *Renderer) drawn(name string, data any) (template.HTML, error) {
	buf := directBufs.Get().(*[]byte)
	w := directWriter{r: r, b: (*buf)[:0]}
	defer func() { *buf = w.b[:0]; directBufs.Put(buf) }()
	var err error
	switch v := data.(type) {
	case encounterView:
		err = w.encounter(&v)
	case *bandView:
		err = w.band(v)
	case printView:
		err = w.print(&v)
	case *encTablesView:
		err = w.encTables(v)
	default:
		err = fmt.Errorf("failed to draw %q: a %T, not its view", name, data)
	}
	if err != nil {
		return "", err
	}
	return template.HTML(string(w.b)), nil //nolint: every value is escaped by directWriter
}

// directBufs are the buffers the Go drawing writes in, each kept at the
// largest size it grew to.
var directBufs = sync.Pool{New: func() any { return new([]byte) }}

// drawnTable is the templates' "drawnTable": "table" drawn in Go.
func (r *Renderer) drawnTable(t *tableView) (template.HTML, error) {
	buf := directBufs.Get().(*[]byte)
	w := directWriter{r: r, b: (*buf)[:0]}
	defer func() { *buf = w.b[:0]; directBufs.Put(buf) }()
	if err := w.table(t); err != nil {
		return "", err
	}
	return template.HTML(string(w.b)), nil //nolint: every value is escaped by directWriter
}

// directWriter writes blocks as partials.html draws them.
type directWriter struct {
	r *Renderer
	b []byte
}

func (w *directWriter) s(s string) { w.b = append(w.b, s...) }

// text writes s escaped as html/template escapes a string in text or in a
// quoted attribute: its htmlEscaper and attrEscaper, which for a plain
// string are the same.
func (w *directWriter) text(s string) { w.b = appendEscaped(w.b, s) }

func (w *directWriter) int(n int) { w.b = strconv.AppendInt(w.b, int64(n), 10) }

// float writes a float64 as html/template prints one (fmt's %v) in text
// or in a CSS value of an attribute ("63", "88.9"): what it writes needs
// no escaping but for the '+' of an exponent.
func (w *directWriter) float(f float64) {
	w.text(strconv.FormatFloat(f, 'g', -1, 64))
}

// appendEscaped escapes as html/template's htmlReplacementTable does.
func appendEscaped(b []byte, s string) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		var r string
		switch s[i] {
		case 0:
			r = "\uFFFD"
		case '"':
			r = "&#34;"
		case '&':
			r = "&amp;"
		case '\'':
			r = "&#39;"
		case '+':
			r = "&#43;"
		case '<':
			r = "&lt;"
		case '>':
			r = "&gt;"
		default:
			continue
		}
		b = append(b, s[last:i]...)
		b = append(b, r...)
		last = i + 1
	}
	return append(b, s[last:]...)
}

// url writes an href's value as html/template does for an attribute that
// is one URL: a path of plain characters as it is, anything else through
// html/template itself (its filter, normalizer and escaper).
func (w *directWriter) url(s string) error {
	plain := !strings.HasPrefix(s, "//")
	for i := 0; i < len(s) && plain; i++ {
		c := s[i]
		plain = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/#", c) >= 0
	}
	if plain {
		w.s(s)
		return nil
	}
	var b bytes.Buffer
	if err := hrefTemplate.Execute(&b, s); err != nil {
		return err
	}
	w.b = append(w.b, strings.TrimSuffix(strings.TrimPrefix(b.String(), `<a href="`), `">`)...)
	return nil
}

var hrefTemplate = template.Must(template.New("href").Parse(`<a href="{{.}}">`))

// blocks is "blocks": each block after a line break.
func (w *directWriter) blocks(bs []blockView) error {
	for i := range bs {
		w.s("\n")
		if err := w.block(&bs[i]); err != nil {
			return err
		}
	}
	return nil
}

// block is "block": the template of the block's one non-nil field.
func (w *directWriter) block(b *blockView) error {
	switch {
	case b.Section != nil:
		return w.section(b.Section)
	case b.Para != nil:
		w.para(b.Para)
	case b.List != nil:
		w.list(b.List)
	case b.Check != nil:
		w.checklist(b.Check)
	case b.Roll != nil:
		w.roll(b.Roll)
	case b.Table != nil:
		return w.table(b.Table)
	case b.Map != nil:
		w.mapBlock(b.Map)
	case b.Sealed != nil:
		return w.sealed(b.Sealed)
	case b.Links != nil:
		return w.links(b.Links)
	case b.Cards != nil:
		return w.cards(b.Cards)
	}
	return nil
}

// heading is "heading": h2 to h5 by level, else h6.
func (w *directWriter) heading(level int, title string) {
	if level < 2 || level > 5 {
		level = 6
	}
	w.s("<h")
	w.int(level)
	w.s(">")
	w.text(title)
	w.s("</h")
	w.int(level)
	w.s(">")
}

func (w *directWriter) section(s *sectionView) error {
	w.s(`<section class="part">`)
	if s.Title != "" {
		w.s("\n")
		w.heading(s.Level, s.Title)
	}
	if err := w.blocks(s.Blocks); err != nil {
		return err
	}
	w.s("\n</section>")
	return nil
}

func (w *directWriter) para(p *doc.Para) {
	w.s("<p")
	if p.Note {
		w.s(` class="note"`)
	}
	w.s(">")
	if p.Lead != "" {
		w.s("<strong>")
		w.text(p.Lead)
		w.s("</strong>")
	}
	if p.Lead != "" && p.Text != "" {
		w.s(" ")
	}
	w.text(p.Text)
	w.s("</p>")
}

func (w *directWriter) list(l *doc.List) {
	if len(l.Items) == 0 {
		return
	}
	w.s("<ul>")
	for _, it := range l.Items {
		w.s("<li>")
		w.text(it)
		w.s("</li>")
	}
	w.s("</ul>")
}

func (w *directWriter) checklist(c *checklistView) {
	w.s(`<div class="checklist">`)
	if c.Lead != "" {
		w.s("<p><strong>")
		w.text(c.Lead)
		w.s("</strong></p>")
	}
	w.s("\n<ol>")
	for _, it := range c.Items {
		w.s(`<li><label><span class="n">`)
		w.int(it.N)
		w.s(`</span><input type="checkbox" class="box"`)
		if it.ID != "" {
			w.s(` id="`)
			w.text(it.ID)
			w.s(`"`)
		}
		w.s("/>")
		w.text(it.Text)
		w.s("</label></li>")
	}
	w.s("</ol>")
	if c.Note != "" {
		w.s(`<p class="note">`)
		w.text(c.Note)
		w.s("</p>")
	}
	w.s("</div>")
}

func (w *directWriter) roll(r *rollView) {
	w.s(`<p class="roll"><span class="dice">`)
	if r.Label != "" {
		w.text(r.Label)
		w.s(": ")
	}
	w.text(r.Dice.String())
	if r.ShowRow {
		w.s(" (row ")
		w.text(r.Row)
		w.s(")")
	}
	w.s("</span>")
	if r.Result != "" {
		w.s(" → <strong>")
		w.text(r.Result)
		w.s("</strong>")
	}
	w.s("</p>")
}

func (w *directWriter) notes(ss []string, before string) {
	for _, s := range ss {
		w.s("\n<p class=\"note\">")
		w.s(before)
		w.text(s)
		w.s("</p>")
	}
}

func (w *directWriter) table(t *tableView) error {
	if t == nil {
		return errors.New(`failed to draw "table": no table`)
	}
	w.s(`<div class="tbl`)
	if t.Caption {
		w.s(" titled")
	}
	if t.Broad {
		w.s(" broad")
	}
	w.s(`"`)
	if t.ID != "" {
		w.s(` id="`)
		w.text(t.ID)
		w.s(`"`)
	}
	w.s(">")
	if t.Caption {
		w.s("\n")
		w.caption(t.Grid)
	} else {
		w.notes(t.Notes, "")
	}
	w.s("\n<div class=\"scroll\"")
	if t.Label != "" {
		w.s(` tabindex="0" role="region" aria-label="`)
		w.text(t.Label)
		w.s(`"`)
	}
	w.s(">\n")
	w.kept(t.Grid, w.grid)
	w.s("\n</div>")
	for _, m := range t.Mods {
		w.s("\n<table class=\"mods\">\n<thead><tr><th scope=\"col\">")
		w.text(m.Head[0])
		w.s(`</th><th scope="col">`)
		w.text(m.Head[1])
		w.s("</th></tr></thead>\n<tbody>")
		for _, row := range m.Rows {
			w.s("\n<tr><td>")
			w.text(row[0])
			w.s(`</td><td class="mod">`)
			w.text(row[1])
			w.s("</td></tr>")
		}
		w.s("\n</tbody>\n</table>")
	}
	w.notes(t.Footnotes, "")
	if t.Odds != nil {
		w.s(`<p class="odds-caption">`)
		w.text(t.Odds.Caption)
		w.s("</p>\n<div class=\"scroll odds\"")
		if t.Label != "" {
			w.s(` tabindex="0" role="region" aria-label="Odds, `)
			w.text(t.Label)
			w.s(`"`)
		}
		w.s(">\n")
		w.kept(t.Odds, w.oddsGrid)
		w.s("\n</div>")
	}
	w.notes(t.Decisions, "* Sortie's decision: ")
	if t.Source != "" {
		w.s("\n<p class=\"note\">Book: ")
		w.text(t.Source)
		w.s(".</p>")
	}
	w.s("\n</div>")
	return nil
}

// kept writes what draw writes for data, drawn once for a rule table's
// grid or odds and given again to every page (keptHTML's rule: such data
// is the same pointer on every page and never changed).
func (w *directWriter) kept(data any, draw func(any)) {
	k := &w.r.kept
	key := keptKey{"direct", data}
	k.mu.Lock()
	shared := k.shared[data]
	h, ok := k.html[key]
	k.mu.Unlock()
	if ok {
		w.s(string(h))
		return
	}
	start := len(w.b)
	draw(data)
	if shared {
		k.mu.Lock()
		if k.html == nil {
			k.html = map[keptKey]template.HTML{}
		}
		k.html[key] = template.HTML(w.b[start:]) //nolint: drawn above
		k.mu.Unlock()
	}
}

// caption is a table's title band, drawn above its scrolling box.
func (w *directWriter) caption(g *gridView) {
	w.s(`<p class="caption">`)
	if g.Corner != "" {
		w.s(`<span class="corner" title="Roll this many six-sided dice">`)
		w.text(g.Corner)
		w.s("</span> ")
	}
	w.s(`<span class="title">`)
	w.text(g.Title)
	w.s("</span>")
	for _, s := range g.HowToRead {
		w.s(`<span class="read">`)
		w.text(s)
		w.s("</span>")
	}
	for _, s := range g.Notes {
		w.s(`<span class="cnote">`)
		w.text(s)
		w.s("</span>")
	}
	w.s("</p>")
}

func (w *directWriter) grid(data any) {
	g := data.(*gridView)
	w.s("<table")
	if g.Compact {
		w.s(` class="compact"`)
	} else if g.Stack {
		w.s(` class="stack"`)
	}
	w.s(">")
	if len(g.Head) > 0 {
		w.s("\n<thead><tr>")
		for _, c := range g.Head {
			w.s(`<th scope="col"`)
			if c.Key {
				w.s(` class="key"`)
			} else if c.Wide {
				w.s(` class="wide"`)
			}
			w.s(">")
			w.text(c.Text)
			w.s("</th>")
		}
		w.s("</tr></thead>")
	}
	w.s("\n<tbody>")
	for _, row := range g.Rows {
		w.s("\n<tr>")
		for _, c := range row {
			switch {
			case c.Key && c.Text != "":
				w.s(`<th scope="row" class="key">`)
				w.text(c.Text)
				w.s("</th>")
			case c.Key:
				w.s(`<td class="key"></td>`)
			default:
				w.s("<td")
				if c.Wide {
					w.s(` class="wide"`)
				}
				if c.Head != "" {
					w.s(` data-h="`)
					w.text(c.Head)
					w.s(`"`)
				}
				w.s(">")
				w.text(c.Text)
				w.s("</td>")
			}
		}
		w.s("</tr>")
	}
	w.s("\n</tbody>\n</table>")
}

func (w *directWriter) oddsGrid(data any) {
	o := data.(*doc.Odds)
	w.s("<table class=\"odds\">\n<thead><tr><th scope=\"col\">")
	w.text(o.Corner)
	w.s("</th>")
	for _, h := range o.Head {
		w.s(`<th scope="col">`)
		w.text(h)
		w.s("</th>")
	}
	w.s("</tr></thead>\n<tbody>")
	for _, row := range o.Rows {
		w.s("\n<tr><th scope=\"row\">")
		w.text(row.Label)
		w.s("</th>")
		for _, c := range row.Cells {
			w.s("<td>")
			w.text(c.Text())
			w.s("</td>")
		}
		w.s("</tr>")
	}
	w.s("\n</tbody>\n</table>")
}

func (w *directWriter) mapBlock(m *mapView) {
	w.s("\n<figure class=\"board\">\n")
	dm := m.drawn
	w.b = dm.appendSVG(w.b)
	const open = "\n<ul class=\"legend\" aria-label=\"Key\">\n"
	start := len(w.b)
	w.s(open)
	if w.b = dm.appendLegend(w.b); len(w.b) == start+len(open) {
		w.b = w.b[:start] // no entries: no list
	} else {
		w.s("</ul>")
	}
	w.s("\n<figcaption><strong>")
	w.text(m.Title)
	w.s("</strong>, ")
	w.text(m.Length(m.WidthIn))
	w.s(" × ")
	w.text(m.Length(m.HeightIn))
	w.s(". ")
	w.text(m.Caption)
	w.s("</figcaption>\n</figure>\n")
}

func (w *directWriter) sealed(s *sealedView) error {
	w.s(`<section class="part sealed-items">`)
	if s.Title != "" {
		w.s("\n")
		w.heading(s.Level, s.Title)
	}
	if s.Intro != "" {
		w.s("\n<p class=\"note\">")
		w.text(s.Intro)
		w.s("</p>")
	}
	w.s("\n<div class=\"pefs\">")
	for i := range s.Items {
		it := &s.Items[i]
		w.s("\n<details class=\"pef\"")
		if it.ID != "" {
			w.s(` id="`)
			w.text(it.ID)
			w.s(`"`)
		}
		w.s(">\n<summary><span class=\"num\">")
		w.int(it.Number)
		w.s("</span> ")
		w.text(it.Title)
		if it.Tag != "" {
			w.s(" (")
			w.text(it.Tag)
			w.s(")")
		}
		w.s("</summary>\n<div class=\"card\">")
		if err := w.blocks(it.Blocks); err != nil {
			return err
		}
		w.s("\n</div>\n</details>")
	}
	w.s("\n</div>\n</section>")
	return nil
}

func (w *directWriter) cards(c *cardsView) error {
	if len(c.Items) == 0 {
		return errors.New(`failed to draw "cards": no cards`)
	}
	w.s(`<section class="part play-cards"`)
	if c.ID != "" {
		w.s(` id="`)
		w.text(c.ID)
		w.s(`"`)
	}
	w.s(">\n")
	w.heading(c.Level, c.Title)
	if c.Intro != "" {
		w.s("\n<p class=\"note\">")
		w.text(c.Intro)
		w.s("</p>")
	}
	w.s("\n<p class=\"note\">")
	w.text(words.Plural(len(c.Items), "card", "cards"))
	w.s(", ")
	w.float(c.W)
	w.s(" × ")
	w.float(c.H)
	w.s(" mm each: the booklets print them at that size on sheets to cut out")
	if c.Items[0].Back != nil {
		w.s(", with their backs behind them")
	}
	w.s(".</p>\n<div class=\"cards\">")
	for i := range c.Items {
		p := &c.Items[i]
		w.s("\n<div class=\"card-pair\">")
		w.card(&p.Front)
		if p.Back != nil {
			w.card(p.Back)
		}
		w.s("\n</div>")
	}
	w.s("\n</div>\n</section>")
	return nil
}

func (w *directWriter) card(c *playCardView) {
	w.s(`<div class="play-card `)
	w.text(c.Side)
	if len(c.Edges) > 0 {
		w.s(" edged")
	}
	w.s(`" style="width: `)
	w.float(c.W)
	w.s("mm; aspect-ratio: ")
	w.float(c.W)
	w.s(" / ")
	w.float(c.H)
	w.s(`">`)
	if len(c.Edges) > 0 {
		w.s("\n<span class=\"edge top\">")
		w.text(c.Edges[0])
		w.s(`</span><span class="edge right">`)
		w.text(c.Edges[1])
		w.s(`</span><span class="edge bottom">`)
		w.text(c.Edges[2])
		w.s(`</span><span class="edge left">`)
		w.text(c.Edges[3])
		w.s("</span>")
	}
	w.s("\n<div class=\"face\">")
	if c.Whose.Name != "" {
		w.s("\n<p class=\"side-band")
		if c.Whose.Enemy {
			w.s(" enemy")
		}
		w.s(`"><span>`)
		w.text(c.Whose.Name)
		w.s("</span></p>")
	}
	w.s("\n<p class=\"card-title\"><strong>")
	w.text(c.Title)
	w.s("</strong>")
	if c.Tag != "" {
		w.s(` <span class="tag">`)
		w.text(c.Tag)
		w.s("</span>")
	}
	if c.Side == "back" {
		w.s(` <span class="side">back</span>`)
	}
	w.s("</p>")
	if len(c.Fields) > 0 {
		w.s("\n<dl>")
		for _, f := range c.Fields {
			w.s("<dt>")
			w.text(f.Label)
			w.s("</dt><dd>")
			w.text(f.Value)
			w.s("</dd>")
		}
		w.s("</dl>")
	}
	if t := c.Track; t != nil {
		w.s("\n<p class=\"track\"><span class=\"label\">")
		w.text(t.Label)
		w.s("</span> ")
		for i, id := range c.Boxes {
			w.s(`<input type="checkbox" class="box"`)
			if id != "" {
				w.s(` id="`)
				w.text(id)
				w.s(`"`)
			}
			w.s(` aria-label="`)
			w.text(c.Title)
			w.s(", ")
			w.text(t.Label)
			w.s(": box ")
			w.int(i + 1)
			w.s(`"/>`)
		}
		if t.Note != "" {
			w.s(` <span class="note">`)
			w.text(t.Note)
			w.s("</span>")
		}
		w.s("</p>")
	}
	for _, l := range c.Lines {
		w.s("\n<p class=\"line\">")
		w.text(l)
		w.s("</p>")
	}
	w.s("\n</div>\n</div>")
}

func (w *directWriter) links(l *linksView) error {
	if len(l.Links) == 0 {
		return nil
	}
	w.s(`<p class="goto">`)
	for i, k := range l.Links {
		if i > 0 {
			w.s(` <span class="sep">·</span> `)
		}
		switch {
		case k.To == 0:
			w.s("<strong>")
			w.text(k.Label)
			w.s(": the campaign ends here.</strong>")
		case k.Href != "":
			w.s(`<a href="`)
			if err := w.url(k.Href); err != nil {
				return fmt.Errorf("failed to draw a link to %s: %w", k.Href, err)
			}
			w.s(`">`)
			w.text(k.Label)
			w.s(": go to ")
			w.int(k.To)
			w.s("</a>")
		default:
			w.s("<strong>")
			w.text(k.Label)
			w.s(": go to ")
			w.int(k.To)
			w.s("</strong>")
		}
		if k.Note != "" {
			w.s(` <span class="note">(`)
			w.text(k.Note)
			w.s(")</span>")
		}
	}
	w.s("</p>")
	return nil
}

// encounter is "encounter": the boards beside the short blocks after
// them, then the rest.
func (w *directWriter) encounter(v *encounterView) error {
	l := &v.Layout
	summary := func() {
		w.s("\n<p class=\"summary\">")
		w.text(v.E.Summary)
		w.s("</p>")
	}
	if len(l.Boards) > 0 {
		w.s("\n<div class=\"encounter\">\n<div class=\"boards\">")
		if err := w.blocks(l.Boards); err != nil {
			return err
		}
		w.s("\n</div>\n<div class=\"facts\">")
		if v.Summary {
			summary()
		}
		if err := w.blocks(l.Facts); err != nil {
			return err
		}
		w.s("\n</div>\n</div>")
	} else if v.Summary {
		summary()
	}
	if err := w.blocks(l.Rest); err != nil {
		return err
	}
	w.s("\n")
	return nil
}

// band is "band": the player's force under its heading, if any.
func (w *directWriter) band(v *bandView) error {
	if v != nil {
		w.s("\n<h2 id=\"band\">")
		w.text(v.Title)
		w.s("</h2>")
		if err := w.blocks(v.Blocks); err != nil {
			return err
		}
	}
	w.s("\n")
	return nil
}

// print is "print": the sealed items, printed upside down.
func (w *directWriter) print(v *printView) error {
	if len(v.Cards) > 0 {
		w.s("\n<section class=\"sealed\" aria-hidden=\"true\">\n<h2>")
		w.text(v.Title)
		w.s("</h2>\n<p>Printed upside down: turn the page round to read each only when the game reaches it.</p>\n<div class=\"sealed-cards\">")
		for i := range v.Cards {
			c := &v.Cards[i]
			w.s("\n<div class=\"sealed-card\">\n<p class=\"which\">")
			if c.Entry != 0 {
				w.s("Entry ")
				w.int(c.Entry)
				w.s(" · ")
			}
			w.int(c.Item.Number)
			w.s(" of ")
			w.int(c.Of)
			w.s(": ")
			w.text(c.Item.Title)
			if c.Item.Tag != "" {
				w.s(" (")
				w.text(c.Item.Tag)
				w.s(")")
			}
			w.s("</p>\n<div class=\"card\">")
			if err := w.blocks(c.Item.Blocks); err != nil {
				return err
			}
			w.s("\n</div>\n</div>")
		}
		w.s("\n</div>\n</section>")
	}
	w.s("\n")
	return nil
}

// encTables is "enctables": the QRS tables an encounter needs.
func (w *directWriter) encTables(v *encTablesView) error {
	if v == nil {
		return nil
	}
	w.s("\n<section class=\"part enc-tables\">\n")
	w.heading(v.Level, v.Title)
	w.s("\n<p class=\"note\">As the <a href=\"")
	if err := w.url(v.QRS); err != nil {
		return err
	}
	w.s("\">Quick Reference Sheets</a> print them; each title links to the table there.</p>")
	for _, t := range v.Tables {
		w.s("\n<p class=\"qrs-ref\"><a href=\"")
		if err := w.url(t.Href); err != nil {
			return err
		}
		w.s("\">")
		w.text(t.Table.Title)
		w.s(" on the Quick Reference Sheets</a></p>\n")
		if err := w.table(t.Table); err != nil {
			return err
		}
	}
	w.s("\n</section>")
	return nil
}

// frameTop is layout.html up to the page's content, frameEnd after it.
func (w *directWriter) frameTop(l *layout) error {
	href := func(p string) error { return w.url(l.Root + p) }
	w.s("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>")
	w.text(l.Title)
	if l.Title != l.Site.Title {
		w.s(" · ")
		w.text(l.Site.Title)
	}
	w.s("</title>")
	if l.Summary != "" {
		w.s("\n<meta name=\"description\" content=\"")
		w.text(l.Summary)
		w.s("\"/>")
	}
	w.s("\n<meta name=\"generator\" content=\"Sortie ")
	w.text(l.Version)
	w.s("\"/>\n<link rel=\"stylesheet\" href=\"")
	// Every href below is written by href, which fails only where
	// html/template would.
	var errs []error
	do := func(err error) { errs = append(errs, err) }
	do(href("style.css"))
	w.s("\"/>\n<link rel=\"icon\" href=\"")
	do(href(l.Favicon.Href))
	w.s("\"")
	if l.Favicon.Type != "" {
		w.s(" type=\"")
		w.text(l.Favicon.Type)
		w.s("\"")
	}
	w.s("/>")
	if l.Offline {
		w.s("\n<link rel=\"manifest\" href=\"")
		do(href("manifest.webmanifest"))
		w.s("\"/>\n<link rel=\"apple-touch-icon\" href=\"")
		do(href("icons/apple-touch-icon.png"))
		w.s("\"/>\n<script src=\"")
		do(href("offline.js"))
		w.s("\" defer=\"defer\"></script>")
	}
	if l.Site.HasFeeds() {
		w.s("\n<link rel=\"alternate\" type=\"application/atom+xml\" title=\"")
		w.text(l.Site.Title)
		w.s("\" href=\"")
		do(href("feed.xml"))
		w.s("\"/>\n<link rel=\"alternate\" type=\"application/feed+json\" title=\"")
		w.text(l.Site.Title)
		w.s(" (JSON Feed)\" href=\"")
		do(href("feed.json"))
		w.s("\"/>")
	}
	w.s("\n</head>\n<body>\n<a class=\"skip\" href=\"#main\">Skip to the content</a>\n<header class=\"site\">\n<a class=\"brand\" href=\"")
	do(href("index.html"))
	w.s("\">")
	w.text(l.Site.Title)
	w.s("</a>\n<nav aria-label=\"Site\">\n<ul>")
	for _, n := range l.Nav {
		w.s("\n<li><a href=\"")
		do(href(n.Href))
		w.s("\"")
		if n.Href == l.Here {
			w.s(" aria-current=\"page\"")
		}
		w.s(">")
		w.text(n.Label)
		w.s("</a></li>")
	}
	w.s("\n</ul>\n</nav>\n</header>\n<main id=\"main\">\n<h1>")
	w.text(l.Title)
	w.s("</h1>")
	if l.Summary != "" {
		w.s("\n<p class=\"lede\">")
		w.text(l.Summary)
		w.s("</p>")
	}
	if len(l.PDFs) > 0 {
		w.s("\n<p class=\"print-links\"><span class=\"pdf-label\">Print it:</span>")
		label := func(k Link) {
			w.text(k.Short())
			if m := k.More(); m != "" {
				w.s("<span class=\"pdf-more\">")
				w.text(m)
				w.s("</span>")
			}
		}
		for _, k := range l.PDFs {
			w.s(" ")
			if len(k.Parts) > 0 {
				w.s("<span class=\"pdf-set\">")
				label(k)
				w.s(":")
				for _, p := range k.Parts {
					w.s(" <a class=\"pdf\" href=\"")
					do(href(p.Href))
					w.s("\">")
					label(p)
					w.s("</a>")
				}
				w.s("</span>")
			} else {
				w.s("<a class=\"pdf\" href=\"")
				do(href(k.Href))
				w.s("\">")
				label(k)
				w.s("</a>")
			}
		}
		w.s("</p>")
	}
	w.s("\n")
	return errors.Join(errs...)
}

func (w *directWriter) frameEnd(l *layout) error {
	href := func(p string) error { return w.url(l.Root + p) }
	var errs []error
	do := func(err error) { errs = append(errs, err) }
	w.s("\n</main>\n<footer class=\"site\">")
	if len(l.PDFs) > 0 {
		w.s("\n<p>Print:")
		for i, k := range l.PDFs {
			if i > 0 {
				w.s(" ·")
			}
			w.s(" ")
			if len(k.Parts) > 0 {
				w.text(k.Short())
				w.s(":")
				for j, p := range k.Parts {
					if j > 0 {
						w.s(",")
					}
					w.s(" <a href=\"")
					do(href(p.Href))
					w.s("\">")
					w.text(p.Short())
					w.s("</a>")
				}
			} else {
				w.s("<a href=\"")
				do(href(k.Href))
				w.s("\">")
				w.text(k.Short())
				w.s("</a>")
			}
		}
		w.s("</p>")
	}
	if l.Downloads != "" && l.Downloads != l.Here {
		w.s("\n<p>Every booklet of the site, in one list: <a href=\"")
		do(href(l.Downloads))
		w.s("\">Downloads</a>.</p>")
	}
	w.s("\n<p>Built by Sortie ")
	w.text(l.Version)
	w.s(". Every roll comes from the seed shown, so the same seed always gives the same pages.</p>\n</footer>\n</body>\n</html>\n")
	return errors.Join(errs...)
}

// encounterContent is encounter.html's "content": one encounter of a
// pack on its own page.
func (w *directWriter) encounterContent(l *layout, c *packEncounterContent) error {
	href := func(p string) error { return w.url(l.Root + p) }
	var errs []error
	do := func(err error) { errs = append(errs, err) }
	w.s("\n<p class=\"meta\">Encounter ")
	w.int(c.Entry.Number)
	w.s(" of ")
	w.int(len(c.Pack.Rolled.Entries))
	w.s(" in <a href=\"")
	do(href(c.Index))
	w.s("\">")
	w.text(c.Pack.Def.Title)
	w.s("</a> · ")
	if c.System != nil {
		w.text(c.System.System.Name)
		w.s(" · ")
	}
	w.s("seed <code>")
	w.text(c.View.E.Seed)
	w.s("</code></p>")
	if len(c.Sheet.PDFs) > 0 {
		w.s("\n<p><span class=\"meta sheet\">Play sheet (")
		w.text(words.Plural(c.Sheet.Pages, "page", "pages"))
		w.s("):")
		for i, k := range c.Sheet.PDFs {
			if i > 0 {
				w.s(" ·")
			}
			w.s(" <a href=\"")
			do(href(k.Href))
			w.s("\">")
			w.text(k.Label)
			w.s("</a>")
		}
		w.s("</span></p>")
	}
	w.s("\n")
	do(w.encounter(&c.View))
	do(w.encTables(c.Tables.At(l.Root)))
	do(w.band(c.Band))
	if l.Offline {
		w.s("\n<div class=\"play\"></div>\n<script src=\"")
		do(href("state.js"))
		w.s("\" defer=\"defer\"></script>")
	}
	w.s("\n<nav class=\"pager\" aria-label=\"Encounters\">")
	if c.Prev != "" {
		w.s("<a rel=\"prev\" href=\"")
		do(href(c.Prev))
		w.s("\">← Encounter ")
		w.int(c.Entry.Number - 1)
		w.s("</a>")
	}
	w.s("\n<a href=\"")
	do(href(c.Index))
	w.s("\">All encounters</a>")
	if c.Next != "" {
		w.s("<a rel=\"next\" href=\"")
		do(href(c.Next))
		w.s("\">Encounter ")
		w.int(c.Entry.Number + 1)
		w.s(" →</a>")
	}
	w.s("\n</nav>\n")
	do(w.print(&c.Print))
	w.s("\n")
	return errors.Join(errs...)
}
