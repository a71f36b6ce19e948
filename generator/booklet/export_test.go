package booklet

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"strings"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/generator/booklet/press"
)

// Pages renders d and returns the page each anchor landed on: "entry/N"
// (an entry's left-hand page), "end/N" (the last page of its spread),
// "card/N", "pef/ENTRY/INDEX" (the page of that PEF's card), "cards",
// "log", "qrs", "qrs/ID".
func Pages(d Doc, opt Options) (map[string]int, error) {
	_, lay, err := render(d, opt)
	if err != nil {
		return nil, err
	}
	return lay.pages, nil
}

// sizedBook sets d up and sizes its sealed cards as render's first pass
// does (cardSheets.size), for what reads the cards' grid.
func sizedBook(d Doc, opt Options) (*book, error) {
	b, err := setup(d, opt)
	if err != nil {
		return nil, err
	}
	if err := newCardSheets(newRenderer(b, newLayout()), b.sheet()).size(); err != nil {
		return nil, err
	}
	return b, nil
}

// CardSpot is where sizing put a sealed card: on which page of cards
// (from 0), in which column, how far under the cards' top (Y), and its
// size, W × H mm.
type CardSpot struct {
	Page, Col int
	Y, W, H   float64
}

// SealedFaces lays out d's sealed cards, in number order, as the card
// sheets of the booklet opt describes lay them out on the sheet they are
// given (cardSheets.cardFace, in the spot sizing chose, each naming its
// entry's page as "31"), and returns each written out as text, with the
// sheet's size.
func SealedFaces(d Doc, opt Options) (faces []string, sheet [2]float64, err error) {
	b, err := sizedBook(d, opt)
	if err != nil {
		return nil, sheet, err
	}
	cs := newCardSheets(newRenderer(b, newLayout()), b.sheet())
	l := b.sealed.lay
	for i, c := range b.cards {
		f, _ := cs.cardFace(c, l.w, l.spots[i].h, "31")
		faces = append(faces, f.String())
	}
	return faces, [2]float64{cs.sheet.w, cs.sheet.h}, nil
}

// CardSizing sizes d's sealed cards as render's first pass does
// (cardSheets.size), on a renderer that has laid nothing out, and returns
// where each card goes, in number order, the most a page may hold, and
// whether sizing left the renderer as it found it: no page, the font
// wanted and the frame as they were.
func CardSizing(d Doc, opt Options) (spots []CardSpot, limit int, quiet bool, err error) {
	b, err := setup(d, opt)
	if err != nil {
		return nil, 0, false, err
	}
	r := newRenderer(b, newLayout())
	want, fr := r.f.font.want, r.fr
	if err := newCardSheets(r, b.sheet()).size(); err != nil {
		return nil, 0, false, err
	}
	quiet = r.f.PageNo() == 0 && r.f.font.want == want && r.fr.y == fr.y && r.fr.w == fr.w && r.pw == b.pw && r.ph == b.ph
	l := b.sealed.lay
	for _, s := range l.spots {
		spots = append(spots, CardSpot{Page: s.page, Col: s.col, Y: s.y, W: l.w, H: s.h})
	}
	return spots, b.sealed.limit, quiet, nil
}

// CardNeeds measures d's sealed cards, in number order, on the card
// sheets of the booklet opt describes: the height each needs there (its
// face laid out as tall as it needs, its foot naming a page "000", or
// its back where that is taller), and the room a page of cards has
// under the instruction, clear of the footer.
func CardNeeds(d Doc, opt Options) (needs []float64, room float64, err error) {
	b, err := setup(d, opt)
	if err != nil {
		return nil, 0, err
	}
	if len(b.cards) == 0 {
		return nil, 0, nil
	}
	cs := newCardSheets(newRenderer(b, newLayout()), b.sheet())
	w := cs.sheet.contentW() / float64(min(cs.cardCols(), b.sealed.limit))
	back := cs.cardBack(b.cards[0], w, 0).H
	for _, c := range b.cards {
		f, _ := cs.cardFace(c, w, 0, "000")
		needs = append(needs, max(f.H, back))
	}
	return needs, cs.sheet.bottom() - cs.cardTop() - 1.5, nil
}

