package booklet

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/booklet/frame"
	"github.com/sortie-wargames/sortie/generator/booklet/plan"
)

// This file prints the sealed cards: a page of cards to cut out for
// every few sealed items, each card as tall as what it holds, with their backs
// overleaf. With the play cards' sheets (sheets.go) they are the
// booklet's card sheets, after its entries.

// cardSheets is the booklet's card sheets as a type of their own: the
// play cards' sheets (aidSection, sheets.go) and the sealed cards' pages
// (cardSection), printed after the entries on the pass's renderer, whose
// pages they continue, and the sealed cards' sizing (size), which the
// first pass does before it lays anything out and keeps for every pass
// (book.sealed, read by the card sheets alone).
//
// They are laid out for the sheet they are given (sheet): the
// booklet's page, or a folded booklet's whole sheet, after its
// half-sheet pages (foldedBooklet.build). The pages they start
// (newPageOn, startOnPage), what they paint across the page (the
// instruction, the cut lines, a sheet's outlines), where the sealed cards
// lie (size) and what a sealed card's blocks ask of the page (blockCtx.page:
// a map, whether it is narrow) all take its size from sheet, never from
// the book; the running head and foot of their pages are given it by
// whoever sets them (newRenderer, foldedBooklet.build). One read is left:
// a table on a sealed card keeps its rows by the booklet's page height
// (rowKeeps, rowsKept), which on a card's frame, never full, decides
// nothing.
//
// What the rest of the booklet says of the cards stays the renderer's
// and the book's: a Cards block's line in its entry (cardsSpan,
// blockOf), how many play cards there are (playCount), the sealed
// section's title (cardsTitle), the sealed cards dealt (book.cards and
// cardOf: entries print their numbers) and the play cards (book.aids:
// the contents list them); and so does cutLines, which the play sheet's
// slips use (the card sheets paint cutFrame on their sheet).
type cardSheets struct {
	*renderer
	sheet pageBox // the page they print on
}

// newCardSheets starts the card sheets on a pass's renderer, to print on
// pages sheet's size: the book's sheet (book.sheet), which is its page
// but for a folded booklet's.
func newCardSheets(r *renderer, sheet pageBox) *cardSheets {
	return &cardSheets{renderer: r, sheet: sheet}
}

// sections prints the card sheets: the play cards' sheets, then the
// sealed cards' pages.
func (cs *cardSheets) sections() {
	cs.aidSection()
	cs.cardSection()
}

// pefKey names a sealed item: the entry's number and the item's index
// among the entry's sealed items, in order.
type pefKey struct{ entry, index int }

// card is one sealed card: an item of a Sealed block.
type card struct {
	number int
	e      *entry
	index  int
	item   *doc.SealedItem
	of     int // the items of its Sealed block
}

func (c *card) anchor() string { return "card/" + strconv.Itoa(c.number) }

// pefCards returns a card for every sealed item of every entry, not yet
// dealt.
func pefCards(es []*entry) []*card {
	var cs []*card
	for _, e := range es {
		i := 0
		for _, s := range sealedBlocks(e.enc.Blocks) {
			for k := range s.Items {
				cs = append(cs, &card{e: e, index: i, item: &s.Items[k], of: len(s.Items)})
				i++
			}
		}
	}
	return cs
}

// sealedName names what the cards hold: the Sealed blocks' title when
// they all have one, else "cards".
func sealedName(es []*entry) string {
	name := ""
	for _, e := range es {
		for _, s := range sealedBlocks(e.enc.Blocks) {
			if name == "" {
				name = s.Title
			}
			if s.Title != name {
				return "cards"
			}
		}
	}
	if name == "" {
		return "cards"
	}
	return name
}

// cardsTitle is the sealed section's title: "Sealed " and what they hold.
func (r *renderer) cardsTitle() string { return "Sealed " + r.sealedName }

// deal numbers the cards from the seed (plan.Deal), each entry's cards a
// group, and returns them in number order with the most a page may hold
// (plan.PageLimit) and each card by its entry and index.
func deal(seed string, cs []*card) (order []*card, limit int, byKey map[pefKey]*card) {
	var groups [][]*card
	for i, c := range cs {
		if i == 0 || c.e != cs[i-1].e {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], c)
	}
	order, window := plan.Deal(seed, groups)
	byKey = make(map[pefKey]*card, len(cs))
	for i, c := range order {
		c.number = i + 1
		byKey[pefKey{c.e.number, c.index}] = c
	}
	return order, plan.PageLimit(len(groups), len(cs), window), byKey
}

