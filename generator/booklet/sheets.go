package booklet

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/flow"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// This file prints play cards (doc.Cards): unit cards, action cards. They
// go on sheets of their own in the "Cards to cut out" section after the
// encounters, every card at the size its block gives, so that a card cut
// out is the size the system said. Cards touch, so one cut separates two;
// the grid is drawn in thin grey lines with crop marks in the margins for
// a guillotine. Each sheet is on a right-hand page and its backs are on
// the page behind it, mirrored, so a sheet printed on both sides and
// flipped on the long edge puts every back behind its card. With the
// sealed cards' pages (cards.go) they are the booklet's card sheets
// (cardSheets).

// Sheet geometry in millimetres.
const (
	sheetSide  = 8.0  // the margin left and right of the grid
	sheetTight = 6.5  // the least, taken when it fits one more column: the crop marks' tips then come within 2.7 mm of the edge
	sheetHead  = 10.0 // the least margin above and below it: a line of text, or crop marks and a line
	cropGap    = 0.8  // between the grid and a crop mark
	cropLen    = 3.0  // a crop mark's length
	pageClear  = 12.0 // no text of a sheet's head or foot comes nearer the paper's edge (docs/print.md)
	sharedSize = 7.0  // the type of a shared head and foot (sheetGrid.shared)
	edgeBand   = 6.0  // the band along each edge of a card that has edge texts
	playPad    = 2.5  // inside a card, around its face
	sideBand   = 6.5  // the band across the top of a face that marks its side
	hatchGap   = 1.5  // between the lines of a hatched side mark, across them
)

// Type sizes on a card, in points. Nothing on a card is smaller than
// cardLeast: a face that does not fit at it is an error, never smaller
// type.
const (
	cardLeast = 7.0 // the foot, a track's note, the lines of small print
	sideMost  = 10  // a side's name in its band, as large as it fits
)

// aid is the play cards of one entry that share a size, from one or more
// Cards blocks, in order: they share sheets, so that a block of ten cards
// and one of eleven take three sheets, not four.
type aid struct {
	e     *entry
	items []playItem
	grid  sheetGrid
}

// playItem is one card and the block it comes from.
type playItem struct {
	card  doc.Card
	block int // index among the entry's Cards blocks
	title string
	side  doc.Side
}

// foot is the small print at a card's foot naming where it belongs: the
// entry and whose side, or, for cards of no side, the entry and its
// block.
func (p playItem) foot(e *entry) string {
	if p.side != (doc.Side{}) {
		return e.name() + " · " + p.side.Whose
	}
	return e.name() + " · " + p.title
}

// blockAnchor is where a Cards block's first sheet is; blockEndAnchor
// is the page of its last sheet's backs.
func blockAnchor(entry, block int) string    { return fmt.Sprintf("aids/%d/%d", entry, block) }
func blockEndAnchor(entry, block int) string { return fmt.Sprintf("aids-end/%d/%d", entry, block) }

// sheetGrid is how the cards of one block lie on a page.
type sheetGrid struct {
	cols, rows int
	x0, y0     float64 // the grid's top-left corner
	w, h       float64 // a card's size
	// shared: the page's foot, under the crop marks, would come within
	// pageClear of the paper's bottom edge (three rows of 84 mm cards
	// or four of 63 mm on a Letter page), so the grid sits as low as
	// pageClear allows and the foot shares the running head's line
	// above it, pageClear from the top edge (sheetLine).
	shared bool
}

// footRoom is how far below the grid a sheet's foot reaches: the crop
// marks, then a line of 7.5 pt.
func footRoom() float64 { return cropGap + cropLen + 0.8 + lh(7.5) }

// textSpan is where a sheet's running head and foot run across a page
// pw wide: over the grid, but no nearer the paper's edge than pageClear
// (three 63 mm cards across A4 come to 10.5 mm of each edge).
func (g sheetGrid) textSpan(pw float64) (x, w float64) {
	x = max(g.x0, pageClear)
	return x, min(g.x0+float64(g.cols)*g.w, pw-pageClear) - x
}

