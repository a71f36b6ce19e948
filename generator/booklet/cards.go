package booklet

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/generator/booklet/plan"
)

// pefKey names a sealed item: the entry's number and the item's index
// among the entry's sealed items, in order.
type pefKey struct{ entry, index int }

// card is one sealed card: an item of a Sealed block.
type card struct {
	number int
	sheet  int // the sheet of cards it is printed on, from 0
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
	return order, plan.PageLimit(len(groups), window), byKey
}

// paginate puts the cards, in number order, perPage to a page
// (plan.Paginate), and notes each card's page of cards.
func paginate(order []*card, perPage int) [][]*card {
	pages := plan.Paginate(order, perPage)
	for i, p := range pages {
		for _, c := range p {
			c.sheet = i
		}
	}
	return pages
}

// Card layout in millimetres.
const (
	cardPad   = 3.5
	cardMinW  = 70.0 // the least width of a card: narrower, a sheet has one column
	cardHeadH = 9.0
	cardMinH  = 55.0 // the least height of a card
	cardFootS = 6.5  // the size of the card's foot line, in points
	introS    = 9.0  // the instruction over a page of cards, in points
	backS     = 8.5  // the note over a page of backs, in points
)

// cardScales are the type sizes the cards' text tries, as multiples of
// cardLook's, largest first: a smaller size is taken only when it puts
// another row of cards on the page, on both papers (cardPapers), or lets
// Letter hold as many rows as A4. 0.935 keeps table cells at 7 pt, the
// play sheets' floor; the last, 0.9, sets them at 6.75 pt (the body at
// 7.65), above tables' 6 pt floor (tableFloor), for the row it gains:
// Half a Year of Swords' tallest sealed cards, 118 mm at 0.935 where a
// Letter page has 115.5 mm for each of two rows, held every page of its
// 128 cards to two.
var cardScales = []float64{1, 0.965, 0.935, 0.9}

// cardGrid is how sealed cards lie on a page: cols × rows cards of w × h
// mm from (side, top), their text at scale k.
type cardGrid struct {
	cols, rows int
	w, h, top  float64
	k          float64
}

func (g cardGrid) perPage() int { return g.cols * g.rows }

// cell returns the top-left corner of the i-th card of a page; on the
// back, the columns run the other way, so each back is behind its card.
func (g cardGrid) cell(i int, back bool) (x, y float64) {
	c := i % g.cols
	if back {
		c = g.cols - 1 - c
	}
	return side + float64(c)*g.w, g.top + float64(i/g.cols)*g.h
}

