package booklet

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/flow"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
	"github.com/sortie-wargames/sortie/generator/booklet/memo"
	"github.com/sortie-wargames/sortie/generator/booklet/press"
)

// Page geometry in millimetres. Nothing is printed within 12 mm of the
// paper's edge, so home printers do not clip it.
const (
	side     = 15.0 // left and right margins
	headY    = 12.5 // top of the running head
	bodyTop  = 21.0 // top of the text block
	footGap  = 20.0 // the text block ends this far above the paper's bottom edge
	footY    = 16.5 // the footer's top, measured up from the paper's bottom edge
	ptMM     = 25.4 / 72
	leading  = 1.28 // line height as a multiple of the font size
	bodySize = 9.5  // body text, in points
)

// lh returns the line height of a font size in points.
func lh(size float64) float64 { return size * ptMM * leading }

// renderer draws one pass of the booklet.
type renderer struct {
	*book
	f       pdf               // fpdf, every length snapped
	prev    *layout           // page numbers from the previous pass
	lay     *layout           // page numbers of this pass
	links   map[string]int    // anchor -> fpdf link id
	section string            // running head of the current page
	fr      cursor            // where flowing text goes
	sheetAt map[int]sheetGrid // the pages that are sheets of play cards
	placed  *placedPages      // what the pass paints, page by page
}

// cursor is where text flows down a column; brk moves it to the next column or
// page when it is full.
type cursor struct {
	x, w, top, y, bottom float64
	brk                  func()
}

// newRenderer starts a pass: the booklet laid out on a document of its
// own, which counts its pages and measures and is never drawn on; what
// the pass paints is placed (pages.go), to be painted once if the pass
// is the last (paintPages).
func newRenderer(b *book, prev *layout) *renderer {
	f := newDocument(b.pw, b.ph, b.created)
	r := &renderer{book: b, f: newPDF(f, b.face, b.monoSeed), prev: prev, lay: newLayout(), links: map[string]int{}, sheetAt: map[int]sheetGrid{}, placed: &placedPages{}}
	r.f.SetFont(face.Sans, "", bodySize)
	r.onHeader(func() { r.header(r.page()) })
	r.onFooter(func() { r.footer(r.pw, r.ph) })
	return r
}

// finish checks the pass painted: fpdf's sticky error, and that every
// link found its target.
func (r *renderer) finish() error {
	if err := r.f.Error(); err != nil {
		return err
	}
	anchors := make([]string, 0, len(r.links))
	for a := range r.links {
		anchors = append(anchors, a)
	}
	slices.Sort(anchors)
	for _, a := range anchors {
		if _, ok := r.lay.pages[a]; !ok {
			return fmt.Errorf("internal link to %s has no target", a)
		}
	}
	return nil
}

// build draws the whole booklet.
func (r *renderer) build() {
	front := newFrontMatter(r)
	front.cover()
	if len(r.entries) > 0 && !r.single() {
		// Without entries the contents would list the QRS alone, and a
		// booklet of one encounter lists what it holds on its cover: the
		// cover and the bookmarks say as much.
		front.contents()
	}
	if len(r.entries) > 0 {
		front.introSection()
		front.bandSection()
		front.logSection()
		r.chartSection()
		r.encounters()
		front.bandAfter()
		r.backMatter()
	}
	newQRSSheets(r).print()
	switch {
	case r.opt.Impose == Saddle:
		r.padPages(4)
	case r.opt.PrintReady:
		r.padPages(press.PrintMultiple)
	}
}

// pageBox is the size of a page, w × h mm, and what the margins leave
// of it: the text block (contentW, bottom). A booklet's pages are its
// book's (book.page); a folded booklet's card sheets are whole sheets
// (book.sheet), given to what lays them out (cardSheets.sheet) rather
// than read from the book.
type pageBox struct{ w, h float64 }

// contentW is the width of the page's text block.
func (p pageBox) contentW() float64 { return p.w - 2*side }

// bottom is where the page's text block ends.
func (p pageBox) bottom() float64 { return p.h - footGap }

// narrow reports whether the page is too narrow for two columns of
// tables or of sealed cards: a folded booklet's half sheet.
func (p pageBox) narrow() bool { return p.w-2*side < 2*cardMinW }