// Card layout in millimetres.
const (
	cardPad   = 3.5
	cardMinW  = 70.0 // the least width of a card: narrower, a sheet has one column
	cardHeadH = 9.0
	cardFootS = face.MinSize // the size of the card's foot line, in points: the smallest any text prints
	introS    = 9.0          // the instruction over a page of cards, in points
	backS     = 8.5          // the note over a page of backs, in points
)

// sealedFit is how the sealed cards lie on their pages, the same for
// every pass: the most a page may hold (plan.PageLimit), from the deal,
// and where each card lies, which the first pass works out
// (cardSheets.size).
type sealedFit struct {
	limit int
	lay   cardLayout
}

// cardLayout is where the sealed cards lie: in cols columns w mm wide,
// from top down a page of cards, each card as tall as what it holds
// (its spot, in card-number order). A page of cards is read down its
// first column, then the next: a column is one strip to cut from the
// page, then across into its cards.
type cardLayout struct {
	cols   int
	w, top float64
	spots  []cardSpot
}

// cardSpot is where one sealed card lies: on which page of cards (from
// 0), in which column, how far under the cards' top, and how tall.
type cardSpot struct {
	page, col int
	y, h      float64
}

// at returns the top-left corner of a card at spot s; on the back, the
// columns run the other way, so each back is behind its card.
func (l cardLayout) at(s cardSpot, back bool) (x, y float64) {
	c := s.col
	if back {
		c = l.cols - 1 - c
	}
	return side + float64(c)*l.w, l.top + s.y
}

// cardCols is how many cards a row of a sheet holds: two, or one on a
// page too narrow for two (a folded booklet's A5, which no sheet is).
func (cs *cardSheets) cardCols() int {
	if cs.sheet.narrow() {
		return 1
	}
	return 2
}

// cardPapers are the pages sealed cards print on, in millimetres: A4 and
// Letter, whole sheets, whether the booklet is flat or folded (a folded
// booklet's cards print flat on sheets of their own: Fold). Sealed cards
// lie the same way on all of them, so that a Letter page holds as many
// as an A4 page, and a folded booklet's card sheets as many as the flat
// booklet's pages of cards.
func cardPapers() []pageBox {
	var out []pageBox
	for _, p := range []string{"a4", "letter"} {
		_, w, h, _ := paperSize(p)
		out = append(out, pageBox{w, h})
	}
	return out
}

// introText is the instruction over a page of cards; backText the note
// over a page of backs.
func (cs *cardSheets) introText() string {
	return cs.cardsTitle() + ": read a card only when its encounter sends you to it. Cut along the dashed lines."
}

func (cs *cardSheets) backText() string {
	return "The backs of the cards overleaf: printed double-sided, each card shows its number on the back."
}

// cardTop is where the first row of cards starts: under the instruction
// over a page of cards or the note over a page of backs, whichever is
// taller, so that the backs lie behind the fronts.
func (cs *cardSheets) cardTop() float64 {
	w := cs.sheet.contentW()
	return bodyTop + max(cs.introFrame().H, cs.textFrame(cs.backText(), "", backS, w, "L", backGrey).H) + 2
}

// backGrey is the grey of what a page of backs and a card's back say
// but its number.
const backGrey = 80

// introFrame is the instruction over a page of cards, laid out across
// the sheet.
func (cs *cardSheets) introFrame() *frame.Frame {
	return cs.textFrame(cs.introText(), "B", introS, cs.sheet.contentW(), "L", 0)
}

