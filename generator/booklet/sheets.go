package booklet

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/doc"
)

// This file prints play cards (doc.Cards): unit cards, action cards. They
// go on sheets of their own in the "Cards to cut out" section after the
// encounters, every card at the size its block gives, so that a card cut
// out is the size the system said. Cards touch, so one cut separates two;
// the grid is drawn in thin grey lines with crop marks in the margins for
// a guillotine. Each sheet is on a right-hand page and its backs are on
// the page behind it, mirrored, so a sheet printed on both sides and
// flipped on the long edge puts every back behind its card.

// Sheet geometry in millimetres.
const (
	sheetSide = 8.0  // the least margin left and right of the grid
	sheetHead = 10.0 // the least margin above and below it: a line of text, or crop marks and a line
	cropGap   = 0.8  // between the grid and a crop mark
	cropLen   = 3.0  // a crop mark's length
	edgeBand  = 6.0  // the band along each edge of a card that has edge texts
	playPad   = 2.5  // inside a card, around its face
)

// aid is one Cards block of an entry, and where its sheets are.
type aid struct {
	e     *entry
	index int // among the entry's Cards blocks, from 0
	cards *doc.Cards
	grid  sheetGrid
}

func (a *aid) anchor() string    { return fmt.Sprintf("aids/%d/%d", a.e.number, a.index) }
func (a *aid) endAnchor() string { return fmt.Sprintf("aids-end/%d/%d", a.e.number, a.index) }

// sheetGrid is how the cards of one block lie on a page.
type sheetGrid struct {
	cols, rows int
	x0, y0     float64 // the grid's top-left corner
	w, h       float64 // a card's size
}

func (g sheetGrid) perSheet() int { return g.cols * g.rows }

// bottom is the grid's lower edge.
func (g sheetGrid) bottom() float64 { return g.y0 + float64(g.rows)*g.h }

// cell returns the top-left corner of the i-th card of a sheet; on the
// back, the columns run the other way, so each back is behind its card.
func (g sheetGrid) cell(i int, back bool) (x, y float64) {
	c := i % g.cols
	if back {
		c = g.cols - 1 - c
	}
	return g.x0 + float64(c)*g.w, g.y0 + float64(i/g.cols)*g.h
}

// gridFor lays cards of w × h mm on a page pw × ph as many as fit,
// centred; a card too large for the page is an error.
func gridFor(w, h, pw, ph float64, paper string) (sheetGrid, error) {
	if w <= 0 || h <= 0 {
		return sheetGrid{}, fmt.Errorf("play cards of %g × %g mm: want a positive size", w, h)
	}
	cols := int((pw - 2*sheetSide + 0.01) / w)
	rows := int((ph - 2*sheetHead + 0.01) / h)
	if cols < 1 || rows < 1 {
		return sheetGrid{}, fmt.Errorf("play cards of %g × %g mm do not fit a %s page", w, h, paper)
	}
	return sheetGrid{cols: cols, rows: rows, x0: (pw - float64(cols)*w) / 2, y0: (ph - float64(rows)*h) / 2, w: w, h: h}, nil
}

