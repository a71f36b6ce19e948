package booklet

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/flow"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
)

// The booklet draws what a rule system rolled as the blocks of package
// doc, one drawer per kind: it never reads a system's own fields. A block
// becomes pieces (runs of text to flow, tables to draw with their header
// repeated where they break, drawn boxes) set in a look (the sizes of a
// spread, a card or the band page); the pieces flow down the current
// frame, or are measured, which is how every card gets one size.

// look is the type sizes blocks are set in.
type look struct {
	size  float64 // body text, points
	note  float64 // side remarks (Para.Note), points
	head  float64 // a section's heading, points
	table tableLook
}

// tableLook is how a table is set.
type tableLook struct {
	size, head, key float64 // cells, column headers and the key column, points
	keyMax          float64 // the key column wraps beyond this, mm; 0 for no limit
	zebra           bool    // every other row shaded
	keyC            bool    // the key column centred, as the books print dice
	fill            bool    // the table takes the frame's whole width
	band            float64 // the title band's height, mm
	title           float64 // the title's size in the band, points
	pad             float64 // a cell's padding above and below its text, mm; 0 for the usual
	fold            bool    // a long, narrow table prints in parts side by side (foldTable)
	// floor is the least size the look sets text in, scaled down or
	// derived (its notes, odds and Book line under its cells):
	// face.MinSize.
	floor float64
}

var (
	spreadLook = look{size: 9, note: 8.5, head: sub, table: tableLook{size: 8, head: 7.5, key: 8, zebra: true, band: 7, title: 10, pad: 0.4, fold: true, floor: face.MinSize}}
	bandLook   = look{size: bodySize, note: 8.5, head: 12, table: tableLook{size: 9, head: 8.5, key: 9, zebra: true, band: 7.5, title: 10.5, floor: face.MinSize}}
	cardLook   = look{size: 8.5, note: 7.5, head: 9.5, table: tableLook{size: 7.5, head: 7.5, key: 7.5, band: 6, title: 9, floor: face.MinSize}}
	qrsLook    = tableLook{size: qrsCell, head: 8.5, key: qrsKey, keyMax: qrsKeyMax, zebra: true, keyC: true, fill: true, band: qrsBandH, title: 11, floor: face.MinSize}
)

// piece is one thing to flow: a span of text (or a drawn box) or a table.
type piece struct {
	sp     *span
	tb     *doc.Table
	tl     tableLook
	before float64 // space above a table, mm
	// key lets the table give way by a key for its repeated long cells
	// (keyed): an encounter's own tables, not the rule tables it rolled on.
	key bool
}

// pieceTable is the table a table piece prints in a frame w wide: its own, or
// keyed.
func (r *renderer) pieceTable(p piece, w float64) *doc.Table {
	if p.key {
		return r.keyed(p.tb, p.tl, w)
	}
	return p.tb
}

// blockCtx says how the blocks of one place print: what a Sealed block
// becomes there (for the width pieces lays them out for), whether maps
// are drawn where they stand (they are not on a spread, whose left-hand
// page draws them all), and the page they print on when it is not the
// booklet's (page.w 0): the sheet a sealed card prints on
// (cardSheets.cardPieces), which a map on it asks whether it is narrow
// (mapSpan).
//
// checklist, when set, is what a Checklist becomes there: on a play
// sheet, whose one side holds the whole encounter, its items flowed as
// lines (checklistFlowed) rather than a grid a row to a line.
type blockCtx struct {
	sealed    func(s *doc.Sealed, lk look, w float64) []piece
	checklist func(c *doc.Checklist, lk look, w float64) []piece
	skipMaps  bool
	page      pageBox
}

// narrow reports whether the page the blocks print on is too narrow for
// two columns (pageBox.narrow): ctx's page, else the booklet's.
func (ctx blockCtx) narrow(r *renderer) bool {
	if ctx.page.w > 0 {
		return ctx.page.narrow()
	}
	return r.narrow()
}

// pieces turns blocks into pieces set in lk, for a frame w wide: the
// keep of each heading (how much of what it heads goes with it) is
// measured at w. depth is how deep in sections they stand (0 at the
// top).
func (r *renderer) pieces(bs []doc.Block, lk look, depth int, ctx blockCtx, w float64) []piece {
	var ps []piece
	for _, b := range mergeNotes(bs) {
		ps = append(ps, r.blockPieces(b, lk, depth, ctx, w)...)
	}
	return ps
}