// cardCols is how many cards a row of a sheet holds: two, or one on a
// page too narrow for two (a folded booklet's A5).
func (b *book) cardCols() int {
	if b.narrow() {
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
func cardPapers() [][2]float64 {
	var out [][2]float64
	for _, p := range []string{"a4", "letter"} {
		_, w, h, _ := paperSize(p)
		out = append(out, [2]float64{w, h})
	}
	return out
}

// introText is the instruction over a page of cards; backText the note
// over a page of backs.
func (r *renderer) introText() string {
	return r.cardsTitle() + ": read a card only when its encounter sends you to it. Cut along the dashed lines."
}

func (r *renderer) backText() string {
	return "The backs of the cards overleaf: printed double-sided, each card shows its number on the back."
}

// cardTop is where the first row of cards starts: under the instruction
// over a page of cards or the note over a page of backs, whichever is
// taller, so that the backs lie behind the fronts.
func (r *renderer) cardTop() float64 {
	w := r.contentW()
	return bodyTop + max(r.textHeight(r.introText(), "B", introS, w), r.textHeight(r.backText(), "", backS, w)) + 2
}

// textHeight measures text wrapped to w in a style and size.
func (r *renderer) textHeight(text, style string, size, w float64) float64 {
	r.font(style, size)
	return float64(len(r.split(text, w))) * lh(size)
}

// textLines draws text wrapped to w from (x, y), each line aligned as
// align says, records it for tests, and returns the height it took.
func (r *renderer) textLines(text, style string, size, x, y, w float64, align string) float64 {
	r.font(style, size)
	lines := r.split(text, w)
	for i, l := range lines {
		r.f.SetXY(x, y+float64(i)*lh(size))
		r.f.CellFormat(w, lh(size), l, "", 0, align, false, 0, "")
	}
	r.record(r.cov.printable(text))
	return float64(len(lines)) * lh(size)
}

// sizeSheets sizes the sealed cards (sizeCards) and puts them on their
// pages, on whole sheets whether the booklet is flat or folded (onSheet),
// before the renderer lays anything out. Measuring them leaves the font
// wanted and the renderer's frame as they were.
func (r *renderer) sizeSheets() error {
	if len(r.cards) == 0 {
		return nil
	}
	defer func(want fontSel, fr cursor) { r.f.font.want, r.fr = want, fr }(r.f.font.want, r.fr)
	defer r.onSheet()()
	g, err := r.sizeCards(r.cardLimit)
	if err != nil {
		return err
	}
	r.cardGrid = g
	r.sheets = paginate(r.cards, g.perPage())
	return nil
}

// sizeCards lays out the sealed cards: every card the same size, so that
// a card's size says nothing of what it holds, as many rows to a page as
// the tallest card allows on both papers, A4 and Letter, whole sheets
// whether the booklet is flat or folded (cardPapers), at most limit cards
// to a page, and the text as large as fits that. The cards
// fill the page's height. A card too tall for a page even at the
// smallest type is an error: it would be cut short. The cards are
// measured on the renderer, its page set to each paper in turn; their
// feet name a page as wide as any ("000"), the pages not being known.
func (r *renderer) sizeCards(limit int) (cardGrid, error) {
	type fit struct {
		avail   float64
		tallest []float64 // by scale
	}
	measure := func() fit {
		w := r.contentW() / float64(min(r.cardCols(), limit))
		f := fit{avail: r.bottom() - r.cardTop() - 1.5} // clear of the footer
		for _, k := range cardScales {
			h := cardMinH
			for _, c := range r.cards {
				h = max(h, r.cardHeight(c, w, k))
			}
			f.tallest = append(f.tallest, math.Ceil(h*10)/10)
		}
		return f
	}
	own := measure()
	var fits []fit
	for _, p := range cardPapers() {
		if p[0] == r.pw && p[1] == r.ph {
			fits = append(fits, own)
			continue
		}
		pw, ph := r.pw, r.ph
		r.pw, r.ph = p[0], p[1]
		fits = append(fits, measure())
		r.pw, r.ph = pw, ph
	}
	// scaleFor is the largest scale at which f's tallest card fits a row
	// of a page of rows, or -1.
	scaleFor := func(f fit, rows int) int {
		for i, h := range f.tallest {
			if h <= f.avail/float64(rows)+0.001 {
				return i
			}
		}
		return -1
	}
	cols := min(r.cardCols(), limit)
	rows := 0
	for n := limit / cols; n >= 1 && rows == 0; n-- {
		ok := true
		for _, f := range fits {
			ok = ok && scaleFor(f, n) >= 0
		}
		if ok {
			rows = n
		}
	}
	if rows == 0 {
		// Some other paper cannot hold the tallest card: this one
		// goes as far as it can alone.
		for n := limit / cols; n >= 1 && rows == 0; n-- {
			if scaleFor(own, n) >= 0 {
				rows = n
			}
		}
	}
	if rows == 0 {
		return cardGrid{}, fmt.Errorf("a sealed card is %.0f mm tall but a sheet holds %.0f mm", own.tallest[len(own.tallest)-1], own.avail)
	}
	k := cardScales[scaleFor(own, rows)]
	return cardGrid{cols: cols, rows: rows, w: r.contentW() / float64(cols), h: math.Floor(own.avail/float64(rows)*10) / 10, top: r.cardTop(), k: k}, nil
}

// cardSection prints the pages of cards, each on a right-hand page with
// the cards in card-number order, cardCols() to a row, every card the
// same size, with dashed lines to cut along. The page behind each holds
// the cards' backs, mirrored, so that cards printed double-sided and cut
// out show their number on the back and can be kept face down.
func (r *renderer) cardSection() {
	g := r.cardGrid
	for s, sheet := range r.sheets {
		r.cardPage(s == 0)
		for i, c := range sheet {
			x, y := g.cell(i, false)
			r.cutLines(x, y, g.w, g.h)
			r.mark(c.anchor(), y)
			r.lay.pages[fmt.Sprintf("pef/%d/%d", c.e.number, c.index)] = r.f.PageNo()
			r.lay.cards = append(r.lay.cards, cardBox{card: c.number, entry: c.e.number, page: r.f.PageNo(), x: x, y: y, w: g.w, h: g.h})
			r.drawCard(c, x, y, g.w, g.h)
		}
		r.cardBacks(sheet)
	}
}

// cardBox is where a card was printed, for tests.
type cardBox struct {
	card, entry, page int
	x, y, w, h        float64
}

// cardBacks prints the backs of a page's cards on the next page, each
// behind its card when the sheet is printed on both sides (flipped on the
// long edge): its number, what it is, and the booklet's title at its foot.
func (r *renderer) cardBacks(sheet []*card) {
	g := r.cardGrid
	r.newPage(r.cardsTitle() + ": backs")
	r.f.SetTextColor(80, 80, 80)
	r.textLines(r.backText(), "", backS, side, bodyTop, r.contentW(), "L")
	r.ink()
	iw := g.w - 2*cardPad
	for i, c := range sheet {
		x, y := g.cell(i, true)
		r.cutLines(x, y, g.w, g.h)
		r.font("B", 26)
		r.f.SetXY(x, y+g.h/2-lh(26)/2-2)
		r.f.CellFormat(g.w, lh(26), "Card "+strconv.Itoa(c.number), "", 0, "C", false, 0, "")
		r.record("Card " + strconv.Itoa(c.number))
		r.f.SetTextColor(80, 80, 80)
		r.textLines(backNote, "", 8, x+cardPad, y+g.h/2+lh(26)/2-1, iw, "C")
		title := r.cov.printable(r.title())
		th := r.textHeight(title, "", 7, iw)
		r.textLines(title, "", 7, x+cardPad, y+g.h-cardPad-th, iw, "C")
		r.ink()
	}
}

// backNote is what a card's back says under its number.
const backNote = "Sealed: read it only when its encounter sends you to it"

// backHeight is the least height of a card's back: its number, the note
// and the booklet's title, w wide.
func (r *renderer) backHeight(w float64) float64 {
	iw := w - 2*cardPad
	mid := lh(26)/2 - 1 + r.textHeight(backNote, "", 8, iw)
	return 2*max(mid, lh(26)/2+2) + 2*(cardPad+r.textHeight(r.cov.printable(r.title()), "", 7, iw))
}

// cardHeight measures a card w wide with its text at scale k.
func (r *renderer) cardHeight(c *card, w, k float64) float64 {
	h := r.cardHeadHeight(c, w) + 2*cardPad + r.cardFootH(c, w, "000") + r.piecesHeight(r.cardPieces(c, k), w-2*cardPad)
	return max(h, r.backHeight(w))
}

// scaled is a look with every type size times k.
func (lk look) scaled(k float64) look {
	lk.size, lk.note, lk.head = lk.size*k, lk.note*k, lk.head*k
	lk.table = lk.table.scaled(k)
	return lk
}

// cardPieces is what a card says, at scale k: its item's blocks, drawn as
// everywhere else. Which item it is goes in small print at the foot
// (cardFoot), so that the eye lands on nothing that names an encounter.
func (r *renderer) cardPieces(c *card, k float64) []piece {
	return r.pieces(c.item.Blocks, cardLook.scaled(k), 0, blockCtx{})
}

// cardFoot is the small print at a card's foot that names its entry and
// item, to check the card is the one you meant to read.
// page is the entry's page as printed.
func cardFoot(c *card, page string) span {
	e, it := c.e, c.item
	return span{text: fmt.Sprintf("%s · %s (%d of %d) · %s, page %s.", e.name(), it.Title, it.Number, c.of, e.enc.Title, page), size: cardFootS, grey: true}
}

// cardFootH is the height of a card's foot: a gap, a hairline and the
// foot line, naming the entry's page as page.
func (r *renderer) cardFootH(c *card, w float64, page string) float64 {
	return 2.5 + r.spanHeight(cardFoot(c, page), w-2*cardPad)
}

// cardTag is a card's tag as printed, and the lines it takes: beside
// the card's number when it fits there, else on lines of its own under
// it, as many as it needs.
func (r *renderer) cardTag(c *card, w float64) (lines []string, beside bool) {
	if c.item.Tag == "" {
		return nil, false
	}
	iw := w - 2*cardPad
	tag := strings.ToUpper(r.cov.printable(c.item.Tag))
	r.font("B", 16)
	room := iw - r.f.GetStringWidth("Card 000") - 5
	r.font("B", 8)
	if r.f.GetStringWidth(tag)+3 <= room {
		return []string{tag}, true
	}
	return r.split(tag, iw-3), false
}

// tagH is the height of a line of a tag.
const tagH = 5.0

// cardHeadHeight is the height of a card's head: its number, and its tag
// when the tag takes lines of its own.
func (r *renderer) cardHeadHeight(c *card, w float64) float64 {
	lines, beside := r.cardTag(c, w)
	if beside {
		return cardHeadH
	}
	return cardHeadH + float64(len(lines))*(tagH+0.5)
}

// cardPage starts a page of cards on a right-hand page, under the
// instruction.
func (r *renderer) cardPage(first bool) {
	r.startOn(false, r.cardsTitle())
	if first {
		r.mark("cards", bodyTop)
		r.bookmark(r.cardsTitle(), 0, bodyTop)
	}
	r.textLines(r.introText(), "B", introS, side, bodyTop, r.contentW(), "L")
}

// cutLines draws the dashed lines around a card w × h at (x, y): each
// edge from its top or left end, so that the edge two cards share is
// drawn twice in step and stays dashed (a rectangle drawn round runs
// the shared edge up on one card and down on the other, and the dashes
// of the two filled each other's gaps: a solid line under "Cut along
// the dashed lines").
func (r *renderer) cutLines(x, y, w, h float64) {
	r.f.SetDrawColor(100, 100, 100)
	r.f.SetLineWidth(0.25)
	r.f.SetDashPattern([]float64{2, 1.5}, 0)
	r.f.Line(x, y, x+w, y)
	r.f.Line(x, y+h, x+w, y+h)
	r.f.Line(x, y, x, y+h)
	r.f.Line(x+w, y, x+w, y+h)
	r.ink()
}

// drawCard draws one card in its cell. A card whose text runs past its
// foot is an error, not a card cut short.
func (r *renderer) drawCard(c *card, x, y, w, h float64) {
	r.f.ClipRect(x, y, w, h, false)
	defer r.f.ClipEnd()
	ix, iw := x+cardPad, w-2*cardPad
	r.font("B", 16)
	r.f.SetXY(ix, y+cardPad-1)
	head := "Card " + strconv.Itoa(c.number)
	r.f.CellFormat(iw, cardHeadH-1, head, "", 0, "L", false, 0, "")
	r.record(head)
	tags, beside := r.cardTag(c, w)
	ty := y + cardPad + 0.5
	if !beside {
		ty = y + cardPad + cardHeadH - 0.5
	}
	for _, tag := range tags {
		r.font("B", 8)
		tw := r.f.GetStringWidth(tag) + 3
		r.f.SetFillColor(0, 0, 0)
		r.f.SetTextColor(255, 255, 255)
		r.f.SetXY(ix+iw-tw, ty)
		r.f.CellFormat(tw, tagH, tag, "", 0, "C", true, 0, "")
		r.record(tag)
		r.ink()
		ty += tagH + 0.5
	}
	headH := r.cardHeadHeight(c, w)
	r.f.SetLineWidth(0.3)
	r.f.Line(ix, y+cardPad+headH-0.5, ix+iw, y+cardPad+headH-0.5)
	r.ink()
	page := r.pageOf(c.e.anchor())
	footTop := y + h - cardPad - r.cardFootH(c, w, page)
	outer := r.fr
	r.fr = cursor{x: ix, w: iw, top: y + cardPad + headH, y: y + cardPad + headH, bottom: footTop, brk: func() {}}
	r.flowPieces(r.cardPieces(c, r.cardGrid.k))
	if r.fr.y > footTop+0.01 {
		r.f.SetErrorf("card %d (entry %d, item %d) runs %.1f mm past its box", c.number, c.e.number, c.item.Number, r.fr.y-footTop)
	}
	r.f.SetDrawColor(170, 170, 170)
	r.f.SetLineWidth(0.15)
	r.f.Line(ix, footTop+1.5, ix+iw, footTop+1.5)
	r.ink()
	r.fr = cursor{x: ix, w: iw, top: footTop + 2.5, y: footTop + 2.5, bottom: y + h - cardPad, brk: func() {}}
	r.flow(cardFoot(c, page))
	r.fr = outer
}