// page is the booklet's page: the book's size (half a sheet for a
// folded booklet).
func (b *book) page() pageBox { return pageBox{b.pw, b.ph} }

// sheet is the whole sheet the booklet prints on: its page, or for a
// folded booklet the sheet its pages are half of, which its card sheets
// print on flat (foldedBooklet.build).
func (b *book) sheet() pageBox { return pageBox{b.fullW, b.fullH} }

// contentW is the width of the booklet's text block.
func (r *renderer) contentW() float64 { return r.page().contentW() }

// bottom is where the booklet's text block ends.
func (r *renderer) bottom() float64 { return r.page().bottom() }

// newPage starts one of the booklet's pages with the given running head
// and a full-width frame on it (newPageOn).
func (r *renderer) newPage(section string) { r.newPageOn(r.page(), section) }

// newPageOn starts a page pg's size with the given running head and a
// frame the width of pg's text block on it.
func (r *renderer) newPageOn(pg pageBox, section string) {
	r.section = section
	var size pageFormat // the document's own
	if pg != r.page() {
		size = pageSize(pg.w, pg.h)
	}
	r.f.AddPageSized(size)
	r.placed.pages[len(r.placed.pages)-1].size = size
	r.fr = cursor{x: side, w: pg.contentW(), top: bodyTop, y: bodyTop, bottom: pg.bottom(), brk: func() { r.newPageOn(pg, section) }}
}

// startOn starts one of the booklet's pages of the given parity
// (startOnPage).
func (r *renderer) startOn(even bool, section string) { r.startOnPage(r.page(), even, section) }

// startOnPage starts a page pg's size of the given parity (even pages
// are left-hand pages: page 1, the cover, is a right-hand page),
// filling the page between with a ruled notes page when needed.
func (r *renderer) startOnPage(pg pageBox, even bool, section string) {
	if next := r.f.PageNo() + 1; (next%2 == 0) != even {
		r.notesPageOn(pg)
	}
	r.newPageOn(pg, section)
}

// notesPage is one of the booklet's pages ruled for the player's notes
// (notesPageOn).
func (r *renderer) notesPage() { r.notesPageOn(r.page()) }

// notesPageOn is a page pg's size ruled for the player's notes.
func (r *renderer) notesPageOn(pg pageBox) {
	r.newPageOn(pg, "Notes")
	title := frame.Text{X: side, Y: bodyTop, W: pg.contentW(), H: lh(14), Font: sansFont("B", 14), Align: "L", S: "Notes"}
	r.paintMarks(&frame.Frame{W: pg.w, H: pg.h, Marks: []frame.Mark{title}}, 0, 0)
	r.paint(rulesFrame(pg, bodyTop+lh(14)+6, pg.bottom(), 8), 0, 0)
}

// rules paints ruled writing lines from y0 to y1, step mm apart, across
// the booklet's text block (rulesFrame).
func (r *renderer) rules(y0, y1, step float64) { r.paint(rulesFrame(r.page(), y0, y1, step), 0, 0) }

// rulesFrame lays out ruled writing lines from y0 to y1, step mm apart,
// across the text block of a page pg's size: a frame of the page, placed
// at its corner.
func rulesFrame(pg pageBox, y0, y1, step float64) *frame.Frame {
	f := &frame.Frame{W: pg.w, H: pg.h}
	for y := y0 + step; y <= y1+0.01; y += step {
		f.Marks = append(f.Marks, frame.Rule{X1: side, Y1: y, X2: pg.w - side, Y2: y, Grey: 170, Width: 0.2})
	}
	return f
}

// sansFont is the body face in a style and size, as renderer.font sets it.
func sansFont(style string, size float64) frame.Font {
	return frame.Font{Family: face.Sans, Style: style, Size: size}
}

func (r *renderer) font(style string, size float64) { r.f.SetFont(face.Sans, style, size) }

// header prints the running head: the booklet's title and the section
// (headerFrame), at the head of a page pg's size: the booklet's page, or
// a folded booklet's card sheet (foldedBooklet.build).
func (r *renderer) header(pg pageBox) {
	if r.f.PageNo() == 1 {
		return
	}
	r.paint(r.headerFrame(pg), 0, 0)
}