// blockPieces is the one drawer of every block kind: the pieces of b for
// a frame w wide, the width its headings' keep is measured at (pieces).
func (r *renderer) blockPieces(b doc.Block, lk look, depth int, ctx blockCtx, w float64) []piece {
	sp := func(s span) []piece { return []piece{{sp: &s}} }
	switch b := b.(type) {
	case *doc.Section:
		title, blocks := b.Title, b.Blocks
		if t, ok := loneTable(b); ok {
			// A section that is one titled table: the table's title is
			// the heading, and no band repeats it.
			c := *t
			title, c.Title = t.Title, ""
			blocks = []doc.Block{&c}
		}
		body := r.pieces(blocks, lk, depth+1, ctx, w)
		if title == "" {
			return body
		}
		h := headSpan(title, lk.head)
		if depth > 0 {
			h = span{text: title, style: "B", size: lk.size + 0.5, before: 2}
		}
		// A heading stays with the start of what it heads: two lines, or
		// a table's head and first rows.
		h.keep = 2 * lh(lk.size)
		if len(body) > 0 {
			h.keep = r.keepStart(body, w, lk.size)
		}
		// A short lead-in (three lines of the body's size at most, in
		// one piece or a few; or rolls alone, however many: an army's
		// rolls; side remarks in smaller type on them count for none)
		// before a table does not go alone with its heading: the
		// table's start comes too.
		if len(body) > 1 && body[0].sp != nil {
			rolls := rollsLead(blocks)
			lead, lines := 0.0, 0
			for i, p := range body {
				if p.tb != nil {
					if i > 0 && lead <= maxLead {
						h.keep = lead + r.layPiece(p, w).start
					}
					break
				}
				ls := r.laySpan(*p.sp, w)
				lead += ls.h
				if p.sp.size >= lk.size-0.01 {
					lines += len(ls.lines)
				}
				if lines > 3 && !rolls || p.sp.lay != nil {
					break
				}
			}
		}
		return append([]piece{{sp: &h}}, body...)
	case *doc.Para:
		return sp(paraSpan(b, lk))
	case *doc.List:
		var ps []piece
		for _, s := range bullets(b.Items, lk.size) {
			ps = append(ps, piece{sp: &s})
		}
		return ps
	case *doc.Checklist:
		if ctx.checklist != nil {
			return ctx.checklist(b, lk, w)
		}
		return r.checklistPieces(b, lk, w)
	case *doc.Roll:
		return sp(span{runs: rollRuns(b), size: lk.size, before: rollBefore})
	case *doc.Table:
		return []piece{{tb: b, tl: r.ownLook(b, lk.table, w), before: 1.2, key: true}}
	case *doc.Map:
		if ctx.skipMaps {
			return nil
		}
		return sp(r.mapSpan(b.Map, ctx.narrow(r)))
	case *doc.Sealed:
		if ctx.sealed != nil {
			return ctx.sealed(b, lk, w)
		}
		return r.sealedInline(b, lk, depth, ctx, w)
	case *doc.Links:
		return sp(r.linksSpan(b.Links))
	case *doc.Cards:
		return r.cardsSpan(b, lk)
	}
	return nil
}

// maxLead is the most height a heading keeps of a lead-in before a
// table, with the table's start: a third of a folded booklet's page.
const maxLead = 60.0

