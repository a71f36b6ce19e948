package booklet

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sortie-wargames/sortie/engine/dice"
	"github.com/sortie-wargames/sortie/engine/doc"
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

// deal puts the cards on sheets of perSheet cards and numbers them, from
// the seed (the stream "booklet/cards"), so that the cards around the one
// you read say nothing about the encounter you are playing, and no sheet
// holds two cards of one entry: a card seen through the paper, on the
// back or beside the one you cut out is never one of your encounter's.
//
// The entries are taken in a shuffled order and their cards listed entry
// by entry; card i goes on sheet i mod P, where P is the number of sheets
// (enough for every card, and at least as many as the largest entry has
// sealed items, so an entry's cards land on P distinct sheets). Each sheet is then
// shuffled and the cards numbered sheet by sheet. The sheets come back in
// order, each with its cards in card-number order.
func deal(seed string, cs []*card, perSheet int) ([][]*card, map[pefKey]*card) {
	byKey := make(map[pefKey]*card, len(cs))
	if len(cs) == 0 {
		return nil, byKey
	}
	r := dice.New(seed).Stream("booklet", "cards")
	shuffle := func(n int, swap func(i, j int)) {
		for i := n - 1; i > 0; i-- {
			swap(i, r.Die(i+1)-1)
		}
	}
	var groups [][]*card
	for i, c := range cs {
		if i == 0 || c.e != cs[i-1].e {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], c)
	}
	shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })
	n := (len(cs) + perSheet - 1) / perSheet
	for _, g := range groups {
		n = max(n, len(g))
	}
	sheets := make([][]*card, n)
	i := 0
	for _, g := range groups {
		for _, c := range g {
			sheets[i%n] = append(sheets[i%n], c)
			i++
		}
	}
	number := 1
	for s, sheet := range sheets {
		shuffle(len(sheet), func(i, j int) { sheet[i], sheet[j] = sheet[j], sheet[i] })
		for _, c := range sheet {
			c.number, c.sheet = number, s
			number++
			byKey[pefKey{c.e.number, c.index}] = c
		}
	}
	return sheets, byKey
}

// Card layout in millimetres.
const (
	cardPad   = 3.5
	cardMinW  = 70.0 // the least width of a card: narrower, a sheet has one column
	cardHeadH = 9.0
	cardIntro = 9.0  // the line at the top of each card page
	cardMinH  = 60.0 // the least height of a card
	cardFootS = 6.5  // the size of the card's foot line, in points
)

// cardCols is how many cards a row of a sheet holds: two, or one on a
// page too narrow for two (a folded booklet's A5).
func (b *book) cardCols() int {
	if b.narrow() {
		return 1
	}
	return 2
}

// cardTop is where the first row of cards starts on a sheet.
const cardTop = bodyTop + cardIntro

// sizeCards measures every card and returns the one size they are all
// printed at, tall enough for the tallest, and how many rows of them a
// sheet holds. A card taller than a sheet is an error: it would be cut
// short.
func (r *renderer) sizeCards() (w, h float64, rows int, err error) {
	w = r.contentW() / float64(r.cardCols())
	h = cardMinH
	for _, c := range r.cards {
		h = max(h, r.cardHeight(c, w))
	}
	h = math.Ceil(h)
	avail := r.bottom() - cardTop
	if h > avail {
		return 0, 0, 0, fmt.Errorf("a sealed card is %.0f mm tall but a sheet holds %.0f mm", h, avail)
	}
	return w, h, int((avail + 0.01) / h), nil
}

// cardSection prints the sheets, each on a right-hand page with the
// cards in card-number order, cardCols() to a row, every card the same
// size, with dashed lines to cut along. The page behind each sheet holds
// the cards' backs, mirrored, so that cards printed double-sided and cut
// out show their number on the back and can be kept face down.
func (r *renderer) cardSection() {
	w, h := r.cardW, r.cardH
	for s, sheet := range r.sheets {
		r.cardPage(s == 0)
		for i, c := range sheet {
			cols := r.cardCols()
			x, y := side+float64(i%cols)*w, cardTop+float64(i/cols)*h
			r.cutLines(x, y, w, h)
			r.mark(c.anchor(), y)
			r.lay.pages[fmt.Sprintf("pef/%d/%d", c.e.number, c.index)] = r.f.PageNo()
			r.lay.cards = append(r.lay.cards, cardBox{card: c.number, entry: c.e.number, page: r.f.PageNo(), x: x, y: y, w: w, h: h})
			r.drawCard(c, x, y, w, h)
		}
		r.cardBacks(sheet, w, h)
	}
}

// cardBox is where a card was printed, for tests.
type cardBox struct {
	card, entry, page int
	x, y, w, h        float64
}