// headerFrame lays out the current page's running head, a frame of the
// page (pg's size) placed at its corner: the booklet's title on the left
// and the section on the right, in grey, over a hairline; on a sheet of
// play cards, just above the grid and without the line.
func (r *renderer) headerFrame(pg pageBox) *frame.Frame {
	size := 7.5
	x, y, w := side, headY, pg.contentW()
	g, sheet := r.sheetAt[r.f.PageNo()]
	if sheet {
		// A sheet of play cards: the head sits just above the grid.
		x, w = g.textSpan(pg.w)
		y = g.y0 - 1 - lh(7.5)
	}
	r.font("", size)
	sec := r.fit(r.cov.printable(r.section), w*0.55)
	head := r.title()
	if head == r.section {
		// A booklet of the Quick Reference Sheets alone: its system's
		// name, not its title twice.
		head = r.doc.Set.System.Name
	}
	title := r.fit(r.cov.printable(head), w-r.f.GetStringWidth(sec)-8)
	font := sansFont("", size)
	f := &frame.Frame{W: pg.w, H: pg.h, Marks: []frame.Mark{
		frame.Text{X: x, Y: y, W: w, H: lh(size), Font: font, Grey: 90, Align: "L", S: title},
		frame.Text{X: x, Y: y, W: w, H: lh(size), Font: font, Grey: 90, Align: "R", S: sec},
	}}
	if sheet && g.shared {
		// The foot shares the line: the head is its left part.
		size = sharedSize
		y, w = g.sheetLine(pg.w)
		r.font("", size)
		both := r.fit(r.cov.printable(head)+" · "+r.cov.printable(r.section), w)
		f.Marks = []frame.Mark{frame.Text{X: x, Y: y, W: w, H: lh(size), Font: sansFont("", size), Grey: 90, Align: "L", S: both}}
	}
	if !sheet {
		y = headY + lh(7.5) + 0.8
		f.Marks = append(f.Marks, frame.Rule{X1: side, Y1: y, X2: pg.w - side, Y2: y, Grey: 150, Width: 0.2})
	}
	return f
}

// footer prints what is needed to print the page again: the system, the
// seed, Sortie's version, and the page number (footerFrame), at the foot
// of a page pw by ph: the booklet's page, or a folded booklet's card
// sheet (foldedBooklet.build).
func (r *renderer) footer(pw, ph float64) {
	f := r.footerFrame(pw, ph)
	if _, sheet := r.sheetAt[r.f.PageNo()]; !sheet {
		r.paint(f.Marks[0].(frame.Sub).F, 0, 0)
		f = &frame.Frame{W: f.W, H: f.H, Marks: f.Marks[1:], Say: f.Say}
	}
	r.paintMarks(f, 0, 0) // the text alone: the ink stays as it was
}

// footerFrame lays out the current page's foot, a frame of the page (pw
// by ph) placed at its corner: a hairline (a frame of its own), then the
// system, the seed and Sortie's version on the left and the page number
// on the right; on a sheet of play cards, under the crop marks and
// without the line.
func (r *renderer) footerFrame(pw, ph float64) *frame.Frame {
	x, w := side, pw-2*side
	y := ph - footY
	f := &frame.Frame{W: pw, H: ph}
	top := 7.5 // the largest size of its type
	if g, ok := r.sheetAt[r.f.PageNo()]; ok {
		// A sheet of play cards: the foot sits under the crop marks, or
		// beside the head above the grid where that would take it too
		// near the paper's edge (sheetGrid.shared).
		x, w = g.textSpan(pw)
		y = g.bottom() + cropGap + cropLen + 0.8
		if g.shared {
			var headW float64
			y, headW = g.sheetLine(pw)
			x, w, top = x+headW+4, w-headW-4, sharedSize
		}
	} else {
		line := &frame.Frame{W: pw, H: ph, Marks: []frame.Mark{frame.Rule{X1: side, Y1: y - 0.8, X2: pw - side, Y2: y - 0.8, Grey: 150, Width: 0.2}}}
		f.Marks = append(f.Marks, frame.Sub{F: line})
	}
	page := "Page " + strconv.Itoa(r.f.PageNo())
	size := top
	r.font("B", size)
	numW := r.f.GetStringWidth(page)
	left := r.footLeft(w-numW-6, &size)
	size = min(size, top)
	r.font("B", top)
	f.Marks = append(f.Marks,
		frame.Text{X: x, Y: y, W: w - numW - 6, H: lh(size), Font: sansFont("", size), Align: "L", S: left},
		frame.Text{X: x, Y: y, W: w, H: lh(top), Font: sansFont("B", top), Align: "R", S: page})
	return f
}