// rollsLead reports whether what comes before the first table of bs is
// rolls and side remarks alone.
func rollsLead(bs []doc.Block) bool {
	for _, b := range bs {
		switch b := b.(type) {
		case *doc.Table:
			return true
		case *doc.Roll:
		case *doc.Para:
			if !b.Note {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// loneTable returns the table a headed section holds alone, when the
// table has a title and no dice in its corner: a table of results, not
// one to roll on.
func loneTable(s *doc.Section) (*doc.Table, bool) {
	if s.Title == "" || len(s.Blocks) != 1 {
		return nil, false
	}
	t, ok := s.Blocks[0].(*doc.Table)
	if !ok || t.Title == "" || t.Corner != "" || len(t.HowToRead) > 0 {
		return nil, false
	}
	return t, true
}

// mergeNotes joins a run of side remarks that open alike, "Re-rolled,
// Rep too high for the Star: A" and "...: B", into one: "Re-rolled, Rep
// too high for the Star: A; B". The paragraphs given are not changed.
func mergeNotes(bs []doc.Block) []doc.Block {
	prefix := func(b doc.Block) (string, string, bool) {
		p, ok := b.(*doc.Para)
		if !ok || !p.Note || p.Lead != "" {
			return "", "", false
		}
		head, tail, ok := strings.Cut(p.Text, ": ")
		return head, tail, ok && head != "" && tail != ""
	}
	var out []doc.Block
	for i := 0; i < len(bs); {
		head, tail, ok := prefix(bs[i])
		j := i + 1
		tails := []string{strings.TrimSuffix(tail, ".")}
		for ok && j < len(bs) {
			h, t, ok2 := prefix(bs[j])
			if !ok2 || h != head {
				break
			}
			tails = append(tails, strings.TrimSuffix(t, "."))
			j++
		}
		if j-i < 2 {
			out = append(out, bs[i])
			i++
			continue
		}
		out = append(out, &doc.Para{Note: true, Text: head + ": " + strings.Join(tails, "; ") + "."})
		i = j
	}
	return out
}

// paraSpan is a paragraph: its lead bold, then its text; a note smaller
// and grey.
func paraSpan(p *doc.Para, lk look) span {
	s := span{size: lk.size, before: 0.8}
	if p.Note {
		s.size, s.grey = lk.note, true
	}
	if p.Lead != "" {
		s.runs = append(s.runs, flow.Run{Text: p.Lead, Style: "B"})
	}
	if p.Text != "" {
		t := p.Text
		if p.Lead != "" {
			t = " " + t
		}
		s.runs = append(s.runs, flow.Run{Text: t})
	}
	if len(s.runs) == 0 {
		s.runs = []flow.Run{{}}
	}
	return s
}

// rollBefore is the space above a roll line, mm.
const rollBefore = 0.8

// rollRuns is a roll line, "Terrain: 1d6 = 3 → Clear (row 1-4)": what it
// means in bold, the row read when it is not the dice's value.
func rollRuns(ro *doc.Roll) []flow.Run {
	var rs []flow.Run
	if ro.Label != "" {
		rs = append(rs, flow.Run{Text: ro.Label + ": "})
	}
	rs = append(rs, flow.Run{Text: ro.Dice.String()})
	if ro.Result != "" {
		rs = append(rs, flow.Run{Text: " → " + ro.Result, Style: "B"})
	}
	if ro.Row != "" && ro.Row != strconv.Itoa(ro.Dice.Value) {
		rs = append(rs, flow.Run{Text: " (row " + ro.Row + ")"})
	}
	return rs
}

// sealedInline prints a Sealed block where it stands, its items in
// order, for a frame w wide: what a sealed card does with a Sealed block
// inside it.
func (r *renderer) sealedInline(s *doc.Sealed, lk look, depth int, ctx blockCtx, w float64) []piece {
	var ps []piece
	if s.Title != "" {
		h := span{text: s.Title, style: "B", size: lk.size + 0.5, before: 2, keep: lh(lk.size)}
		ps = append(ps, piece{sp: &h})
	}
	if s.Intro != "" {
		ps = append(ps, piece{sp: &span{text: s.Intro, size: lk.note, grey: true}})
	}
	for _, it := range s.Items {
		t := it.Title
		if it.Tag != "" {
			t += " (" + it.Tag + ")"
		}
		ps = append(ps, piece{sp: &span{text: t, style: "BI", size: lk.size, before: 1}})
		ps = append(ps, r.pieces(it.Blocks, lk, depth+1, ctx, w)...)
	}
	return ps
}

// mapSpan lays a map out where it stands, as large as the frame's width
// allows up to the largest scale: a frame as tall as the map measures
// (mapOverheadOn) holding the map's (mapsFrame), painted with the ink set
// back after it, as mapsBlock paints it. A map inside a sealed item is
// so laid out on its card (piecesFrame). narrow is whether the page it
// prints on is (blockCtx.narrow): a card's sheet never is.
func (r *renderer) mapSpan(m board.Map, narrow bool) span {
	h := func(w float64) float64 {
		if m.WidthIn <= 0 || m.HeightIn <= 0 {
			return 0
		}
		s := min(maxScale, w/m.WidthIn)
		return r.mapOverheadOn(narrow, m, m.WidthIn*s, s, 0) + m.HeightIn*s + 1
	}
	return span{before: 2, lay: func(w float64) *frame.Frame {
		f := &frame.Frame{W: w, H: h(w)}
		if mf := r.mapsFrameOn(narrow, []board.Map{m}, w, f.H, 0); mf != nil {
			f.Marks = []frame.Mark{frame.Sub{F: mf}}
		}
		return f
	}}
}

// linksSpan prints gamebook links in a box: "Success: turn to entry 14
// (page 31)", each a link to its entry, with what changes on the way; an
// entry of 0 ends the book. Links without notes that fit share a line.
func (r *renderer) linksSpan(links []doc.Link) span {
	type part struct {
		runs   []flow.Run
		anchor string
	}
	var parts []part
	notes := false
	for _, l := range links {
		label := l.Label
		if label != "" {
			label += ": "
		}
		p := part{}
		if l.To == 0 {
			t := "The campaign ends here."
			if label != "" {
				t = label + "the campaign ends here."
			}
			p.runs = []flow.Run{{Text: t, Style: "B"}}
		} else {
			p.anchor = "entry/" + strconv.Itoa(l.To)
			p.runs = []flow.Run{{Text: label + "turn to entry " + strconv.Itoa(l.To) + " (page " + r.pageOf(p.anchor) + ")", Style: "B"}}
		}
		if l.Note != "" {
			notes = true
			p.runs = append(p.runs, flow.Run{Text: ". " + l.Note})
		}
		parts = append(parts, p)
	}
	const size, pad, sep = 12.0, 2.5, "   ·   "
	oneLine := func(w float64) bool {
		if notes || len(parts) < 2 {
			return false
		}
		total := 0.0
		for i, p := range parts {
			if i > 0 {
				r.font("B", size)
				total += r.f.GetStringWidth(sep)
			}
			for _, l := range r.richLines(p.runs, size, w) {
				for _, s := range l {
					total += s.W
				}
			}
		}
		return total <= w-8
	}
	font := func(style string) frame.Font { return frame.Font{Family: face.Sans, Style: style, Size: size} }
	return span{before: 4, lay: func(w float64) *frame.Frame {
		f := &frame.Frame{W: w}
		var texts []frame.Mark
		var says []string
		if oneLine(w) {
			f.H = 2*pad + lh(size) + 1
			var line []flow.Seg
			var anchors []string
			for i, p := range parts {
				if i > 0 {
					r.font("B", size)
					line = append(line, flow.Seg{Text: sep, Style: "B", W: r.f.GetStringWidth(sep)})
					anchors = append(anchors, "")
				}
				for _, s := range r.richLines(p.runs, size, w)[0] {
					line = append(line, s)
					anchors = append(anchors, p.anchor)
				}
			}
			total := 0.0
			for _, s := range line {
				total += s.W
			}
			x := (w - total) / 2
			var text strings.Builder
			for i, s := range line {
				texts = append(texts, frame.Text{X: x, Y: pad + 0.5, W: s.W, H: lh(size), Font: font(s.Style), Align: "L", S: s.Text, Link: anchors[i]})
				x += s.W
				text.WriteString(s.Text)
			}
			says = append(says, text.String())
		} else {
			f.H = 2 * pad
			y := pad
			for _, p := range parts {
				lines := r.richLines(p.runs, size, w-8)
				for _, segs := range lines {
					total := 0.0
					for _, s := range segs {
						total += s.W
					}
					x := 4 + (w-8-total)/2 // centred
					var text strings.Builder
					for _, s := range segs {
						texts = append(texts, frame.Text{X: x, Y: y, W: s.W, H: lh(size), Font: font(s.Style), Align: "L", S: s.Text, Link: p.anchor, Broken: s.Broken})
						x += s.W
						text.WriteString(s.Text)
					}
					if text.Len() > 0 {
						says = append(says, text.String())
					}
					y += lh(size)
				}
				f.H += float64(len(lines)) * lh(size)
			}
		}
		// The box first, the ink set back after it, then the text.
		box := &frame.Frame{W: w, H: f.H, Marks: []frame.Mark{frame.Box{W: w, H: f.H, Fill: -1, Stroke: 0, Width: 0.6}}}
		f.Marks = append([]frame.Mark{frame.Sub{F: box}}, texts...)
		f.Say = strings.Join(says, "\n")
		return f
	}}
}

// flowPieces flows pieces down the frame.
func (r *renderer) flowPieces(ps []piece) { r.flowPiecesOn(&r.fr, paintNow{r}, ps) }

// flowPiecesOn places pieces down the cursor, as flowPieces flows them,
// telling p what to paint.
func (r *renderer) flowPiecesOn(c *cursor, p painter, ps []piece) {
	for _, pc := range ps {
		if pc.sp != nil {
			r.flowOn(c, p, *pc.sp)
			continue
		}
		c.gap(pc.before)
		r.placeDrawn(c, r.pieceTable(pc, c.w), pc.tl, p)
	}
}

// piecesFrame lays pieces out unbroken for a width w into one frame: as
// flowPiecesOn places them down a cursor that never breaks (the first
// piece with no space above it, as at a frame's top), each thing placed
// a frame inside it where it was placed, in the order it paints, the
// ink left after each as painting there and then leaves it. The frame is
// as tall as where they end. A sealed card's text and a play sheet's
// slip are laid out so, and painted as laid out.
func (r *renderer) piecesFrame(ps []piece, w float64) *frame.Frame {
	c := cursor{w: w, bottom: math.Inf(1), brk: func() {}}
	p := &framer{r: r, f: &frame.Frame{W: w}}
	r.flowPiecesOn(&c, p, ps)
	p.f.H = c.y
	return p.f
}

// laidPiece is a piece laid out for a width: its span (span) or its
// table (table), its height with the space above it (h), and the least
// of it a heading keeps with it (start: two lines of text, or the
// table's start, laidTable.start). flowPiecesOn places the same laid
// span and table (laySpan, layTable) down a cursor as wide.
type laidPiece struct {
	span  laidSpan
	table *laidTable // nil for a span
	h     float64
	start float64
}

// layPiece lays out piece p in a frame w wide.
func (r *renderer) layPiece(p piece, w float64) laidPiece {
	if p.sp != nil {
		ls := r.laySpan(*p.sp, w)
		return laidPiece{span: ls, h: ls.h, start: min(ls.h, p.sp.before+2*lh(p.sp.size))}
	}
	lt := r.layTable(r.pieceTable(p, w), p.tl, w)
	return laidPiece{table: lt, h: p.before + lt.h, start: p.before + lt.start}
}

// laidPieces is pieces laid out one under another in a frame w wide
// (layPieces): each laid piece, and their height (h), never less than
// they take when flowed.
type laidPieces struct {
	pieces []laidPiece
	h      float64
}

// layPieces lays out pieces ps in a frame w wide.
func (r *renderer) layPieces(ps []piece, w float64) laidPieces {
	lps := laidPieces{pieces: make([]laidPiece, len(ps))}
	for i, p := range ps {
		lps.pieces[i] = r.layPiece(p, w)
		lps.h += lps.pieces[i].h
	}
	return lps
}

// keepStart is the least of what follows a heading that it keeps with
// it: two lines of text in the body's size, though they be two pieces
// (a one-line intro, then the first item of a list), or a table's
// start (laidTable.start). A side remark in smaller type (how to read what
// follows) goes with the heading whole and counts for none of the two:
// the heading of a sealed index and its remark no longer end a page
// whose overleaf holds the cards they are about.
func (r *renderer) keepStart(body []piece, w, size float64) float64 {
	h, lines := 0.0, 2.0
	for _, p := range body {
		if p.sp == nil {
			return h + r.layPiece(p, w).start
		}
		ph, line := r.laySpan(*p.sp, w).h, lh(p.sp.size)
		if p.sp.size < size-0.01 {
			h += ph
			continue
		}
		if n := (ph - p.sp.before) / line; n < lines-0.01 {
			h, lines = h+ph, lines-n
			continue
		}
		return h + p.sp.before + lines*line
	}
	return h
}

// spans returns the pieces as spans, or false when one is a table.
func spans(ps []piece) ([]span, bool) {
	out := make([]span, 0, len(ps))
	for _, p := range ps {
		if p.sp == nil {
			return nil, false
		}
		out = append(out, *p.sp)
	}
	return out, true
}

// richLines wraps runs to width w at a size (flow.Setter.Lines): words
// break at spaces, a word wider than a line breaks where it must. It
// returns at least one line, read only.
func (r *renderer) richLines(runs []flow.Run, size, w float64) [][]flow.Seg {
	if r.setter == nil { // a book made by hand, in a test
		r.setter = flow.New(r.face)
	}
	return r.setter.Lines(runs, size, w)
}

// record keeps the text drawn on the current page, for tests that cannot
// run pdftotext.
func (r *renderer) record(text string) {
	if r.lay.text == nil || text == "" {
		return
	}
	p := r.f.PageNo()
	r.lay.text[p] += text + "\n"
}

// tableCols builds a table's columns: the key first, bold and narrow; the
// wide columns grow and wrap; short cells (numbers, dice, "x") centred.
func tableCols(t *doc.Table, tl tableLook) []gridCol {
	n := len(t.Head)
	for _, row := range t.Rows {
		n = max(n, len(row))
	}
	cols := make([]gridCol, n)
	for i := range cols {
		head := ""
		if i < len(t.Head) {
			head = t.Head[i]
		}
		short := true
		for _, row := range t.Rows {
			if i < len(row) && utf8.RuneCountInString(row[i]) > 5 {
				short = false
			}
		}
		c := gridCol{head: head, align: "L"}
		if short {
			c.align = "C"
		}
		if i == 0 {
			c.style, c.size, c.minW, c.maxW = "B", tl.key, 6, tl.keyMax
			if tl.keyC {
				c.align = "C"
			}
		}
		for _, k := range t.Wide {
			if k == i && i > 0 {
				c.grow, c.align = true, "L"
			}
		}
		cols[i] = c
	}
	return cols
}

// tableGrid builds a table's grid, fitted to a width w.
func (r *renderer) tableGrid(t *doc.Table, tl tableLook, w float64) *grid {
	g := &grid{cols: tableCols(t, tl), rows: t.Rows, size: tl.size, headSize: tl.head, noHead: len(t.Head) == 0, pad: tl.pad}
	g.fill = tl.fill || len(t.Wide) > 0 || t.Title != "" || t.Corner != ""
	if tl.zebra {
		g.zebra = true
	}
	r.fitColumns(g, w)
	return g
}

// drawTable draws a table in the frame: its title band with the dice in
// the corner, how to read it, notes and modifiers, the rows (the header
// repeated, with the title band, where it breaks), then footnotes,
// decisions and where the book prints it. It paints the table as
// placeDrawn places it down the frame.
func (r *renderer) drawTable(t *doc.Table, tl tableLook) {
	r.placeDrawn(&r.fr, t, tl, paintNow{r})
}

// placeDrawn lays table t out for the cursor's width (layTable) and
// places it down the cursor, as drawTable draws it, telling p what to
// paint as it is placed: drawTable paints it there and then; footAlone
// and frontRun (a table among a front section's pieces) paint nothing
// and read where it ends.
func (r *renderer) placeDrawn(c *cursor, t *doc.Table, tl tableLook, p painter) {
	lt := r.layTable(t, tl, c.w)
	if lt.parts != nil {
		r.placeFolded(c, t, lt, p)
		return
	}
	g := lt.grid.fresh()
	g.tail = lt.footH
	// A table whose rows are too tall to break with keepRows in every
	// frame is set a little smaller, down to the floor, when that lets it.
	if !r.rowsKept(c, g, lt.top.h, lt.cont.h) {
		for _, k := range keepScales {
			small := r.layTable(t, tl.scaled(k), c.w)
			sg := small.grid.fresh()
			sg.tail = small.footH
			if r.rowsKept(c, sg, small.top.h, small.cont.h) {
				lt, g = small, sg
				break
			}
		}
	}
	r.placeTable(c, g, lt.head, p)
	r.placeFoot(c, t, lt, p)
}

// keepScales are the sizes, as shares of its look's, a table of tall rows
// is set in when its own leaves rows alone over a break (drawTable).
var keepScales = []float64{0.95, 0.9}

// laidTable is a table laid out for a look and a width, measured: what
// it prints above its rows (top, and cont where it goes on over a
// break), its rows fitted whole (grid) and, when it folds, its parts to
// print side by side (parts), what it prints under them (foot), and
// their heights: its rows' (body), the whole table's, unbroken (h); the least of it a
// heading keeps with it (start: its top, header row and first keepRows
// rows, or all of it when folded); its foot's (footH). placeDrawn places
// it; the grids are the memo's, and placing fits a fresh copy of them.
type laidTable struct {
	tl        tableLook // the look it is laid out in
	top, cont tableTop
	grid      *grid
	parts     []*grid // nil unless folded
	foot      []span
	body      float64 // its rows', whole or side by side
	h         float64
	start     float64
	footH     float64
}

// head is what the table prints above its rows, continued or not (the
// head placeTable takes).
func (lt *laidTable) head(continued bool) tableTop {
	if continued {
		return lt.cont
	}
	return lt.top
}

// layTable lays out table t for look tl in a frame w wide. The same
// table is laid out at the same look and width many times over in every
// pass (as a spread is fitted, as the QRS are balanced): a booklet keeps
// each (book.laidTables), and the font measuring it leaves wanted, as
// laying it out again would.
func (r *renderer) layTable(t *doc.Table, tl tableLook, w float64) *laidTable {
	in := struct {
		t  doc.Table
		tl tableLook
		w  float64
	}{*t, tl, w}
	return r.laidTables.Get(in, func() *laidTable { return r.layTableAfresh(t, tl, w) })
}

// layTableAfresh is layTable's work.
func (r *renderer) layTableAfresh(t *doc.Table, tl tableLook, w float64) *laidTable {
	lt := &laidTable{tl: tl, top: r.topOf(t, tl, false, w), cont: r.topOf(t, tl, true, w), foot: r.footSpans(t, tl)}
	for _, s := range lt.foot {
		lt.footH += r.laySpan(s, w).h
	}
	lt.grid = r.tableGrid(t, tl, w)
	if lt.parts, lt.body = r.foldTable(t, tl, w); lt.parts != nil {
		lt.h = lt.top.h + lt.body + lt.footH
		lt.start = lt.h // kept whole
		return lt
	}
	lt.body = r.tableFrame(lt.grid).H
	lt.h = lt.top.h + lt.body + lt.footH
	g := lt.grid
	if g.stack != nil {
		g = g.stack[0]
	}
	lt.start = lt.top.h
	if !g.noHead {
		head := make([]string, len(g.cols))
		for i, c := range g.cols {
			head[i] = c.head
		}
		_, hh := r.cellLines(g, head, true)
		lt.start += hh
	}
	for _, row := range g.rows[:min(keepRows, len(g.rows))] {
		_, rh := r.cellLines(g, row, false)
		lt.start += rh
	}
	return lt
}

// foldGutter is the space between the halves of a folded table, the
// same as between the columns of a spread's short sections.
const foldGutter = 7.0

// foldTable returns a long, narrow table's parts, to print side by side
// with their columns as wide in each, when its look folds tables and it
// fits at least twice across w: it takes half the height or less, under
// its title band (across the parts). Of the folds that fit across w
// (into at most maxFold parts, each of at least foldRows rows, so that
// no part is a lone row or two), it takes the one that is least tall,
// measured, and only if it is less tall than the whole table and
// wraps no row the whole table sets on fewer lines. It returns the parts
// and their height side by side, or nil for a table to print whole: one
// with long text, or short.
func (r *renderer) foldTable(t *doc.Table, tl tableLook, w float64) ([]*grid, float64) {
	if !tl.fold || len(t.Wide) > 0 || len(t.Rows) < 2*foldRows || len(t.Head) == 0 {
		return nil, 0
	}
	var best []*grid
	bestH := math.Inf(1)
	whole := r.tableGrid(t, tl, w)
	if whole.stack == nil {
		bestH = r.tableFrame(whole).H - 0.01 // a fold must be shorter than the whole table
	}
	for n := 2; n <= maxFold && len(t.Rows)/n >= foldRows; n++ {
		pw := foldWidth(w, n)
		g := r.tableGrid(t, tl, pw)
		if g.stack != nil || g.width() > pw+0.01 {
			break
		}
		parts := r.foldParts(t, g, n, pw)
		if whole.stack == nil && r.foldWraps(parts, whole) {
			continue
		}
		h := 0.0
		for _, g := range parts {
			h = max(h, r.tableFrame(g).H)
		}
		if h < bestH-0.01 {
			best, bestH = parts, h
		}
	}
	if best == nil {
		return nil, 0
	}
	return best, bestH
}

// foldWraps reports whether a row of the parts takes more lines than it
// does in the whole table: "Open ground" over two lines in a part too
// narrow for it.
func (r *renderer) foldWraps(parts []*grid, whole *grid) bool {
	i := 0
	for _, g := range parts {
		for _, row := range g.rows {
			_, h := r.cellLines(g, row, false)
			_, wh := r.cellLines(whole, whole.rows[i], false)
			if h > wh+0.01 {
				return true
			}
			i++
		}
	}
	return false
}

// foldParts deals a table's rows into n parts pw wide, their columns
// at least as wide as g's, the rows shared as evenly as they go, the
// longer parts first: 10 rows in three parts are 4, 3 and 3.
func (r *renderer) foldParts(t *doc.Table, g *grid, n int, pw float64) []*grid {
	parts := make([]*grid, n)
	at := 0
	for i := range parts {
		rows := len(t.Rows) / n
		if i < len(t.Rows)%n {
			rows++
		}
		h := *g
		h.cols = append([]gridCol(nil), g.cols...)
		for j := range h.cols {
			h.cols[j].minW = g.cols[j].w
			h.cols[j].maxW = 0
		}
		h.rows = t.Rows[at : at+rows]
		at += rows
		r.fitColumns(&h, pw)
		parts[i] = &h
	}
	return parts
}

// foldRows is the fewest rows a part of a folded table has, and maxFold
// the most parts it folds into: a 12-turn track may print as four
// parts of three turns.
const (
	foldRows = 3
	maxFold  = 4
)

// foldWidth is the width of each of n parts of a table folded across w.
func foldWidth(w float64, n int) float64 { return (w - float64(n-1)*foldGutter) / float64(n) }

// placeFolded places a folded table down the cursor: what goes above
// it across the cursor, then its parts side by side, kept together, then
// its foot.
func (r *renderer) placeFolded(c *cursor, t *doc.Table, lt *laidTable, p painter) {
	c.need(lt.top.h + lt.body)
	r.placeTop(c, lt.top, p)
	outer := *c
	pw := foldWidth(outer.w, len(lt.parts))
	end := outer.y
	for i, g := range lt.parts {
		*c = cursor{x: outer.x + float64(i)*(pw+foldGutter), w: pw, top: outer.y, y: outer.y, bottom: outer.bottom, brk: func() {}}
		r.placeTable(c, g.fresh(), nil, p)
		end = max(end, c.y)
	}
	outer.y = end
	*c = outer
	r.placeFoot(c, t, lt, p)
}

// tableTop is what a table prints above its rows, laid out for a width
// and measured: its title band (when it has a title or dice) and, unless
// continued, how to read it, its notes and its modifiers, with the space
// under them: h in all.
type tableTop struct {
	band  *frame.Frame // nil for none
	spans []span
	h     float64
}

// topOf lays out what table t prints above its rows in a frame w wide.
func (r *renderer) topOf(t *doc.Table, tl tableLook, continued bool, w float64) tableTop {
	var top tableTop
	if !continued {
		if read := sentences(t.HowToRead); read != "" {
			top.spans = append(top.spans, span{text: read, style: "BI", size: tl.pt(tl.size - 0.5), before: 1})
		}
		for _, n := range t.Notes {
			top.spans = append(top.spans, span{text: n, size: tl.pt(tl.size - 1), before: 0.5})
		}
		for _, m := range t.Modifiers {
			top.spans = append(top.spans, r.modifierSpan(m, tl))
		}
	}
	if t.Title != "" || t.Corner != "" {
		top.band = r.bandFrame(t, tl, continued, w)
		top.h = top.band.H
	}
	if len(top.spans) > 0 || top.band != nil {
		top.h += 1.5
	}
	for _, s := range top.spans {
		top.h += r.laySpan(s, w).h
	}
	return top
}

// placeTop places a table's top down the cursor, telling p what to
// paint, and moves the cursor under it.
func (r *renderer) placeTop(c *cursor, top tableTop, p painter) {
	if top.band != nil {
		p.frame(top.band, c.x, c.y)
		c.y += top.band.H
	}
	r.flowOn(c, p, top.spans...)
	if len(top.spans) > 0 || top.band != nil {
		c.y += 1.5
	}
}

// sentences joins lines into one run of sentences: "Taken versus Rep. A
// 6 is always a failure."
func sentences(lines []string) string {
	var b strings.Builder
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(" ")
		}
		b.WriteString(l)
		if i < len(lines)-1 && !strings.ContainsAny(l[len(l)-1:], ".!?:;") {
			b.WriteString(".")
		}
	}
	return b.String()
}

// fitBandTitle fits a table's title into its band w wide: the title's type
// gives way, down to 70%, to keep it on one line; a title longer still
// wraps, and the band grows a line for each line it takes. It returns
// the lines, their size and the band's height.
func (r *renderer) fitBandTitle(t *doc.Table, tl tableLook, continued bool, w float64) ([]string, float64, float64) {
	title := t.Title
	if continued {
		title += " (continued)"
	}
	title = r.cov.printable(title)
	room := w - 3.5
	if t.Corner != "" {
		room = w - tl.band - 3
	}
	size := tl.title
	r.font("B", size)
	for size > tl.title*0.7 && r.f.GetStringWidth(title) > room {
		size -= 0.25
		r.font("B", size)
	}
	lines := r.split(title, room)
	h := tl.band + float64(len(lines)-1)*lh(size)
	return lines, size, h
}

// bandFrame lays out the dark band with the table's title and, in a
// white box in its top-left corner, the dice to roll, w wide.
func (r *renderer) bandFrame(t *doc.Table, tl tableLook, continued bool, w float64) *frame.Frame {
	lines, size, bh := r.fitBandTitle(t, tl, continued, w)
	f := &frame.Frame{W: w, H: bh, Marks: []frame.Mark{frame.Box{W: w, H: bh, Fill: 45, Stroke: -1}}}
	tx := 2.5
	var says []string
	if t.Corner != "" {
		cb := tl.band - 1.6 // the corner box, as tall as a one-line band
		f.Marks = append(f.Marks, frame.Box{X: 0.8, Y: 0.8, W: cb, H: cb, Fill: 255, Stroke: 0, Width: 0.5})
		cs := tl.title + 1
		if utf8.RuneCountInString(t.Corner) > 2 {
			cs = tl.title * 0.77
		}
		corner := r.cov.printable(t.Corner)
		r.font("B", cs)
		for cs > 5 && r.f.GetStringWidth(corner) > cb-0.6 {
			cs -= 0.25
			r.font("B", cs)
		}
		f.Marks = append(f.Marks, frame.Text{X: 0.8, Y: 0.8, W: cb, H: cb, Font: frame.Font{Family: face.Sans, Style: "B", Size: cs}, Align: "C", S: corner})
		says = append(says, corner)
		tx = tl.band + 2
	}
	r.font("B", size)
	top := (tl.band - lh(size)) / 2 // one line sits centred in a one-line band
	for i, l := range lines {
		f.Marks = append(f.Marks, frame.Text{X: tx, Y: top + float64(i)*lh(size), W: w - tx - 1, H: lh(size),
			Font: frame.Font{Family: face.Sans, Style: "B", Size: size}, Grey: 255, Align: "L", S: l})
	}
	if len(lines) > 0 {
		says = append(says, strings.Join(lines, " "))
	}
	f.Say = strings.Join(says, "\n")
	return f
}

// modifierSpan is one group of circumstance modifiers as a small
// two-column table.
func (r *renderer) modifierSpan(m doc.Modifier, tl tableLook) span {
	build := func(w float64) *grid {
		g := &grid{size: tl.pt(tl.size - 0.5), headSize: tl.pt(tl.head - 0.5), cols: []gridCol{
			{head: m.Head[0], align: "L", grow: true},
			{head: m.Head[1], style: "B", align: "C"},
		}}
		for _, row := range m.Rows {
			g.rows = append(g.rows, []string{row[0], row[1]})
		}
		r.fitColumns(g, w)
		return g
	}
	return span{before: 1.2, lay: func(w float64) *frame.Frame {
		g := r.gridFrame(build(w), 230, 0.3)
		return &frame.Frame{W: g.W, H: g.H, Marks: []frame.Mark{frame.Sub{F: g}}}
	}}
}

// footSpans are what a table prints under its rows: its footnotes, its
// odds, decisions and where the book prints it.
func (r *renderer) footSpans(t *doc.Table, tl tableLook) []span {
	var spans []span
	for _, f := range t.Footnotes {
		spans = append(spans, span{text: f, size: tl.pt(tl.size - 1.5), before: 0.8})
	}
	spans = append(spans, r.oddsSpans(t.Odds, tl)...)
	for _, d := range t.Decisions {
		spans = append(spans, span{text: "* Sortie's decision: " + d, style: "I", size: tl.pt(tl.size - 2), before: 0.8})
	}
	if t.Source != "" {
		spans = append(spans, span{text: "Book: " + t.Source + ".", size: tl.pt(tl.size - 2.5), grey: true, before: 0.8})
	}
	return spans
}

// placeFoot places what table t, laid out as lt, prints under its rows
// (footSpans) down the cursor, telling p what to paint.
func (r *renderer) placeFoot(c *cursor, t *doc.Table, lt *laidTable, p painter) {
	spans := slices.Clone(lt.foot)
	// The last line (where the book prints it, most often) never goes
	// over a page alone: what comes before it keeps it.
	if n := len(spans); n > 1 {
		spans[n-2].keep = r.laySpan(spans[n-1], c.w).h
	}
	// What goes on to the next page from under a table too tall to keep
	// it (draw: table) says whose it is there.
	if len(spans) > 0 && t.Title != "" && !c.atTop() && c.y+r.laySpan(spans[0], c.w).h+spans[0].keep > c.bottom {
		spans = append([]span{{text: t.Title + " (continued)", style: "B", size: lt.tl.size, before: 1, keep: r.laySpan(spans[0], c.w).h}}, spans...)
	}
	r.flowOn(c, p, spans...)
}

// topMaps returns the maps of blocks outside sealed items: the ones a
// spread draws on its left-hand page. A map inside a sealed item stays
// on its card.
func topMaps(bs []doc.Block) []board.Map {
	var ms []board.Map
	for _, b := range bs {
		switch b := b.(type) {
		case *doc.Map:
			ms = append(ms, b.Map)
		case *doc.Section:
			ms = append(ms, topMaps(b.Blocks)...)
		}
	}
	return ms
}

// sealedBlocks returns the Sealed blocks of bs, outside sealed items, in
// order.
func sealedBlocks(bs []doc.Block) []*doc.Sealed {
	var ss []*doc.Sealed
	for _, b := range bs {
		switch b := b.(type) {
		case *doc.Sealed:
			ss = append(ss, b)
		case *doc.Section:
			ss = append(ss, sealedBlocks(b.Blocks)...)
		}
	}
	return ss
}