// cardBacks prints the backs of a sheet's cards on the next page, each
// behind its card when the sheet is printed on both sides (flipped on the
// long edge).
func (r *renderer) cardBacks(sheet []*card, w, h float64) {
	front := r.f.PageNo()
	r.newPage(r.cardsTitle() + ": backs")
	r.font("", 8.5)
	r.f.SetTextColor(80, 80, 80)
	r.f.SetXY(side, bodyTop)
	r.f.CellFormat(r.contentW(), 5, r.fit(fmt.Sprintf("The backs of the cards on page %d: printed double-sided, each card shows its number on the back.", front), r.contentW()), "", 0, "L", false, 0, "")
	r.ink()
	for i, c := range sheet {
		cols := r.cardCols()
		x, y := side+float64(cols-1-i%cols)*w, cardTop+float64(i/cols)*h
		r.cutLines(x, y, w, h)
		r.font("B", 26)
		r.f.SetXY(x, y+h/2-lh(26)/2-2)
		r.f.CellFormat(w, lh(26), "Card "+strconv.Itoa(c.number), "", 0, "C", false, 0, "")
		r.font("", 8)
		r.f.SetTextColor(80, 80, 80)
		r.f.SetXY(x+cardPad, y+h/2+lh(26)/2-1)
		r.f.CellFormat(w-2*cardPad, lh(8), r.fit("Sealed: read it only when its encounter sends you to it", w-2*cardPad), "", 0, "C", false, 0, "")
		r.f.SetXY(x+cardPad, y+h-cardPad-lh(7))
		r.font("", 7)
		r.f.CellFormat(w-2*cardPad, lh(7), r.fit(r.cov.printable(r.title()), w-2*cardPad), "", 0, "C", false, 0, "")
		r.ink()
	}
}

// cardHeight measures a card w wide.
func (r *renderer) cardHeight(c *card, w float64) float64 {
	return cardHeadH + 2*cardPad + r.cardFootH(c, w) + r.piecesHeight(r.cardPieces(c), w-2*cardPad)
}

// cardPieces is what a card says: its item's blocks, drawn as everywhere
// else. Which item it is goes in small print at the foot (cardFoot), so
// that the eye lands on nothing that names an encounter.
func (r *renderer) cardPieces(c *card) []piece {
	return r.pieces(c.item.Blocks, cardLook, 0, blockCtx{})
}

// cardFoot is the small print at a card's foot that names its entry and
// item, to check the card is the one you meant to read.
func (r *renderer) cardFoot(c *card) span {
	e, it := c.e, c.item
	return span{text: fmt.Sprintf("%s · %s (%d of %d) · %s, page %s.", e.name(), it.Title, it.Number, c.of, e.enc.Title, r.pageOf(e.anchor())), size: cardFootS, grey: true}
}

// cardFootH is the height of a card's foot: a gap, a hairline and the
// foot line.
func (r *renderer) cardFootH(c *card, w float64) float64 {
	return 2.5 + r.spanHeight(r.cardFoot(c), w-2*cardPad)
}

// cardPage starts a sheet of cards on a right-hand page.
func (r *renderer) cardPage(first bool) {
	r.startOn(false, r.cardsTitle())
	if first {
		r.mark("cards", bodyTop)
		r.bookmark(r.cardsTitle(), 0, bodyTop)
	}
	r.font("B", 9)
	r.f.SetXY(side, bodyTop)
	intro := r.cardsTitle() + ": read a card only when its encounter sends you to it. Cut along the dashed lines."
	r.f.CellFormat(r.contentW(), 5, r.fit(intro, r.contentW()), "", 0, "L", false, 0, "")
}

// cutLines draws the dashed lines around a card w × h at (x, y).
func (r *renderer) cutLines(x, y, w, h float64) {
	r.f.SetDrawColor(100, 100, 100)
	r.f.SetLineWidth(0.25)
	r.f.SetDashPattern([]float64{2, 1.5}, 0)
	r.f.Rect(x, y, w, h, "D")
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
	if c.item.Tag != "" {
		tag := strings.ToUpper(r.cov.printable(c.item.Tag))
		r.font("B", 8)
		tag = r.fit(tag, iw-r.f.GetStringWidth("Card 000")-8)
		tw := r.f.GetStringWidth(tag) + 3
		r.f.SetFillColor(0, 0, 0)
		r.f.SetTextColor(255, 255, 255)
		r.f.SetXY(ix+iw-tw, y+cardPad+0.5)
		r.f.CellFormat(tw, 5, tag, "", 0, "C", true, 0, "")
		r.record(tag)
		r.ink()
	}
	r.f.SetLineWidth(0.3)
	r.f.Line(ix, y+cardPad+cardHeadH-0.5, ix+iw, y+cardPad+cardHeadH-0.5)
	r.ink()
	footTop := y + h - cardPad - r.cardFootH(c, w)
	outer := r.fr
	r.fr = frame{x: ix, w: iw, top: y + cardPad + cardHeadH, y: y + cardPad + cardHeadH, bottom: footTop, brk: func() {}}
	r.flowPieces(r.cardPieces(c))
	if r.fr.y > footTop+0.01 {
		r.f.SetErrorf("card %d (entry %d, item %d) runs %.1f mm past its box", c.number, c.e.number, c.item.Number, r.fr.y-footTop)
	}
	r.f.SetDrawColor(170, 170, 170)
	r.f.SetLineWidth(0.15)
	r.f.Line(ix, footTop+1.5, ix+iw, footTop+1.5)
	r.ink()
	r.fr = frame{x: ix, w: iw, top: footTop + 2.5, y: footTop + 2.5, bottom: y + h - cardPad, brk: func() {}}
	r.flow(r.cardFoot(c))
	r.fr = outer
}
