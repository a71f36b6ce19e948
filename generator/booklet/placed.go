package booklet

import (
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// Placing: spans, pieces and tables placed down a cursor under the keep
// rules, each thing to paint handed to at, with where it goes, as it is
// placed. flow, flowPieces and drawTable are these told to paint there
// and then (now); a play sheet lays its pages out at each setting it
// tries, keeping what to paint (sheetRun), and paints the one it picks.

// placeFlow places spans down c, breaking (c's brk) between lines.
func (r *renderer) placeFlow(c *cursor, at func(func()), spans ...span) {
	for _, s := range spans {
		c.gap(s.before)
		if s.lay != nil {
			f := s.lay(c.w - s.indent)
			c.need(f.H + s.keep)
			x, y := c.x+s.indent, c.y
			at(func() { r.paintMarks(f, x, y) })
			c.y += f.H
			continue
		}
		if s.draw != nil {
			dh := s.drawFor(c.w - s.indent)
			c.need(dh + s.keep)
			x, y, w := c.x+s.indent, c.y, c.w-s.indent
			at(func() { s.draw(x, y, w) })
			c.y += dh
			continue
		}
		ls := r.laySpan(s, c.w)
		c.placeSpan(s, ls, func(i int) {
			x, y := c.x, c.y
			if i < len(ls.lines) {
				at(func() { r.paintMarks(ls.lines[i], x, y) }) // text alone: the ink stays as it was
			} else {
				at(func() { r.paint(ls.rule, x, y) })
			}
		})
	}
}

// placeTop places a table's top down c: its title band, then the
// spans above its rows, and the space under them.
func (r *renderer) placeTop(c *cursor, t tableTop, at func(func())) {
	if t.band != nil {
		x, y := c.x, c.y
		at(func() { r.paint(t.band, x, y) })
		c.y += t.band.H
	}
	r.placeFlow(c, at, t.spans...)
	if len(t.spans) > 0 || t.band != nil {
		c.y += 1.5
	}
}

// placePieces places pieces down the renderer's frame.
func (r *renderer) placePieces(at func(func()), ps []piece) {
	for _, p := range ps {
		if p.sp != nil {
			r.placeFlow(&r.fr, at, *p.sp)
			continue
		}
		r.gap(p.before)
		r.placeDrawTable(at, r.pieceTable(p, r.fr.w), p.tl)
	}
}

// placeDrawTable places a table down the renderer's frame: its title
// band with the dice in the corner, how to read it, notes and modifiers,
// the rows (the header repeated, with the title band, where it breaks),
// then footnotes, decisions and where the book prints it.
func (r *renderer) placeDrawTable(at func(func()), t *doc.Table, tl tableLook) {
	if parts := r.foldTable(t, tl, r.fr.w); parts != nil {
		r.placeFolded(at, t, tl, parts)
		return
	}
	g := r.tableGrid(t, tl, r.fr.w)
	g.tail = r.footH(t, tl)
	// A table whose rows are too tall to break with keepRows in every
	// frame is set a little smaller, down to the floor, when that lets it.
	if !r.rowsKept(g, r.topH(t, tl, false), r.topH(t, tl, true)) {
		for _, k := range keepScales {
			small := tl.scaled(k)
			sg := r.tableGrid(t, small, r.fr.w)
			sg.tail = r.footH(t, small)
			if r.rowsKept(sg, r.topH(t, small, false), r.topH(t, small, true)) {
				tl, g = small, sg
				break
			}
		}
	}
	r.placeTable(&r.fr, g, func(continued bool) tableTop { return r.topOf(t, tl, continued, r.fr.w) }, placedTable{r, at})
	r.placeFoot(at, t, tl)
}

// placeFolded places a folded table: what goes above it across the
// frame, then its parts side by side, kept together.
func (r *renderer) placeFolded(at func(func()), t *doc.Table, tl tableLook, parts []*grid) {
	r.need(r.topH(t, tl, false) + r.foldHeight(parts))
	r.placeTop(&r.fr, r.topOf(t, tl, false, r.fr.w), at)
	outer := r.fr
	pw := foldWidth(outer.w, len(parts))
	end := outer.y
	for i, g := range parts {
		r.fr = cursor{x: outer.x + float64(i)*(pw+foldGutter), w: pw, top: outer.y, y: outer.y, bottom: outer.bottom, brk: func() {}}
		r.placeTable(&r.fr, g, nil, placedTable{r, at})
		end = max(end, r.fr.y)
	}
	outer.y = end
	r.fr = outer
	r.placeFoot(at, t, tl)
}

// placeFoot places what table t prints under its rows (footSpans).
func (r *renderer) placeFoot(at func(func()), t *doc.Table, tl tableLook) {
	spans := r.footSpans(t, tl)
	// The last line (where the book prints it, most often) never goes
	// over a page alone: what comes before it keeps it.
	if n := len(spans); n > 1 {
		spans[n-2].keep = r.spanHeight(spans[n-1], r.fr.w)
	}
	// What goes on to the next page from under a table too tall to keep
	// it (draw: table) says whose it is there.
	if len(spans) > 0 && t.Title != "" && !r.atTop() && r.fr.y+r.spanHeight(spans[0], r.fr.w)+spans[0].keep > r.fr.bottom {
		spans = append([]span{{text: t.Title + " (continued)", style: "B", size: tl.size, before: 1, keep: r.spanHeight(spans[0], r.fr.w)}}, spans...)
	}
	r.placeFlow(&r.fr, at, spans...)
}

// placedTable hands what a table placed in the renderer's frame paints
// to at, to paint as paintNow paints it.
type placedTable struct {
	r  *renderer
	at func(func())
}

func (p placedTable) top(t tableTop) { p.r.placeTop(&p.r.fr, t, p.at) }
func (p placedTable) headRow(f *frame.Frame, x, y, w float64) {
	p.at(func() { paintNow{p.r}.headRow(f, x, y, w) })
}
func (p placedTable) row(f *frame.Frame, x, y float64) {
	p.at(func() { paintNow{p.r}.row(f, x, y) })
}
func (p placedTable) box(x, y0, y1, w float64) {
	p.at(func() { paintNow{p.r}.box(x, y0, y1, w) })
}
func (p placedTable) lone(text string) { p.at(func() { paintNow{p.r}.lone(text) }) }