// aidsOf returns every Cards block of the entries, in order, with the
// grid its cards are printed on.
func aidsOf(es []*entry, pw, ph float64, paper string) ([]*aid, error) {
	var out []*aid
	for _, e := range es {
		i := 0
		var err error
		doc.Walk(e.enc.Blocks, func(b doc.Block) {
			c, ok := b.(*doc.Cards)
			if !ok || err != nil || len(c.Items) == 0 {
				return
			}
			var g sheetGrid
			if g, err = gridFor(c.W, c.H, pw, ph, paper); err != nil {
				err = fmt.Errorf("entry %d, %s: %w", e.number, c.Title, err)
				return
			}
			out = append(out, &aid{e: e, index: i, cards: c, grid: g})
			i++
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// playCount returns how many play cards the booklet prints.
func (r *renderer) playCount() int {
	n := 0
	for _, a := range r.aids {
		n += len(a.cards.Items)
	}
	return n
}

// aidOf returns the aid of a Cards block, or nil.
func (r *renderer) aidOf(c *doc.Cards) *aid {
	for _, a := range r.aids {
		if a.cards == c {
			return a
		}
	}
	return nil
}

// cardsSpan is what a Cards block prints where it stands: how many cards,
// their size, and the pages to cut them out from.
func (r *renderer) cardsSpan(c *doc.Cards, lk look) []piece {
	text := fmt.Sprintf("%s: %d %s of %s × %s mm", c.Title, len(c.Items), plural(len(c.Items), "card", "cards"), mmText(c.W), mmText(c.H))
	if a := r.aidOf(c); a != nil {
		first, last := r.pageOf(a.anchor()), r.pageOf(a.endAnchor())
		if first == last {
			text += ", to cut out from page " + first
		} else {
			text += ", to cut out from pages " + first + "–" + last
		}
	}
	text += "."
	h := span{runs: []run{{text: c.Title + ": ", style: "B"}, {text: strings.TrimPrefix(text, c.Title+": ")}}, size: lk.size, before: 1}
	if a := r.aidOf(c); a != nil {
		h.link = a.anchor()
	}
	ps := []piece{{sp: &h}}
	if c.Intro != "" {
		n := span{text: c.Intro, size: lk.note, grey: true}
		ps = append(ps, piece{sp: &n})
	}
	return ps
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func mmText(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// aidSection prints the sheets of every Cards block: a right-hand page of
// fronts, then the page of their backs.
func (r *renderer) aidSection() {
	for k, a := range r.aids {
		g, n := a.grid, len(a.cards.Items)
		sheets := (n + g.perSheet() - 1) / g.perSheet()
		for s := range sheets {
			items := a.cards.Items[s*g.perSheet() : min(n, (s+1)*g.perSheet())]
			name := a.cards.Title
			if sheets > 1 {
				name += fmt.Sprintf(" (%d of %d)", s+1, sheets)
			}
			r.sheetPage(g, false, name+": cut along the lines")
			if k == 0 && s == 0 {
				r.mark("aids", g.y0)
				r.bookmark("Cards to cut out", 0, g.y0)
			}
			if s == 0 {
				r.mark(a.anchor(), g.y0)
				r.bookmark(fmt.Sprintf("%s, %s", a.e.label(), a.cards.Title), 1, g.y0)
			}
			for i, c := range items {
				x, y := g.cell(i, false)
				r.lay.plays = append(r.lay.plays, playBox{page: r.f.PageNo(), x: x, y: y, w: g.w, h: g.h})
				r.playCard(c, x, y, g.w, g.h)
			}
			r.sheetLines(g, len(items), false)
			r.sheetPage(g, true, name+": backs")
			for i, c := range items {
				if c.Back != nil {
					x, y := g.cell(i, true)
					r.playCard(*c.Back, x, y, g.w, g.h)
				}
			}
			r.sheetLines(g, len(items), true)
			r.lay.pages[a.endAnchor()] = r.f.PageNo()
		}
	}
}

// sheetPage starts a page of a sheet: fronts on a right-hand page, backs
// on the page after it.
func (r *renderer) sheetPage(g sheetGrid, back bool, section string) {
	next := r.f.PageNo() + 1
	if !back && next%2 == 0 {
		next++ // startOn puts a notes page first
	}
	r.sheetAt[next] = g
	if back {
		r.newPage(section)
	} else {
		r.startOn(false, section)
	}
	r.fr = frame{x: g.x0, w: float64(g.cols) * g.w, top: g.y0, y: g.y0, bottom: g.bottom(), brk: func() {}}
}

// playBox is where a play card's front was printed, for tests.
type playBox struct {
	page       int
	x, y, w, h float64
}

// sheetLines draws the grid of n cards and the crop marks: left and right
// of every row line, and under every column line.
func (r *renderer) sheetLines(g sheetGrid, n int, back bool) {
	r.f.SetDrawColor(150, 150, 150)
	r.f.SetLineWidth(0.2)
	for i := range n {
		x, y := g.cell(i, back)
		r.f.Rect(x, y, g.w, g.h, "D")
	}
	r.f.SetDrawColor(0, 0, 0)
	r.f.SetLineWidth(0.25)
	right := g.x0 + float64(g.cols)*g.w
	for j := 0; j <= g.rows; j++ {
		y := g.y0 + float64(j)*g.h
		r.f.Line(g.x0-cropGap-cropLen, y, g.x0-cropGap, y)
		r.f.Line(right+cropGap, y, right+cropGap+cropLen, y)
	}
	for i := 0; i <= g.cols; i++ {
		x := g.x0 + float64(i)*g.w
		r.f.Line(x, g.bottom()+cropGap, x, g.bottom()+cropGap+cropLen)
	}
	r.ink()
}

// playCard draws one face of a card in its box: the edge texts, if any,
// then the title and tag, the fields, the track and the lines. A face
// whose text runs past its box is an error, never a card cut short.
func (r *renderer) playCard(c doc.Card, x, y, w, h float64) {
	band := 0.0
	if c.Edges != [4]string{} {
		band = edgeBand
		r.cardEdges(c.Edges, x, y, w, h)
	}
	ix, iw := x+band+playPad, w-2*(band+playPad)
	top, bottom := y+band+playPad, y+h-band-playPad
	cy := top
	// Title and tag.
	r.font("B", 9.5)
	tag := ""
	tw := 0.0
	if c.Tag != "" {
		r.font("B", 7.5)
		tag = r.fit(r.cov.printable(c.Tag), iw*0.45)
		tw = r.f.GetStringWidth(tag) + 2.4
		r.f.SetFillColor(0, 0, 0)
		r.f.SetTextColor(255, 255, 255)
		r.f.SetXY(ix+iw-tw, cy+0.3)
		r.f.CellFormat(tw, 4.2, tag, "", 0, "C", true, 0, "")
		r.record(tag)
		r.ink()
	}
	r.font("B", 9.5)
	title := r.cov.printable(c.Title)
	titleLines := r.split(title, iw-tw-1.5)
	for _, l := range titleLines {
		r.f.SetXY(ix, cy)
		r.f.CellFormat(iw-tw-1.5, lh(9.5), l, "", 0, "L", false, 0, "")
		cy += lh(9.5)
	}
	r.record(title)
	cy += 0.6
	r.f.SetLineWidth(0.3)
	r.f.Line(ix, cy, ix+iw, cy)
	cy += 1.2
	// Fields: the labels in a column as wide as the widest.
	const fs = 7.5
	labelW := 0.0
	r.font("B", fs)
	for _, f := range c.Fields {
		labelW = max(labelW, r.f.GetStringWidth(r.cov.printable(f.Label)))
	}
	labelW = min(labelW+1.8, iw*0.42)
	for _, f := range c.Fields {
		label, value := r.cov.printable(f.Label), r.cov.printable(f.Value)
		r.font("B", fs)
		r.f.SetXY(ix, cy)
		r.f.CellFormat(labelW, lh(fs), r.fit(label, labelW-0.8), "", 0, "L", false, 0, "")
		r.font("", fs)
		lines := r.split(value, iw-labelW)
		for _, l := range lines {
			r.f.SetXY(ix+labelW, cy)
			r.f.CellFormat(iw-labelW, lh(fs), l, "", 0, "L", false, 0, "")
			cy += lh(fs)
		}
		if len(lines) == 0 {
			cy += lh(fs)
		}
		r.record(label + " " + value)
	}
	// The track: a row of boxes, wrapped when it is long.
	if t := c.Track; t != nil && t.Boxes > 0 {
		const box, gapX = 4.2, 1.2
		cy += 1.2
		r.font("B", fs)
		label := r.cov.printable(t.Label)
		lw := r.f.GetStringWidth(label) + 2
		r.f.SetXY(ix, cy+(box-lh(fs))/2)
		r.f.CellFormat(lw, lh(fs), label, "", 0, "L", false, 0, "")
		r.record(label)
		r.f.SetLineWidth(0.35)
		bx := ix + lw
		for range t.Boxes {
			if bx+box > ix+iw+0.01 {
				bx, cy = ix+lw, cy+box+gapX
			}
			r.f.Rect(bx, cy, box, box, "D")
			bx += box + gapX
		}
		r.ink()
		cy += box + 0.8
		if t.Note != "" {
			r.font("", 6.5)
			r.f.SetTextColor(80, 80, 80)
			for _, l := range r.split(r.cov.printable(t.Note), iw) {
				r.f.SetXY(ix, cy)
				r.f.CellFormat(iw, lh(6.5), l, "", 0, "L", false, 0, "")
				cy += lh(6.5)
			}
			r.record(t.Note)
			r.ink()
		}
	}
	// The lines, in small print.
	if len(c.Lines) > 0 {
		cy += 1
		r.font("", 6.8)
		for _, line := range c.Lines {
			line = r.cov.printable(line)
			for _, l := range r.split(line, iw) {
				r.f.SetXY(ix, cy)
				r.f.CellFormat(iw, lh(6.8), l, "", 0, "L", false, 0, "")
				cy += lh(6.8)
			}
			r.record(line)
		}
	}
	if cy > bottom+0.01 {
		r.f.SetErrorf("play card %q runs %.1f mm past its %g × %g mm box", c.Title, cy-bottom, w, h)
	}
}

// cardEdges draws a card's edge texts, each upright when its edge is
// turned uppermost, in a band along the edge ruled off from the face.
func (r *renderer) cardEdges(edges [4]string, x, y, w, h float64) {
	r.f.SetDrawColor(150, 150, 150)
	r.f.SetLineWidth(0.2)
	r.f.Rect(x+edgeBand, y+edgeBand, w-2*edgeBand, h-2*edgeBand, "D")
	r.ink()
	const size = 7.5
	r.font("B", size)
	for i, text := range edges {
		if text == "" {
			continue
		}
		text = strings.ToUpper(r.cov.printable(text))
		var cx, cy, length, angle float64
		switch i {
		case doc.Top:
			cx, cy, length, angle = x+w/2, y+edgeBand/2, w-2*edgeBand, 0
		case doc.Right:
			cx, cy, length, angle = x+w-edgeBand/2, y+h/2, h-2*edgeBand, -90
		case doc.Bottom:
			cx, cy, length, angle = x+w/2, y+h-edgeBand/2, w-2*edgeBand, 180
		case doc.Left:
			cx, cy, length, angle = x+edgeBand/2, y+h/2, h-2*edgeBand, 90
		}
		if r.f.GetStringWidth(text) > length-1 {
			r.f.SetErrorf("edge text %q is too long for a %g mm edge", text, length)
		}
		// Text, not a cell: before the rotation, a cell's left edge may be
		// off the page, where SetXY would measure from the right.
		r.f.TransformBegin()
		r.f.TransformRotate(angle, cx, cy)
		r.f.Text(cx-r.f.GetStringWidth(text)/2, cy+size*ptMM*0.35, text)
		r.f.TransformEnd()
		r.record(text)
	}
}