// CardOf returns the card number of an entry's PEF (index from 0), as
// dealt for the paper opt names.
func CardOf(d Doc, opt Options, entry, index int) int {
	b, err := setup(d, opt)
	if err != nil {
		return 0
	}
	if c := b.cardOf[pefKey{entry, index}]; c != nil {
		return c.number
	}
	return 0
}

// CardNumbers returns the card number of every PEF, by entry and index
// (from 0), as dealt for the paper opt names: CardOf for all of them at
// the cost of one setup.
func CardNumbers(d Doc, opt Options) map[[2]int]int {
	b, err := setup(d, opt)
	if err != nil {
		return nil
	}
	out := map[[2]int]int{}
	for k, c := range b.cardOf {
		out[[2]int{k.entry, k.index}] = c.number
	}
	return out
}

// CardBox is where a card was printed: its page and its box in mm.
type CardBox struct {
	Card, Entry, Page int
	X, Y, W, H        float64
}

// CardBoxes renders d and returns where every card was printed.
func CardBoxes(d Doc, opt Options) ([]CardBox, error) {
	_, lay, err := render(d, opt)
	if err != nil {
		return nil, err
	}
	var out []CardBox
	for _, c := range lay.cards {
		out = append(out, CardBox{Card: c.card, Entry: c.entry, Page: c.page, X: c.x, Y: c.y, W: c.w, H: c.h})
	}
	return out, nil
}

// LegendRights renders d and returns the right edge of every map legend
// item (mm from the paper's left edge) and the right margin's position.
func LegendRights(d Doc, opt Options) (rights []float64, limit float64, err error) {
	_, lay, err := render(d, opt)
	if err != nil {
		return nil, 0, err
	}
	for _, it := range lay.legend {
		rights = append(rights, it.x+it.w)
	}
	_, pw, _, _ := paperSize(opt.Paper)
	return rights, pw - side, nil
}

// LegendLefts renders d and returns the top left corner of every map
// legend item, in mm from the paper's top left corner, in order, and the
// text block's left margin.
func LegendLefts(d Doc, opt Options) (xs, ys []float64, margin float64, err error) {
	_, lay, err := render(d, opt)
	if err != nil {
		return nil, nil, 0, err
	}
	for _, it := range lay.legend {
		xs, ys = append(xs, it.x), append(ys, it.y)
	}
	return xs, ys, side, nil
}

// PageTexts renders d and returns the text the block drawers drew on
// each page, for checks that do not need pdftotext.
func PageTexts(d Doc, opt Options) (map[int]string, error) {
	_, lay, err := render(d, opt)
	if err != nil {
		return nil, err
	}
	return lay.text, nil
}

// PlayBox is where a play card's front was printed: its page and its box
// in mm.
type PlayBox struct {
	Page       int
	X, Y, W, H float64
}

// PlayBoxes renders d and returns where every play card's front was
// printed.
func PlayBoxes(d Doc, opt Options) ([]PlayBox, error) {
	_, lay, err := render(d, opt)
	if err != nil {
		return nil, err
	}
	var out []PlayBox
	for _, b := range lay.plays {
		out = append(out, PlayBox{Page: b.page, X: b.x, Y: b.y, W: b.w, H: b.h})
	}
	return out, nil
}

// placedOps counts what r placed on its pages to paint (pages.go).
func placedOps(r *renderer) int {
	n := r.placed.lost
	for _, pg := range r.placed.pages {
		for _, part := range pg.parts {
			n += len(part)
		}
	}
	return n
}