// textFrame lays out text wrapped to w in a style and size, in a grey,
// each line aligned in w as align says: a line lh(size) tall under the
// one before, the frame as tall as its lines.
func (cs *cardSheets) textFrame(text, style string, size, w float64, align string, grey int) *frame.Frame {
	cs.font(style, size)
	lines := cs.split(text, w)
	f := &frame.Frame{W: w, H: float64(len(lines)) * lh(size), Say: cs.cov.printable(text), Marks: make([]frame.Mark, len(lines))}
	for i, l := range lines {
		f.Marks[i] = frame.Text{Y: float64(i) * lh(size), W: w, H: lh(size), Font: frame.Font{Family: face.Sans, Style: style, Size: size}, Grey: grey, Align: align, S: l}
	}
	return f
}

// size lays out the sealed cards (layCards) for their pages, on the
// sheet they are given (whole sheets whether the booklet is flat or
// folded), before the renderer lays anything out, and keeps where they
// lie for every pass (book.sealed). Measuring them leaves the font wanted
// as it was, and the renderer's frame untouched: a card's text is laid
// out for the card's width (cardPieces).
func (cs *cardSheets) size() error {
	if len(cs.cards) == 0 {
		return nil
	}
	defer func(want fontSel) { cs.f.font.want = want }(cs.f.font.want)
	l, err := cs.layCards(cs.sealed.limit)
	if err != nil {
		return err
	}
	cs.sealed.lay = l
	return nil
}

// layCards lays out the sealed cards, in number order, each as tall as
// what it holds (its face, or its back where that is taller; the cards
// of one entry all as tall as the tallest of them), its type
// at the cards' own sizes (cardLook), never smaller: down the first
// column of a page until the next card would run past the page's foot
// or the column holds half the page's cards (limit, rounded up), then
// down the next, then on to the next page, at most limit cards to a
// page. A card is as tall on A4 as on Letter, and a page ends where it
// would on the shorter of the two (cardPapers), so that every paper,
// flat or folded, has the same pages of cards. A card too tall for a
// page is an error: it would be cut short. The cards are measured on
// the renderer as card sheets of each paper in turn; their feet name a
// page as wide as any ("000"), the pages not being known.
func (cs *cardSheets) layCards(limit int) (cardLayout, error) {
	cols := min(cs.cardCols(), limit)
	papers := cardPapers()
	if !slices.Contains(papers, cs.sheet) {
		papers = []pageBox{cs.sheet}
	}
	hs := make([]float64, len(cs.cards))
	avail := math.Inf(1)
	for _, p := range papers {
		on := cs
		if p != cs.sheet {
			on = newCardSheets(cs.renderer, p)
		}
		w := on.sheet.contentW() / float64(cols)
		avail = min(avail, on.sheet.bottom()-on.cardTop()-1.5) // clear of the footer
		back := on.cardBack(cs.cards[0], w, 0).H               // every back is as tall
		for i, c := range cs.cards {
			f, _ := on.cardFace(c, w, 0, "000")
			hs[i] = max(hs[i], back, math.Ceil(f.H*10)/10)
		}
	}
	// The cards of one entry are as tall as the tallest of them: cut out
	// and laid face down, an entry's cards must not tell a contact (a
	// taller card) from nothing there. Cards of other entries may differ.
	tallest := map[*entry]float64{}
	for i, c := range cs.cards {
		tallest[c.e] = max(tallest[c.e], hs[i])
	}
	for i, c := range cs.cards {
		hs[i] = tallest[c.e]
	}
	perCol := (limit + cols - 1) / cols
	l := cardLayout{cols: cols, w: cs.sheet.contentW() / float64(cols), top: cs.cardTop()}
	at := cardSpot{}
	n, inCol := 0, 0 // cards on the page, in the column
	for _, h := range hs {
		if h > avail+0.001 {
			return cardLayout{}, fmt.Errorf("a sealed card is %.0f mm tall but a sheet holds %.0f mm", h, avail)
		}
		switch {
		case n == limit:
			at, n, inCol = cardSpot{page: at.page + 1}, 0, 0
		case at.y+h > avail+0.001 || inCol == perCol:
			if at.col+1 < cols {
				at, inCol = cardSpot{page: at.page, col: at.col + 1}, 0
			} else {
				at, n, inCol = cardSpot{page: at.page + 1}, 0, 0
			}
		}
		at.h = h
		l.spots = append(l.spots, at)
		at.y += h
		n++
		inCol++
	}
	return l, nil
}