// sheetLine is where a shared head and foot stand on a sheet (the top of
// their line) and how wide the head's part of it is; the foot has the
// rest, after a gap of 4 mm.
func (g sheetGrid) sheetLine(pw float64) (y, headW float64) {
	_, w := g.textSpan(pw)
	return max(pageClear, g.y0-1-lh(sharedSize)), w * 0.4
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
	if tight := int((pw - 2*sheetTight + 0.01) / w); tight > cols {
		// A half-Letter page fits two 63 mm cards only so: a second
		// column halves its sheets.
		cols = tight
	}
	rows := int((ph - 2*sheetHead + 0.01) / h)
	if cols < 1 || rows < 1 {
		return sheetGrid{}, fmt.Errorf("play cards of %g × %g mm do not fit a %s page", w, h, paper)
	}
	g := sheetGrid{cols: cols, rows: rows, x0: (pw - float64(cols)*w) / 2, y0: (ph - float64(rows)*h) / 2, w: w, h: h}
	if g.bottom()+footRoom() > ph-pageClear {
		g.shared = true
		g.y0 = max(g.y0, ph-pageClear-float64(rows)*h)
	}
	return g, nil
}

// aidsOf returns the play cards of the entries, in order: for each entry,
// its Cards blocks' cards grouped by size, with the grid they are printed
// on.
func aidsOf(es []*entry, pw, ph float64, paper string) ([]*aid, error) {
	var out []*aid
	for _, e := range es {
		var blocks []*doc.Cards
		doc.Walk(e.enc.Blocks, func(b doc.Block) {
			if c, ok := b.(*doc.Cards); ok {
				blocks = append(blocks, c)
			}
		})
		bySize := map[[2]float64]*aid{}
		for i, c := range blocks {
			if len(c.Items) == 0 {
				continue
			}
			size := [2]float64{c.W, c.H}
			a := bySize[size]
			if a == nil {
				g, err := gridFor(c.W, c.H, pw, ph, paper)
				if err != nil {
					return nil, fmt.Errorf("entry %d, %s: %w", e.number, c.Title, err)
				}
				a = &aid{e: e, grid: g}
				bySize[size] = a
				out = append(out, a)
			}
			for _, card := range c.Items {
				a.items = append(a.items, playItem{card: card, block: i, title: c.Title, side: c.Side})
			}
		}
	}
	return out, nil
}

// blockOf returns the entry number and index of a Cards block, or false
// for a block the booklet prints no sheet for.
func (r *renderer) blockOf(c *doc.Cards) (entry, index int, ok bool) {
	at, ok := r.cardBlocks[c]
	return at[0], at[1], ok
}

// playCount returns how many play cards the booklet prints.
func (r *renderer) playCount() int {
	n := 0
	for _, a := range r.aids {
		n += len(a.items)
	}
	return n
}