// PassDiff lays d out pass for pass as render does, and describes the
// first pass that added a font to the document it lays out on (which
// only counts pages and measures: nothing is drawn on it), or that placed
// a number of pages other than it counted; then it paints the last pass
// and describes a painted document whose pages or anchors differ from
// those laid out. It returns "" when none does.
func PassDiff(d Doc, opt Options) (string, error) {
	g, err := setup(d, opt)
	if err != nil {
		return "", err
	}
	if len(g.cards) > 0 {
		if err := newCardSheets(newRenderer(g, newLayout()), g.sheet()).size(); err != nil {
			return "", err
		}
	}
	prev := newLayout()
	for pass := range maxPasses {
		r := newRenderer(g, prev)
		r.lay.qrs = prev.qrs // the sheets as the last pass decided them, as render hands them on
		r.build()
		r.endPages()
		switch {
		case len(r.f.font.added) > 0:
			return fmt.Sprintf("pass %d added fonts to the document it lays out on: %v", pass+1, r.f.font.added), nil
		case len(r.placed.pages) != r.f.PageNo():
			return fmt.Sprintf("pass %d placed %d pages, counted %d", pass+1, len(r.placed.pages), r.f.PageNo()), nil
		}
		if !maps.Equal(r.lay.pages, prev.pages) {
			prev = r.lay
			continue
		}
		laid := maps.Clone(r.lay.pages)
		if err := r.paintPages("TwoPageRight"); err != nil {
			return "", err
		}
		if err := r.finish(); err != nil {
			return "", err
		}
		if r.f.PageNo() != len(r.placed.pages) {
			return fmt.Sprintf("painted %d pages, placed %d", r.f.PageNo(), len(r.placed.pages)), nil
		}
		if len(r.links) == 0 {
			return "painted no link", nil
		}
		if !maps.Equal(laid, r.lay.pages) {
			return "painting moved an anchor", nil
		}
		return "", nil
	}
	return "", nil
}

// Laid renders d once and returns what Write writes for it, with the page
// each anchor landed on (as Pages) and the text drawn on each page (as
// PageTexts): a test that reads both the PDF and where things landed
// renders the booklet once, not twice. It is Write's own steps after
// render; TestLaidIsWrite checks that it writes Write's bytes.
func Laid(d Doc, opt Options) (pdf []byte, pages map[string]int, text map[int]string, err error) {
	var b bytes.Buffer
	lay, err := write(&b, d, opt)
	if err != nil {
		return nil, nil, nil, err
	}
	return b.Bytes(), lay.pages, lay.text, nil
}

// Passes is how many passes d took to lay out, the one painted too, and
// the page each anchor landed on.
func Passes(d Doc, opt Options) (int, map[string]int, error) {
	_, lay, err := render(d, opt)
	if err != nil {
		return 0, nil, err
	}
	return lay.passes, lay.pages, nil
}

// write is Write, returning the layout too.
func write(w io.Writer, d Doc, opt Options) (*layout, error) {
	if opt.Impose == Saddle {
		return nil, errors.New("failed to write booklet: a folded booklet is written by Fold, as its volumes and card sheets")
	}
	f, lay, err := render(d, opt)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		return nil, fmt.Errorf("failed to write booklet: %w", err)
	}
	pdf, err := press.Deflate(b.Bytes())
	if err != nil {
		return nil, err
	}
	if pdf, err = press.Mend(pdf, lay.outline); err != nil {
		return nil, err
	}
	if opt.PrintReady {
		if pdf, err = press.PrintReady(pdf, opt.Paper); err != nil {
			return nil, err
		}
	}
	if _, err := w.Write(pdf); err != nil {
		return nil, fmt.Errorf("failed to write booklet: %w", err)
	}
	opt.report(lay.faults)
	return lay, nil
}

// Edition is what one layout of a booklet tells the tests of its anchors,
// cards and legends: the page each anchor landed on and the page count
// (as Rendered), where every card was printed, the text drawn on each page and
// the most cards a page may hold (as CardLayout), every PEF's card number
// (as CardNumbers), the right edge of every map legend item with the
// right margin's position (as LegendRights), and each item's top left
// corner with the left margin (as LegendLefts).
type Edition struct {
	Pages       map[string]int // as Pages
	Count       int            // the page count
	Cards       []CardBox
	Backs       []CardBox // where each sealed card's back was printed, in the order printed
	Texts       map[int]string
	PerPage     int
	Numbers     map[[2]int]int
	Rights      []float64
	Limit       float64
	Lefts, Tops []float64
	Margin      float64
	Faults      []Fault // what the printed pass noted (Options.Faults)
}