// footLeft returns the footer's left part, shrinking the font down to
// face.MinSize (7 pt) to fit a long seed, then dropping the seed's label
// and then the system's name (the cover prints both); a seed longer
// still is cut short, pointing to the cover where it is printed whole. A
// booklet without a seed prints none.
func (r *renderer) footLeft(w float64, size *float64) string {
	sys := r.doc.Set.System.Name
	seed := r.cov.printable(r.doc.Seed)
	ver := "Sortie " + r.version()
	whole := sys + " · Seed: " + seed + " · " + ver
	if r.doc.Seed == "" {
		whole = sys + " · " + ver
	}
	for s := 7.5; s >= face.MinSize; s -= 0.25 {
		r.font("", s)
		if r.f.GetStringWidth(whole) <= w {
			*size = s
			return whole
		}
	}
	// At the smallest size, the same in fewer words: the seed without its
	// label, then without the system (the cover names both).
	*size = face.MinSize
	r.font("", face.MinSize)
	if r.doc.Seed != "" {
		for _, short := range []string{sys + " · " + seed + " · " + ver, seed + " · " + ver} {
			if r.f.GetStringWidth(short) <= w {
				return short
			}
		}
	}
	tail := "… (whole seed on page 1) · " + ver
	return sys + " · Seed: " + r.fit(seed, w-r.f.GetStringWidth(sys+" · Seed: "+tail)) + tail
}

func (r *renderer) version() string {
	if r.opt.Version == "" {
		return "(unknown version)"
	}
	return r.opt.Version
}

func (r *renderer) title() string {
	if r.doc.Title != "" {
		return r.doc.Title
	}
	return r.doc.Set.System.Name
}