// cardSection prints the pages of cards, each on a right-hand page with
// the cards in card-number order where layCards put them, with dashed
// lines to cut along. The page behind each holds the cards' backs,
// mirrored, so that cards printed double-sided and cut out show their
// number on the back and can be kept face down.
func (cs *cardSheets) cardSection() {
	l := cs.sealed.lay
	if len(l.spots) == 0 { // no sealed cards, or none laid out (size)
		return
	}
	for first := 0; first < len(cs.cards); {
		page := l.spots[first].page
		end := first
		for end < len(cs.cards) && l.spots[end].page == page {
			end++
		}
		cs.cardPage(first == 0)
		for i := first; i < end; i++ {
			c, s := cs.cards[i], l.spots[i]
			x, y := l.at(s, false)
			cs.paintMarks(cutFrame(cs.sheet, x, y, l.w, s.h), 0, 0)
			cs.mark(c.anchor(), y)
			cs.lay.pages[fmt.Sprintf("pef/%d/%d", c.e.number, c.index)] = cs.f.PageNo()
			cs.lay.cards = append(cs.lay.cards, cardBox{card: c.number, entry: c.e.number, page: cs.f.PageNo(), x: x, y: y, w: l.w, h: s.h})
			cs.drawCard(c, x, y, l.w, s.h)
		}
		cs.cardBacks(first, end)
		first = end
	}
}

// cardBox is where a card was printed, for tests.
type cardBox struct {
	card, entry, page int
	x, y, w, h        float64
}

// cardBacks prints the backs of the cards first to end (a page of
// them) on the next page, each behind its card when the sheet is printed
// on both sides (flipped on the long edge): its number, what it is, and
// the booklet's title at its foot.
func (cs *cardSheets) cardBacks(first, end int) {
	l := cs.sealed.lay
	cs.newPageOn(cs.sheet, cs.cardsTitle()+": backs")
	cs.paint(cs.textFrame(cs.backText(), "", backS, cs.sheet.contentW(), "L", backGrey), side, bodyTop)
	for i := first; i < end; i++ {
		s := l.spots[i]
		x, y := l.at(s, true)
		cs.paintMarks(cutFrame(cs.sheet, x, y, l.w, s.h), 0, 0)
		cs.lay.backs = append(cs.lay.backs, cardBox{card: cs.cards[i].number, entry: cs.cards[i].e.number, page: cs.f.PageNo(), x: x, y: y, w: l.w, h: s.h})
		cs.paint(cs.cardBack(cs.cards[i], l.w, s.h), x, y)
	}
}

// backNote is what a card's back says under its number.
const backNote = "Sealed: read it only when its encounter sends you to it"

// cardBack lays out a card's back w wide and h tall: its number large
// with the note under it, the two about the middle, and the booklet's
// title at its foot. For h 0 (to size the cards) the back is as tall as
// it needs: the number's line and the note, each half about the middle
// as tall as the larger, over the title's lines, with the pad above and
// below.
func (cs *cardSheets) cardBack(c *card, w, h float64) *frame.Frame {
	iw := w - 2*cardPad
	note := cs.textFrame(backNote, "", 8, iw, "C", backGrey)
	title := cs.textFrame(cs.cov.printable(cs.title()), "", 7, iw, "C", backGrey)
	if h == 0 {
		mid := lh(26)/2 - 1 + note.H
		h = 2*max(mid, lh(26)/2+2) + 2*(cardPad+title.H)
	}
	label := "Card " + strconv.Itoa(c.number)
	number := &frame.Frame{W: w, H: lh(26), Say: label, Marks: []frame.Mark{
		frame.Text{W: w, H: lh(26), Font: frame.Font{Family: face.Sans, Style: "B", Size: 26}, Align: "C", S: label}}}
	return &frame.Frame{W: w, H: h, Marks: []frame.Mark{
		frame.Sub{Y: h/2 - lh(26)/2 - 2, F: number, KeepInk: true},
		frame.Sub{X: cardPad, Y: h/2 + lh(26)/2 - 1, F: note, KeepInk: true},
		frame.Sub{X: cardPad, Y: h - cardPad - title.H, F: title, KeepInk: true},
	}}
}