// EditionOf sets d up and renders it once for everything Edition holds,
// where Rendered, CardLayout, CardNumbers, LegendRights and LegendLefts
// would each set it up or render it again.
func EditionOf(d Doc, opt Options) (*Edition, error) {
	b, err := sizedBook(d, opt)
	if err != nil {
		return nil, err
	}
	f, lay, err := render(d, opt)
	if err != nil {
		return nil, err
	}
	e := &Edition{Pages: lay.pages, Count: f.PageCount(), Texts: lay.text, PerPage: b.sealed.limit, Numbers: map[[2]int]int{}}
	for _, c := range lay.cards {
		e.Cards = append(e.Cards, CardBox{Card: c.card, Entry: c.entry, Page: c.page, X: c.x, Y: c.y, W: c.w, H: c.h})
	}
	for _, c := range lay.backs {
		e.Backs = append(e.Backs, CardBox{Card: c.card, Entry: c.entry, Page: c.page, X: c.x, Y: c.y, W: c.w, H: c.h})
	}
	for k, c := range b.cardOf {
		e.Numbers[[2]int{k.entry, k.index}] = c.number
	}
	for _, it := range lay.legend {
		e.Rights = append(e.Rights, it.x+it.w)
		e.Lefts, e.Tops = append(e.Lefts, it.x), append(e.Tops, it.y)
	}
	_, pw, _, _ := paperSize(opt.Paper)
	e.Limit, e.Margin = pw-side, side
	e.Faults = lay.faults
	return e, nil
}

// FlowBreak sets text as one paragraph of body type at the foot of a
// frame of d's first page with room mm left in it, and returns how many
// of its lines were set before the frame broke to the next and after.
func FlowBreak(d Doc, opt Options, text string, room float64) (before, after int, err error) {
	b, err := setup(d, opt)
	if err != nil {
		return 0, 0, err
	}
	r := newRenderer(b, newLayout())
	r.f.AddPage()
	broke := false
	r.fr = cursor{x: side, w: 100, top: bodyTop, bottom: bodyTop + 100, brk: func() {
		broke = true
		r.fr.y = r.fr.top
	}}
	r.fr.y = r.fr.bottom - room
	sp := span{text: text, size: bodySize}
	h := lh(bodySize)
	start := r.fr.y
	r.flow(sp)
	n := len(r.spanLines(sp, r.fr.w))
	if !broke {
		return n, 0, nil
	}
	after = int((r.fr.y-r.fr.top)/h + 0.5)
	if start+float64(n-after)*h > r.fr.bottom+0.01 {
		return 0, 0, fmt.Errorf("%d lines set past the frame's foot", n-after)
	}
	return n - after, after, nil
}

// PlayCell is playCell: a table cell as a play sheet's first page prints it.
var PlayCell = playCell

// HeadingKeep returns how much of what follows sec's heading the heading
// keeps with it on a spread, 120 mm wide, and the heights of the pieces
// after the heading.
func HeadingKeep(d Doc, opt Options, sec *doc.Section) (keep float64, heights []float64, err error) {
	b, err := setup(d, opt)
	if err != nil {
		return 0, nil, err
	}
	r := newRenderer(b, newLayout())
	r.f.AddPage()
	const w = 120.0
	ps := r.blockPieces(sec, spreadLook, 0, blockCtx{}, w)
	for _, p := range ps[1:] {
		heights = append(heights, r.layPiece(p, w).h)
	}
	return ps[0].sp.keep, heights, nil
}

// QRSPages renders d and returns how many pages its Quick Reference
// Sheets took and the scale they were set in (qrsSheets.decide), and how many
// they take set whole at full size.
func QRSPages(d Doc, opt Options) (pages int, k float64, full int, err error) {
	b, err := sizedBook(d, opt)
	if err != nil {
		return 0, 0, 0, err
	}
	r := newRenderer(b, newLayout())
	newQRSSheets(r).before()
	r.build()
	pages, k = r.f.PageNo()-r.lay.pages["qrs"]+1, r.lay.qrs.k
	m := newRenderer(b, newLayout())
	if len(b.entries) == 0 {
		newFrontMatter(m).cover()
	}
	whole, _ := newQRSSheets(m).modelRun(1, "")
	return pages, k, whole.pages, nil
}