// fit cuts s (already printable) to width w in the current font, ending it
// with an ellipsis when cut.
func (r *renderer) fit(s string, w float64) string {
	if r.f.GetStringWidth(s) <= w {
		return s
	}
	// The longest prefix that fits with its ellipsis, found by halving:
	// a long title costs a few measurements, not one per character.
	rs := []rune(s)
	lo, hi := 0, len(rs)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if r.f.GetStringWidth(string(rs[:mid])+"…") <= w {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	cut := strings.TrimRight(string(rs[:lo]), " ") + "…"
	r.f.faults.cut[cut] = s
	return cut
}

// link returns the fpdf link id of an anchor, creating it on first use.
func (r *renderer) link(anchor string) int {
	if id, ok := r.links[anchor]; ok {
		return id
	}
	id := r.f.AddLink()
	r.links[anchor] = id
	return id
}

// mark records that anchor is at height y on the current page.
func (r *renderer) mark(anchor string, y float64) {
	r.lay.pages[anchor] = r.f.PageNo()
	r.placed.add(placedOp{kind: placedAnchor, text: anchor, y: y})
}

// pageOf returns the page an anchor landed on in the previous pass, as
// printed. The first pass, which only measures, has none: it takes the
// width of the numbers to come, as many zeros as the booklet's pages
// are guessed to have digits (guessDigits; the face's digits are all as
// wide), so that the next pass lays out the same lines. (The sealed
// cards are sized with their feet naming "000", as wide as any page
// number: sizeCards.)
func (r *renderer) pageOf(anchor string) string {
	if p, ok := r.prev.pages[anchor]; ok {
		return strconv.Itoa(p)
	}
	if len(r.prev.pages) == 0 && r.digits > 0 { // no pass has laid the booklet out yet
		return strings.Repeat("0", r.digits)
	}
	return "?"
}

// bookmark adds an outline entry at height y of the current page.
func (r *renderer) bookmark(text string, level int, y float64) {
	r.font("", bodySize)
	r.placed.add(placedOp{kind: placedBookmark, text: text, level: level, y: y})
	r.lay.outline = append(r.lay.outline, level)
}

// bmp spells out the characters beyond U+FFFF, which fpdf cannot write
// into the document's metadata and outline, as <U+1F600>.
func bmp(s string) string {
	if !strings.ContainsFunc(s, func(c rune) bool { return c > 0xFFFF }) {
		return s
	}
	var b strings.Builder
	for _, c := range s {
		if c > 0xFFFF {
			fmt.Fprintf(&b, "<U+%04X>", c)
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// split wraps s to width w in the current font; it returns at least one
// line.
func (r *renderer) split(s string, w float64) []string {
	lines := r.f.SplitText(r.cov.printable(s), w)
	if len(lines) == 0 {
		return []string{""}
	}
	return lines
}

// lineCount is len(r.split(s, w)), the text wrapped only when it takes
// more than a line: a measure that needs no lines (a table's height).
func (r *renderer) lineCount(s string, w float64) int {
	if r.f.OneLine(r.cov.printable(s), w) {
		return 1
	}
	return len(r.split(s, w))
}

// need moves the frame on when fewer than h mm are left in it.
func (r *renderer) need(h float64) { r.fr.need(h) }

// need moves the cursor on (brk) when fewer than h mm are left under it.
func (c *cursor) need(h float64) {
	if c.y+h > c.bottom+0.01 {
		c.brk()
	}
}

// atTop reports whether nothing has been written in the frame yet.
func (r *renderer) atTop() bool { return r.fr.atTop() }

// atTop reports whether nothing has been written under the cursor's top.
func (c *cursor) atTop() bool { return c.y <= c.top+0.01 }

// gap adds vertical space, unless the frame has just started.
func (r *renderer) gap(h float64) { r.fr.gap(h) }

// gap moves the cursor down h mm, unless it is at its top; past its
// bottom, it moves on (brk) instead.
func (c *cursor) gap(h float64) {
	if c.atTop() || h == 0 {
		return
	}
	if c.y+h > c.bottom {
		c.brk()
		return
	}
	c.y += h
}

// span is a run of text set in one style: a paragraph, a heading or a
// list item.
type span struct {
	text   string
	style  string
	size   float64
	indent float64 // mm from the frame's left edge
	before float64 // space above, in mm
	bullet string  // printed in the indent on the first line
	link   string  // anchor the whole span links to
	grey   bool
	rule   bool    // a heading: a rule under it
	keep   float64 // mm of what follows kept on the same page (headings, a table's last lines)
	// runs, when set, are the text in several styles (s.text is unused).
	runs []flow.Run
	// lay, when set, lays out a block instead of text (a small grid, an
	// odds strip, a box of links) as a frame w wide: its height is the
	// frame's, and flow paints it with paintMarks, the ink left as its
	// marks set it (a frame inside sets it back after it, unless KeepInk).
	lay func(w float64) *frame.Frame
}

// lines wraps a span's text to its width.
func (r *renderer) spanLines(s span, w float64) [][]flow.Seg {
	runs := s.runs
	if runs == nil {
		runs = []flow.Run{{Text: s.text, Style: s.style}}
	} else if s.style != "" {
		runs = append([]flow.Run(nil), runs...)
		for i := range runs {
			if runs[i].Style == "" {
				runs[i].Style = s.style
			}
		}
	}
	return r.richLines(runs, s.size, w)
}

// ruleGap is the space a heading's rule takes.
const ruleGap = 1.6

// laidSpan is a span laid out for a width: a span of text as its lines,
// each a frame lh(size) tall (flow breaks between them), and the rule
// under a heading; a block span (span.lay) as its block, one frame
// (never broken); and its height with the space above it.
type laidSpan struct {
	lines []*frame.Frame
	rule  *frame.Frame // nil for none
	block *frame.Frame // a block span's; nil for text
	h     float64
}

// laySpan lays out a span in a width w: a span of text as its lines
// wrapped to w less its indent, the first with its bullet in the indent,
// and a heading's rule; a block span as the frame its lay func lays out
// w less its indent wide, laid out afresh each time (a func is no memo
// key). A booklet keeps the text it laid out (book.spans): the same
// paragraphs are measured again and again as a spread or a column is
// fitted, and set again in every pass. What a booklet or sheet lays out
// first is kept in the face too, for every document of the build
// (sharedKept: the sheets of a pack set the same band, the same
// headings and notes): a span's lines are frames, never changed, and
// laying one out sets no font.
func (r *renderer) laySpan(s span, w float64) laidSpan {
	if s.lay != nil {
		f := s.lay(w - s.indent)
		return laidSpan{block: f, h: s.before + f.H}
	}
	in := struct {
		s span
		w float64
	}{s, w}
	return r.spans.Get(in, func() laidSpan {
		key := memo.Key(in)
		shared := r.face.Memo(sharedSpansKey{}, func() any { return newSharedKept[string, laidSpan](sharedMax) }).(*sharedKept[string, laidSpan])
		ls, ok := shared.get(key)
		if !ok {
			ls = r.laySpanAfresh(s, w)
			shared.put(key, ls)
		}
		return ls
	})
}

type sharedSpansKey struct{}

// laySpanAfresh is laySpan's work, for a span of text (no lay or draw
// func).
func (r *renderer) laySpanAfresh(s span, w float64) laidSpan {
	segLines := r.spanLines(s, w-s.indent)
	h := lh(s.size)
	grey := 0
	if s.grey {
		grey = 80
	}
	ls := laidSpan{lines: make([]*frame.Frame, len(segLines)), h: s.before + float64(len(segLines))*h}
	for i, segs := range segLines {
		f := &frame.Frame{W: w, H: h, Marks: make([]frame.Mark, 0, len(segs)+1)}
		if i == 0 && s.bullet != "" {
			f.Marks = append(f.Marks, frame.Text{W: s.indent - 1.2, H: h, Font: frame.Font{Family: face.Sans, Style: s.style, Size: s.size}, Grey: grey, Align: "R", S: s.bullet})
		}
		x := s.indent
		var say strings.Builder
		for _, sg := range segs {
			f.Marks = append(f.Marks, frame.Text{X: x, W: sg.W, H: h, Font: frame.Font{Family: face.Sans, Style: sg.Style, Size: s.size}, Grey: grey, Align: "L", S: sg.Text, Link: s.link, Broken: sg.Broken})
			say.WriteString(sg.Text)
			x += sg.W
		}
		f.Say = say.String()
		ls.lines[i] = f
	}
	if s.rule {
		ls.rule = &frame.Frame{W: w, H: ruleGap, Marks: []frame.Mark{frame.Rule{Y1: 0.3, X2: w, Y2: 0.3, Width: 0.35}}}
		ls.h += ruleGap
	}
	return ls
}

// flow writes spans down the frame, breaking to the next column or page
// between lines.
func (r *renderer) flow(spans ...span) { r.flowOn(&r.fr, paintNow{r}, spans...) }

// flowOn places spans down the cursor as flow writes them, breaking to
// the next column or page between lines, telling p what to paint as
// each is placed: a block and a line of text painted with the ink left
// as they set it, a heading's rule with it set back, a drawn block (a
// map) drawn. flow paints them there and then (paintNow); a run placed
// ahead of its pages keeps them for its page (runPainter); a layout
// that only measures paints nothing (noPaint).
func (r *renderer) flowOn(c *cursor, p painter, spans ...span) {
	for _, s := range spans {
		c.gap(s.before)
		ls := r.laySpan(s, c.w)
		if ls.block != nil {
			c.need(ls.block.H + s.keep)
			p.marks(ls.block, c.x+s.indent, c.y)
			c.y += ls.block.H
			continue
		}
		c.placeSpan(s, ls, func(i int) {
			if i < len(ls.lines) {
				p.marks(ls.lines[i], c.x, c.y) // text alone: the ink stays as it was
			} else {
				p.frame(ls.rule, c.x, c.y)
			}
		})
	}
}

// placeSpan places a span of text laid out (ls) down the cursor, under
// flow's keep rules: the span with as much as it keeps (s.keep), then
// each line, a paragraph's first line never ending a page alone nor its
// last line starting one alone; then a heading's rule. at is told each
// line (by its index in ls.lines) and then the rule (len(ls.lines)) as
// each is placed, the cursor at its top, before it moves past it.
func (c *cursor) placeSpan(s span, ls laidSpan, at func(i int)) {
	if s.keep > 0 {
		c.need(ls.h - s.before + s.keep)
	}
	h := lh(s.size)
	for i := range ls.lines {
		if n := len(ls.lines); n >= 2 && (i == 0 || i == n-2) {
			c.need(2 * h)
		} else {
			c.need(h)
		}
		at(i)
		c.y += h
	}
	if ls.rule != nil {
		at(len(ls.lines))
		c.y += ruleGap
	}
}

// columns flows two lists of spans side by side and moves the frame below
// the longer.
func (r *renderer) columns(left, right []span) {
	const gutter = 7.0
	outer := r.fr
	w := (outer.w - gutter) / 2
	hl, hr := 0.0, 0.0
	for _, s := range left {
		hl += r.laySpan(s, w).h
	}
	for _, s := range right {
		hr += r.laySpan(s, w).h
	}
	lead := 0.0
	if !r.atTop() {
		// Each column starts at its own top, where flow drops the space
		// above the first span: keep it here, once.
		if len(left) > 0 {
			lead = left[0].before
		}
		if len(right) > 0 {
			lead = max(lead, right[0].before)
		}
	}
	r.need(lead + max(hl, hr))
	outer = r.fr
	if !r.atTop() {
		outer.y += lead
	}
	y := outer.y
	r.fr = cursor{x: outer.x, w: w, top: y, y: y, bottom: outer.bottom, brk: func() {}}
	r.flow(left...)
	end := r.fr.y
	r.fr = cursor{x: outer.x + w + gutter, w: w, top: y, y: y, bottom: outer.bottom, brk: func() {}}
	r.flow(right...)
	outer.y = max(end, r.fr.y)
	r.fr = outer
}

// headSpan is a heading as a span, for columns.
func headSpan(text string, size float64) span {
	return span{text: text, style: "B", size: size, before: 2.5, rule: true}
}

// heading writes a section heading with a rule under it, kept with at
// least keep mm of what follows.
func (r *renderer) heading(text string, size, keep float64) {
	r.headingOn(&r.fr, paintNow{r}, text, size, keep)
}

// headingOn places a section heading down the cursor, as heading writes
// one, telling p to paint it.
func (r *renderer) headingOn(c *cursor, p painter, text string, size, keep float64) {
	hd := r.layHeading(text, size, c.w)
	y := c.placeHeading(hd, keep)
	p.frame(hd.f, c.x, y)
}

// laidHeading is a section heading laid out for a width: the size and
// lines it takes there, and its frame (its lines, then the rule under
// them) from its first line's top.
type laidHeading struct {
	size  float64
	lines []string
	f     *frame.Frame
}

// layHeading lays out a heading for a width w. A heading too wide for
// it (a folded booklet's half page) takes smaller type, then a second
// line: never past the edge.
func (r *renderer) layHeading(text string, size, w float64) laidHeading {
	size, lines := r.fitHeading(r.cov.printable(text), size, w)
	f := &frame.Frame{W: w, Say: text}
	y := 0.0
	for _, l := range lines {
		f.Marks = append(f.Marks, frame.Text{Y: y, W: w, H: lh(size), Font: sansFont("B", size), Align: "L", S: l})
		y += lh(size)
	}
	y += 0.3
	f.Marks = append(f.Marks, frame.Rule{Y1: y, X2: w, Y2: y, Width: 0.35})
	f.H = y + 1.2
	return laidHeading{size: size, lines: lines, f: f}
}

// placeHeading places a heading down the cursor, with space above it
// unless at the cursor's top, moving on first when fewer than keep mm
// of what follows would stay with it; it returns the top of its first
// line and leaves the cursor under its rule.
func (c *cursor) placeHeading(hd laidHeading, keep float64) float64 {
	before := 2.8
	if c.atTop() {
		before = 0
	}
	c.need(before + float64(len(hd.lines))*lh(hd.size) + 1.5 + keep)
	if !c.atTop() {
		c.y += before
	}
	y := c.y
	for range hd.lines {
		c.y += lh(hd.size)
	}
	c.y += 0.3
	c.y += 1.2
	return y
}

// bullets returns list items as spans.
func bullets(items []string, size float64) []span {
	spans := make([]span, 0, len(items))
	for _, it := range items {
		spans = append(spans, span{text: it, size: size, indent: 4, bullet: "•", before: 0.6})
	}
	return spans
}