// cardFace lays out a card's face w wide and h tall, its foot naming the entry's page as page: its head from the inner
// corner (cardHead), what it says under it (cardPieces, laid out
// unbroken: piecesFrame) and its foot at the inner foot (cardFootFrame).
// It returns how far what it says runs past the foot's top (over: 0 or
// less when it fits). For h 0 (to size the cards) the face is as tall as
// a card needs: the head, what it says and the foot, with the pad round
// them, and the space above what it says first (lead). That space its
// text does not take, at the top under the head, but cards have always
// been sized with it (as layPieces measures pieces), and sized
// without it some booklets' cards come out in other sizes.
func (cs *cardSheets) cardFace(c *card, w, h float64, page string) (f *frame.Frame, over float64) {
	head := cs.cardHead(c, w)
	ps := cs.cardPieces(c, w-2*cardPad)
	body := cs.piecesFrame(ps, w-2*cardPad)
	foot := cs.cardFootFrame(c, w, page)
	if h == 0 {
		lead := 0.0
		if len(ps) > 0 {
			lead = ps[0].before
			if ps[0].sp != nil {
				lead = ps[0].sp.before
			}
		}
		h = head.H + 2*cardPad + foot.H + (lead + body.H)
	}
	footTop := h - cardPad - foot.H
	return &frame.Frame{W: w, H: h, Marks: []frame.Mark{
		frame.Sub{X: cardPad, Y: cardPad, F: head, KeepInk: true},
		frame.Sub{X: cardPad, Y: cardPad + head.H, F: body, KeepInk: true},
		frame.Sub{X: cardPad, Y: footTop, F: foot, KeepInk: true},
	}}, cardPad + head.H + body.H - footTop
}

// scaled is a look with every type size times k.
func (lk look) scaled(k float64) look {
	lk.size, lk.note, lk.head = lk.size*k, lk.note*k, lk.head*k
	lk.table = lk.table.scaled(k)
	return lk
}

// cardPieces is what a card says, for a text w wide (the card's less
// its pad): its item's blocks, drawn as everywhere else, in the cards'
// look (cardLook), whose tables give way by their columns (stacked)
// rather than by type under face.MinSize.
// Which item it is goes in small print at the foot (cardFoot), so that
// the eye lands on nothing that names an encounter.
func (cs *cardSheets) cardPieces(c *card, w float64) []piece {
	return cs.pieces(c.item.Blocks, cardLook, 0, blockCtx{page: cs.sheet}, w)
}

// cardFoot is the small print at a card's foot that names its entry and
// item, to check the card is the one you meant to read.
// page is the entry's page as printed.
func cardFoot(c *card, page string) span {
	e, it := c.e, c.item
	return span{text: fmt.Sprintf("%s · %s (%d of %d) · %s, page %s.", e.name(), it.Title, it.Number, c.of, e.enc.Title, page), size: cardFootS, grey: true}
}

// cardFootFrame lays out a card's foot inside a card w wide, naming the
// entry's page as page: a gap, a hairline and the foot line's lines,
// from the foot's top at the card's inner edge.
func (cs *cardSheets) cardFootFrame(c *card, w float64, page string) *frame.Frame {
	iw := w - 2*cardPad
	ls := cs.laySpan(cardFoot(c, page), iw)
	rule := &frame.Frame{W: iw, H: 2.5, Marks: []frame.Mark{frame.Rule{Y1: 1.5, X2: iw, Y2: 1.5, Grey: 170, Width: 0.15}}}
	f := &frame.Frame{W: iw, H: 2.5 + ls.h, Marks: []frame.Mark{frame.Sub{F: rule}}}
	y := 2.5
	for _, l := range ls.lines {
		f.Marks = append(f.Marks, frame.Sub{Y: y, F: l, KeepInk: true}) // text alone: the ink stays as it was
		y += l.H
	}
	return f
}

// cardTag is a card's tag as printed, and the lines it takes: beside
// the card's number when it fits there, else on lines of its own under
// it, as many as it needs.
func (cs *cardSheets) cardTag(c *card, w float64) (lines []string, beside bool) {
	if c.item.Tag == "" {
		return nil, false
	}
	iw := w - 2*cardPad
	tag := strings.ToUpper(cs.cov.printable(c.item.Tag))
	cs.font("B", 16)
	room := iw - cs.f.GetStringWidth("Card 000") - 5
	cs.font("B", 8)
	if cs.f.GetStringWidth(tag)+3 <= room {
		return []string{tag}, true
	}
	return cs.split(tag, iw-3), false
}