// FirstPages lays d out in one first pass twice, its Quick Reference Sheets
// added from what qrsSheets.decide measured of them and then set afresh
// at the scale it decided, and
// returns the pages each anchor landed on in each.
func FirstPages(d Doc, opt Options) (replayed, set map[string]int, err error) {
	b, err := sizedBook(d, opt)
	if err != nil {
		return nil, nil, err
	}
	r := newRenderer(b, newLayout())
	newQRSSheets(r).before()
	r.build()
	s := newRenderer(b, newLayout())
	s.lay.qrs = &qrsRun{k: r.lay.qrs.k, pages: r.lay.qrs.pages} // no tape: set afresh
	s.build()
	return r.lay.pages, s.lay.pages, nil
}

// SheetLaidOut lays s's pages out as WriteSheet does, without painting
// them, and says how: each page's setting, and where what it places ends
// against the text block's bottom, in mm. It fails when laying out
// painted anything (recorded text, added a font), when a page chosen
// ends past the bottom, or when the run of page 1, painted, does not
// record the sheet's title.
func SheetLaidOut(s Sheet, opt Options) (string, error) {
	b, err := sheetBook(s, opt)
	if err != nil {
		return "", err
	}
	ps := newPlaySheet(b, newSheetPlan(s))
	ps.f.AddPage()
	fonts := len(ps.f.font.added)
	fit, front, ok := ps.fitFront()
	if !ok {
		return "", ErrSheetFull
	}
	bottom := ps.sheetBottom()
	out := fmt.Sprintf("page 1: %g pt, maps %g of the width, ends at %.2f of %.2f mm", fit.size, fit.share, front.end, bottom)
	ends := []float64{front.end}
	if len(ps.plan.items) > 0 {
		size, back, ok := ps.fitBack()
		if !ok {
			return "", ErrSheetFull
		}
		out += fmt.Sprintf("; page 2: %g pt, ends at %.2f", size, back.end)
		ends = append(ends, back.end)
	}
	if len(ps.f.font.added) != fonts || placedOps(ps.renderer) > 0 {
		return "", fmt.Errorf("laying out painted: fonts %v, %d things placed on the pages", ps.f.font.added, placedOps(ps.renderer))
	}
	for _, end := range ends {
		if end > bottom+0.01 {
			return "", fmt.Errorf("%s: a page ends past the bottom", out)
		}
	}
	front.paint()
	ps.endPages()
	if err := ps.paintPages("SinglePage"); err != nil {
		return "", err
	}
	if title := s.Encounter.Title; !strings.Contains(ps.lay.text[1], title) {
		return "", fmt.Errorf("page 1 painted records %q, not the title %q", ps.lay.text[1], title)
	}
	return out, ps.f.Error()
}

// TextBlock is where the text block of a booklet's page on paper starts
// and ends, in mm from the page's top.
func TextBlock(paper string) (top, bottom float64) {
	_, w, h, _ := paperSize(paper)
	return bodyTop, pageBox{w, h}.bottom()
}

// Unimposed renders d and returns its pages as laid out, one page of the
// booklet a page of the PDF (a folded booklet's half sheets before they
// are imposed and split into volumes, its card sheets after them), with
// the page each anchor landed on and the faults the layout reported.
func Unimposed(d Doc, opt Options) (pdf []byte, pages map[string]int, faults []Fault, err error) {
	f, lay, err := render(d, opt)
	if err != nil {
		return nil, nil, nil, err
	}
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		return nil, nil, nil, err
	}
	if pdf, err = press.Deflate(b.Bytes()); err != nil {
		return nil, nil, nil, err
	}
	return pdf, lay.pages, lay.faults, nil
}

// LegendFeet renders d and returns the foot of every map legend item's
// first line (mm from the page's top), and where the page's text block
// ends.
func LegendFeet(d Doc, opt Options) (feet []float64, bottom float64, err error) {
	_, lay, err := render(d, opt)
	if err != nil {
		return nil, 0, err
	}
	for _, it := range lay.legend {
		feet = append(feet, it.y+legendSH)
	}
	_, _, ph, _ := paperSize(opt.Paper)
	if opt.Impose == Saddle {
		_, _, ph = halfSheet(opt.Paper)
	}
	return feet, pageBox{h: ph}.bottom(), nil
}