// cardsSpan is what a Cards block prints where it stands: how many cards,
// their size, and the pages to cut them out from.
func (r *renderer) cardsSpan(c *doc.Cards, lk look) []piece {
	text := fmt.Sprintf("%s: %d %s of %s × %s mm", c.Title, len(c.Items), plural(len(c.Items), "card", "cards"), mmText(c.W), mmText(c.H))
	entry, index, ok := r.blockOf(c)
	if ok {
		first, last := r.pageOf(blockAnchor(entry, index)), r.pageOf(blockEndAnchor(entry, index))
		if first == last {
			text += ", to cut out from page " + first
		} else {
			text += ", to cut out from pages " + first + "–" + last
		}
	}
	text += "."
	h := span{runs: []flow.Run{{Text: c.Title + ": ", Style: "B"}, {Text: strings.TrimPrefix(text, c.Title+": ")}}, size: lk.size, before: 1}
	if ok {
		h.link = blockAnchor(entry, index)
	}
	ps := []piece{{sp: &h}}
	if c.Intro != "" && !r.saidIntro[c] {
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

// aidSection prints the play cards: a right-hand page of fronts, then
// the page of their backs. The cards of entries one after another that
// take the same grid share sheets, so that no entry's last sheet goes
// out two-thirds empty; each card's foot names its entry, and each
// sheet's running head the entries it holds.
func (cs *cardSheets) aidSection() {
	type placed struct {
		a  *aid
		it playItem
	}
	for i := 0; i < len(cs.aids); {
		j := i + 1
		for j < len(cs.aids) && cs.aids[j].grid == cs.aids[i].grid {
			j++
		}
		g := cs.aids[i].grid
		var all []placed
		var fronts, backs []sided
		for _, a := range cs.aids[i:j] {
			for _, it := range a.items {
				all = append(all, placed{a, it})
				fronts = append(fronts, sided{it.card, it.side})
				if it.card.Back != nil {
					backs = append(backs, sided{*it.card.Back, it.side})
				}
			}
		}
		kFront, kBack := cs.faceScale(fronts, g, true), cs.faceScale(backs, g, true)
		n, per := len(all), g.perSheet()
		sheets := (n + per - 1) / per
		// The sheets each entry's cards are on, first and last.
		span := map[*aid][2]int{}
		for k, p := range all {
			sp, ok := span[p.a]
			if !ok {
				sp[0] = k / per
			}
			sp[1] = k / per
			span[p.a] = sp
		}
		for s := range sheets {
			items := all[s*per : min(n, (s+1)*per)]
			// The running head is short: on a folded booklet's page it
			// sits over a grid one card wide.
			first, last := items[0].a.e, items[len(items)-1].a.e
			head := first.name() + ": cards"
			if sp := span[items[0].a]; first != last {
				head = fmt.Sprintf("Entries %d–%d: cards", first.number, last.number)
			} else if sp[1] > sp[0] {
				head += fmt.Sprintf(" %d of %d", s-sp[0]+1, sp[1]-sp[0]+1)
			}
			back := strings.Replace(head, ": cards", ": backs", 1)
			cs.sheetPage(g, false, head)
			if i == 0 && s == 0 {
				cs.mark("aids", g.y0)
				cs.bookmark("Cards to cut out", 0, g.y0)
			}
			for k, p := range items {
				if at := s*per + k; at == 0 || all[at-1].a != p.a {
					cs.bookmark(p.a.e.label(), 1, g.y0) // the entry's first card
				}
				if k == 0 || p.a != items[k-1].a || p.it.block != items[k-1].it.block {
					if _, seen := cs.lay.pages[blockAnchor(p.a.e.number, p.it.block)]; !seen {
						cs.mark(blockAnchor(p.a.e.number, p.it.block), g.y0)
					}
				}
				x, y := g.cell(k, false)
				cs.lay.plays = append(cs.lay.plays, playBox{page: cs.f.PageNo(), x: x, y: y, w: g.w, h: g.h})
				cs.playFace(p.it.card, p.it.side, x, y, g.w, g.h, p.it.foot(p.a.e), kFront)
			}
			cs.sheetLines(g, len(items), false)
			cs.sheetPage(g, true, back)
			for k, p := range items {
				if p.it.card.Back != nil {
					x, y := g.cell(k, true)
					cs.playFace(*p.it.card.Back, p.it.side, x, y, g.w, g.h, p.it.foot(p.a.e), kBack)
				}
				cs.lay.pages[blockEndAnchor(p.a.e.number, p.it.block)] = cs.f.PageNo()
			}
			cs.sheetLines(g, len(items), true)
		}
		i = j
	}
}

// sheetPage starts a page of a sheet: fronts on a right-hand page, backs
// on the page after it. It notes the page's grid for the page's running
// head and foot, which sit about the grid (renderer.sheetAt).
func (cs *cardSheets) sheetPage(g sheetGrid, back bool, section string) {
	next := cs.f.PageNo() + 1
	if !back && next%2 == 0 {
		next++ // startOn puts a notes page first
	}
	cs.sheetAt[next] = g
	if back {
		cs.newPageOn(cs.sheet, section)
	} else {
		cs.startOnPage(cs.sheet, false, section)
	}
	cs.fr = cursor{x: g.x0, w: float64(g.cols) * g.w, top: g.y0, y: g.y0, bottom: g.bottom(), brk: func() {}}
}

// playBox is where a play card's front was printed, for tests.
type playBox struct {
	page       int
	x, y, w, h float64
}

// sheetLines draws the n cards' outlines and the crop marks for them:
// left and right of every line a row of cards starts or ends on, as far
// out as the cards along it reach, and under every column line, below the
// lowest card on it. A sheet's empty places get none.
func (cs *cardSheets) sheetLines(g sheetGrid, n int, back bool) {
	cs.paint(sheetLinesFrame(g, n, back, cs.sheet.w, cs.sheet.h), 0, 0)
}

// sheetLinesFrame lays out the outlines of a sheet's n cards and their
// crop marks (sheetLines), a frame of the page pw × ph.
func sheetLinesFrame(g sheetGrid, n int, back bool, pw, ph float64) *frame.Frame {
	f := &frame.Frame{W: pw, H: ph}
	for i := range n {
		x, y := g.cell(i, back)
		f.Marks = append(f.Marks, frame.Box{X: x, Y: y, W: g.w, H: g.h, Fill: -1, Stroke: 150, Width: 0.2})
	}
	for _, m := range cropMarks(g, n, back) {
		f.Marks = append(f.Marks, frame.Rule{X1: m[0], Y1: m[1], X2: m[2], Y2: m[3], Width: 0.25})
	}
	return f
}

// cropMarks returns the crop marks of a sheet of n cards, each as x1, y1,
// x2, y2.
func cropMarks(g sheetGrid, n int, back bool) [][4]float64 {
	var out [][4]float64
	rows := (n + g.cols - 1) / g.cols
	for j := 0; j <= rows; j++ {
		// The cards that touch the line: the row above it and the row
		// below it.
		left, right := math.Inf(1), math.Inf(-1)
		for i := range n {
			if row := i / g.cols; row == j || row == j-1 {
				x, _ := g.cell(i, back)
				left, right = min(left, x), max(right, x+g.w)
			}
		}
		y := g.y0 + float64(j)*g.h
		out = append(out, [4]float64{left - cropGap - cropLen, y, left - cropGap, y}, [4]float64{right + cropGap, y, right + cropGap + cropLen, y})
	}
	lines := map[int]float64{} // column line -> the bottom of the lowest card on it
	for i := range n {
		c := i % g.cols
		if back {
			c = g.cols - 1 - c
		}
		_, y := g.cell(i, back)
		for _, l := range []int{c, c + 1} {
			lines[l] = max(lines[l], y+g.h)
		}
	}
	for l := 0; l <= g.cols; l++ {
		if bottom, ok := lines[l]; ok {
			x := g.x0 + float64(l)*g.w
			out = append(out, [4]float64{x, bottom + cropGap, x, bottom + cropGap + cropLen})
		}
	}
	return out
}

// playScales are the type sizes a card face tries, as multiples of the
// smallest, largest first: a face is printed as large as it fits, to be
// read at arm's length on the table.
var playScales = []float64{1.35, 1.2, 1.1, 1}

// sided is a card face and the side it marks.
type sided struct {
	card doc.Card
	side doc.Side
}

// faceScale returns the largest scale at which every face fits its card
// whole, so that the cards of a sheet side share one type size. It
// measures the faces' frames and draws nothing.
func (cs *cardSheets) faceScale(faces []sided, g sheetGrid, foot bool) float64 {
	for _, s := range playScales {
		ok := true
		for _, c := range faces {
			if _, fits, whole, _ := cs.faceFrame(c.card, c.side, g.w, g.h, map[bool]string{true: "foot"}[foot], s); !fits || !whole {
				ok = false
				break
			}
		}
		if ok {
			return s
		}
	}
	return playScales[len(playScales)-1]
}

// playFace draws one face of a card in its box at scale k. foot, when
// set, is small print at the foot naming where the card belongs. A face
// whose text runs past its box is an error, never a card cut short, and
// so is an edge text too long for its edge.
func (cs *cardSheets) playFace(c doc.Card, side doc.Side, x, y, w, h float64, foot string, k float64) {
	f, fits, _, err := cs.faceFrame(c, side, w, h, foot, k)
	cs.f.SetError(err)
	cs.paintMarks(f, x, y)
	if !fits {
		cs.f.SetErrorf("play card %q does not fit its %g × %g mm box", c.Title, w, h)
	}
}

// faceFrame lays out a face of a card w × h mm at scale k, from its
// top-left corner: the edge texts, if any, the side's mark, if it has
// one (sideMark), then the foot, the title and
// tag, the fields, the track and the lines. It says whether the face
// fits its box, and whether it is whole there: no label wrapped, the tag
// beside the title, the title on at most two lines. Nothing is cut short:
// what does not fit a line wraps, and is measured. err names the first
// edge text too long for its edge.
//
// The frame says every text of the face, in order. Its marks are in the
// order drawFace drew them before faces were laid out in frames, and so
// are the settings of the ink: each run of marks after which it set the
// ink back (the edge band's rule, the edge texts and the foot, each line
// of the tag, the title to the track's boxes, the track's note) is a
// frame of its own inside the face, which paint sets the ink back after,
// and the marks after the last are the face's own, painted by paintMarks,
// which leaves the ink as they set it (the title's rule's width, on a
// card without a track). The faces are painted to the same bytes.
func (cs *cardSheets) faceFrame(c doc.Card, side doc.Side, w, h float64, foot string, k float64) (f *frame.Frame, fits, whole bool, err error) {
	b := &faceMarks{w: w, h: h}
	sans := func(style string, size float64) frame.Font {
		return frame.Font{Family: face.Sans, Style: style, Size: size}
	}
	whole = true
	band := 0.0
	if c.Edges != [4]string{} {
		band = edgeBand
		err = cs.cardEdges(b, c.Edges, w, h)
	}
	ix, iw := band+playPad, w-2*(band+playPad)
	top, bottom := band+playPad, h-band-playPad
	if side != (doc.Side{}) {
		if e := cs.sideMark(b, side, band, w, h); err == nil {
			err = e
		}
		top += sideBand
	}
	if foot != "" {
		cs.font("", cardLeast)
		lines := cs.split(foot, iw)
		bottom -= float64(len(lines))*lh(cardLeast) + 1
		for i, l := range lines {
			b.add(frame.Text{X: ix, Y: bottom + 1 + float64(i)*lh(cardLeast), W: iw, H: lh(cardLeast), Font: sans("", cardLeast), Grey: 90, Align: "L", S: l})
		}
		b.say(cs.cov.printable(foot))
		b.inked()
	}
	cy := top
	// Title and tag: the tag beside the title when it takes no more than
	// half the width, else on lines of its own above it, white on black.
	tw := 0.0
	if c.Tag != "" {
		cs.font("B", 7.5*k)
		tag := cs.cov.printable(c.Tag)
		tags := []string{tag}
		beside := cs.f.GetStringWidth(tag) <= iw*0.45
		if !beside {
			tags = cs.split(tag, iw-2.4)
			whole = false
		}
		for _, l := range tags {
			tagW := cs.f.GetStringWidth(l) + 2.4
			b.add(frame.Text{X: ix + iw - tagW, Y: cy + 0.3, W: tagW, H: lh(7.5*k) + 0.4, Font: sans("B", 7.5*k), Grey: 255, Filled: true, Fill: 0, Align: "C", S: l})
			b.inked()
			if beside {
				tw = tagW
			} else {
				cy += lh(7.5*k) + 0.8
			}
		}
		b.say(tag)
	}
	// The title's type gives way, down to 7.5 pt, so that no word of it
	// is broken beside the tag.
	ts := 9.5 * k
	cs.font("B", ts)
	title := cs.cov.printable(c.Title)
	for ts > 7.5*k && longestWord(cs.renderer, title) > iw-tw-1.5 {
		ts -= 0.25
		cs.font("B", ts)
	}
	titleLines := cs.split(title, iw-tw-1.5)
	whole = whole && len(titleLines) <= 2
	for _, l := range titleLines {
		b.add(frame.Text{X: ix, Y: cy, W: iw - tw - 1.5, H: lh(ts), Font: sans("B", ts), Align: "L", S: l})
		cy += lh(ts)
	}
	b.say(title)
	b.add(frame.Rule{X1: ix, Y1: cy + 0.6, X2: ix + iw, Y2: cy + 0.6, Width: 0.3})
	cy += 1.8
	// Fields: the labels in a column as wide as the widest.
	fs := 7.5 * k
	labelW := 0.0
	cs.font("B", fs)
	for _, f := range c.Fields {
		labelW = max(labelW, cs.f.GetStringWidth(cs.cov.printable(f.Label)))
	}
	whole = whole && labelW+1.8 <= iw*0.48
	labelW = min(labelW+1.8, iw*0.48)
	for _, f := range c.Fields {
		// A label wider than its column wraps, and the row is as tall
		// as the taller of label and value.
		label, value := cs.cov.printable(f.Label), cs.cov.printable(f.Value)
		cs.font("B", fs)
		labels := cs.split(label, labelW-0.8)
		for i, l := range labels {
			b.add(frame.Text{X: ix, Y: cy + float64(i)*lh(fs), W: labelW, H: lh(fs), Font: sans("B", fs), Align: "L", S: l})
		}
		cs.font("", fs)
		lines := cs.split(value, iw-labelW)
		for i, l := range lines {
			b.add(frame.Text{X: ix + labelW, Y: cy + float64(i)*lh(fs), W: iw - labelW, H: lh(fs), Font: sans("", fs), Align: "L", S: l})
		}
		cy += float64(max(len(labels), len(lines), 1)) * lh(fs)
		b.say(label + " " + value)
	}
	// The track: a row of boxes, wrapped when it is long.
	if t := c.Track; t != nil && t.Boxes > 0 {
		box, gapX := 4.2*k, 1.2*k
		cy += 1.2 * k
		cs.font("B", fs)
		label := cs.cov.printable(t.Label)
		lw := cs.f.GetStringWidth(label) + 2
		b.add(frame.Text{X: ix, Y: cy + (box-lh(fs))/2, W: lw, H: lh(fs), Font: sans("B", fs), Align: "L", S: label})
		b.say(label)
		bx := ix + lw
		for range t.Boxes {
			if bx+box > ix+iw+0.01 {
				bx, cy = ix+lw, cy+box+gapX
			}
			b.add(frame.Box{X: bx, Y: cy, W: box, H: box, Fill: -1, Stroke: 0, Width: 0.35})
			bx += box + gapX
		}
		b.inked()
		cy += box + 0.8
		if t.Note != "" {
			ns := cardLeast * k
			cs.font("", ns)
			for _, l := range cs.split(cs.cov.printable(t.Note), iw) {
				b.add(frame.Text{X: ix, Y: cy, W: iw, H: lh(ns), Font: sans("", ns), Grey: 80, Align: "L", S: l})
				cy += lh(ns)
			}
			b.say(t.Note)
			b.inked()
		}
	}
	// The lines, in small print.
	if len(c.Lines) > 0 {
		cy += 1
		ls := cardLeast * k
		cs.font("", ls)
		for _, line := range c.Lines {
			line = cs.cov.printable(line)
			for _, l := range cs.split(line, iw) {
				b.add(frame.Text{X: ix, Y: cy, W: iw, H: lh(ls), Font: sans("", ls), Align: "L", S: l})
				cy += lh(ls)
			}
			b.say(line)
		}
	}
	return b.frame(), cy <= bottom+0.01, whole, err
}

// faceMarks gathers a face's marks as faceFrame lays them out, and what
// it says. Each run of marks ended by inked, where the ink is set back,
// becomes a frame of its own inside the face, as big as the face and at
// its corner, which paint sets the ink back after; the marks after the
// last run are the face's own.
type faceMarks struct {
	w, h  float64
	marks []frame.Mark // the face's, so far
	run   []frame.Mark // since the ink was last set back
	says  []string
}

func (b *faceMarks) add(m frame.Mark) { b.run = append(b.run, m) }

// say notes a text the face says, as renderer.record keeps it: an empty
// one not at all.
func (b *faceMarks) say(s string) {
	if s != "" {
		b.says = append(b.says, s)
	}
}

// inked ends a run.
func (b *faceMarks) inked() {
	if len(b.run) > 0 {
		b.marks = append(b.marks, frame.Sub{F: &frame.Frame{W: b.w, H: b.h, Marks: b.run}})
		b.run = nil
	}
}

// frame is the face: what it says, one text a line, as the page's text
// record keeps it when it is painted.
func (b *faceMarks) frame() *frame.Frame {
	return &frame.Frame{W: b.w, H: b.h, Marks: append(b.marks, b.run...), Say: strings.Join(b.says, "\n")}
}

// cardEdges lays out a card's edge texts, each upright when its edge is
// turned uppermost, in a band along the edge ruled off from the face. It
// returns an error naming the first text too long for its edge.
func (cs *cardSheets) cardEdges(b *faceMarks, edges [4]string, w, h float64) error {
	b.add(frame.Box{X: edgeBand, Y: edgeBand, W: w - 2*edgeBand, H: h - 2*edgeBand, Fill: -1, Stroke: 150, Width: 0.2})
	b.inked()
	const size = 7.5
	cs.font("B", size)
	var err error
	for i, text := range edges {
		if text == "" {
			continue
		}
		text = strings.ToUpper(cs.cov.printable(text))
		var cx, cy, length, angle float64
		switch i {
		case doc.Top:
			cx, cy, length, angle = w/2, edgeBand/2, w-2*edgeBand, 0
		case doc.Right:
			cx, cy, length, angle = w-edgeBand/2, h/2, h-2*edgeBand, -90
		case doc.Bottom:
			cx, cy, length, angle = w/2, h-edgeBand/2, w-2*edgeBand, 180
		case doc.Left:
			cx, cy, length, angle = edgeBand/2, h/2, h-2*edgeBand, 90
		}
		tw := cs.f.GetStringWidth(text)
		if tw > length-1 && err == nil {
			err = fmt.Errorf("edge text %q is too long for a %g mm edge", text, length)
		}
		b.add(frame.Turned{X: cx, Y: cy, Angle: angle, DX: -(tw / 2), DY: size * ptMM * 0.35, Font: frame.Font{Family: face.Sans, Style: "B", Size: size}, S: text})
		b.say(text)
	}
	return err
}

// sideMark lays out a face's side mark (doc.Side), so that two sides'
// cards cut out and mixed part again at a glance, in black and white: a
// band across the top of the face, inside the edge bands (band wide)
// when the card has them, solid black with the side's name in white for
// the player's side, hatched and outlined with the name on white for the
// enemy's; on a card with edge bands, their four corners are marked so
// too, so that the mark shows whichever edge is turned uppermost. The
// name is as large as it fits, from sideMost down to 7.5 pt; err names a
// name too long for the band even so.
func (cs *cardSheets) sideMark(b *faceMarks, s doc.Side, band, w, h float64) error {
	areas := [][4]float64{{band, band, w - 2*band, sideBand}}
	if band > 0 {
		for _, c := range [][2]float64{{0, 0}, {w - band, 0}, {0, h - band}, {w - band, h - band}} {
			areas = append(areas, [4]float64{c[0], c[1], band, band})
		}
	}
	for _, a := range areas {
		if s.Enemy {
			b.add(frame.Sub{X: a[0], Y: a[1], Clip: true, F: hatch(a[2], a[3])})
			b.add(frame.Box{X: a[0], Y: a[1], W: a[2], H: a[3], Fill: -1, Stroke: 0, Width: 0.5})
		} else {
			b.add(frame.Box{X: a[0], Y: a[1], W: a[2], H: a[3], Fill: 0, Stroke: -1})
		}
	}
	name := strings.ToUpper(cs.cov.printable(s.Name))
	room := w - 2*band - 2*playPad
	size := float64(sideMost)
	cs.font("B", size)
	for size > 7.5 && cs.f.GetStringWidth(name)+2.4 > room {
		size -= 0.25
		cs.font("B", size)
	}
	var err error
	tw := cs.f.GetStringWidth(name) + 2.4
	if tw > room+0.01 {
		err = fmt.Errorf("side name %q is too long for a %g mm band", s.Name, room)
	}
	ink, fill := 255, 0
	if s.Enemy {
		ink, fill = 0, 255
	}
	b.add(frame.Text{X: band + playPad - 1.2, Y: band + (sideBand-lh(size))/2, W: tw, H: lh(size), Font: frame.Font{Family: face.Sans, Style: "B", Size: size}, Grey: ink, Filled: true, Fill: fill, Align: "C", S: name})
	b.say(name)
	b.inked()
	return err
}

// hatch is a frame w × h of lines across it at 45°, hatchGap apart,
// running past its edges: a Sub clips them to it.
func hatch(w, h float64) *frame.Frame {
	f := &frame.Frame{W: w, H: h}
	step := hatchGap * math.Sqrt2
	for x := -h; x < w; x += step {
		f.Marks = append(f.Marks, frame.Rule{X1: x, Y1: h, X2: x + h, Y2: 0, Width: 0.4})
	}
	return f
}