// tagH is the height of a line of a tag.
const tagH = 5.0

// cardHead lays out a card's head inside a card w wide, from the card's
// inner corner: its number, its tag (white on black, beside the number
// or on lines of its own under it) and the rule under them. Its height
// is the head's: cardHeadH, and the tag's lines when it takes lines of
// its own.
func (cs *cardSheets) cardHead(c *card, w float64) *frame.Frame {
	iw := w - 2*cardPad
	head := "Card " + strconv.Itoa(c.number)
	tags, beside := cs.cardTag(c, w)
	h := cardHeadH
	if !beside {
		h = cardHeadH + float64(len(tags))*(tagH+0.5)
	}
	number := &frame.Frame{W: iw, H: cardHeadH - 1, Say: head, Marks: []frame.Mark{
		frame.Text{W: iw, H: cardHeadH - 1, Font: frame.Font{Family: face.Sans, Style: "B", Size: 16}, Align: "L", S: head}}}
	f := &frame.Frame{W: iw, H: h, Marks: []frame.Mark{frame.Sub{Y: -1, F: number, KeepInk: true}}}
	ty := 0.5
	if !beside {
		ty = cardHeadH - 0.5
	}
	for _, tag := range tags {
		cs.font("B", 8)
		tw := cs.f.GetStringWidth(tag) + 3
		f.Marks = append(f.Marks, frame.Sub{X: iw - tw, Y: ty, F: &frame.Frame{W: tw, H: tagH, Say: tag, Marks: []frame.Mark{
			frame.Text{W: tw, H: tagH, Font: frame.Font{Family: face.Sans, Style: "B", Size: 8}, Grey: 255, Filled: true, Fill: 0, Align: "C", S: tag}}}})
		ty += tagH + 0.5
	}
	rule := &frame.Frame{W: iw, H: h, Marks: []frame.Mark{frame.Rule{Y1: h - 0.5, X2: iw, Y2: h - 0.5, Width: 0.3}}}
	f.Marks = append(f.Marks, frame.Sub{F: rule})
	return f
}

// cardPage starts a page of cards on a right-hand page, under the
// instruction.
func (cs *cardSheets) cardPage(first bool) {
	cs.startOnPage(cs.sheet, false, cs.cardsTitle())
	if first {
		cs.mark("cards", bodyTop)
		cs.bookmark(cs.cardsTitle(), 0, bodyTop)
	}
	cs.paintMarks(cs.introFrame(), side, bodyTop)
}

// cutLines paints the dashed lines to cut a card w × h at (x, y) out
// along, on one of the booklet's pages (cutFrame): the play sheet's
// slips. The card sheets paint cutFrame on their sheet.
func (r *renderer) cutLines(x, y, w, h float64) {
	r.paintMarks(cutFrame(r.page(), x, y, w, h), 0, 0)
}

// cutFrame lays out the dashed lines to cut a card w × h at (x, y) out
// along (frame.Cut): a frame of a page pg's size, placed at its corner.
func cutFrame(pg pageBox, x, y, w, h float64) *frame.Frame {
	return &frame.Frame{W: pg.w, H: pg.h, Marks: []frame.Mark{frame.Cut{X: x, Y: y, W: w, H: h}}}
}

// drawCard draws one card in its cell, w × h at (x, y): its face laid
// out for the cell (cardFace), clipped to it. A card whose text runs past
// its foot is an error, not a card cut short.
func (cs *cardSheets) drawCard(c *card, x, y, w, h float64) {
	f, over := cs.cardFace(c, w, h, cs.pageOf(c.e.anchor()))
	if over > 0.01 {
		cs.f.SetErrorf("card %d (entry %d, item %d) runs %.1f mm past its box", c.number, c.e.number, c.item.Number, over)
	}
	cs.paintMarks(&frame.Frame{W: w, H: h, Marks: []frame.Mark{frame.Sub{F: f, KeepInk: true, Clip: true}}}, x, y)
}
